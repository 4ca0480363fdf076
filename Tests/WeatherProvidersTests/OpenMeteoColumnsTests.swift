import Testing
@testable import WeatherProviders

/// The array-indexed columns of an Open-Meteo block: positions are the variables' own, and
/// models are kept apart (no behaviour of the dictionaries they replace is lost).
struct OpenMeteoColumnsTests {
    @Test func positionsAreTheOrderOfAllCases() {
        for (k, variable) in OpenMeteoVariable.allCases.enumerated() {
            #expect(variable.position == k, "\(variable)")
        }
    }

    @Test func columnsAreKeptPerModelAndVariable() {
        var block = OpenMeteoDecoder.Block()
        block.columns.set([1, nil, 3], for: .temp, model: nil)
        block.columns.set([10], for: .temp, model: "icon_d2")
        block.columns.set([5, 6], for: .windSpeed, model: nil)
        block.columns.set([2, nil, 4], for: .temp, model: nil)   // replaces
        #expect(block.value(.temp, model: nil, 2) == 4)
        #expect(block.value(.temp, model: nil, 1) == nil)
        #expect(block.value(.temp, model: "icon_d2", 0) == 10)
        #expect(block.value(.temp, model: "icon_d2", 1) == nil, "past the column's end")
        #expect(block.value(.windSpeed, model: "icon_d2", 0) == nil)
        #expect(block.value(.humidity, model: nil, 0) == nil)
        #expect(block.columns.keys == [nil, "icon_d2"])
        #expect(block.columns[nil]?.values.count == 2)
    }
}
