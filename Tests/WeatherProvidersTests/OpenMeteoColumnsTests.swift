import Testing
@testable import WeatherProviders

/// The array-indexed columns of an Open-Meteo block: columns are the variables' own, and
/// models are kept apart (no behaviour of the dictionaries they replace is lost).
struct OpenMeteoColumnsTests {
    @Test func columnsAreTheOrderOfAllCases() {
        for (k, variable) in OpenMeteoVariable.allCases.enumerated() {
            #expect(variable.column == k && variable.row.variable == variable, "\(variable)")
        }
    }

    /// One row per variable, and no reply name belongs to two variables.
    @Test func theTableHasOneRowPerVariableAndNamesAreUnique() {
        #expect(OpenMeteoVariable.table.count == OpenMeteoVariable.allCases.count)
        #expect(Set(OpenMeteoVariable.table.map(\.variable)).count == OpenMeteoVariable.allCases.count)
        let names = OpenMeteoVariable.table.flatMap { $0.names + $0.exactNames }
        #expect(Set(names).count == names.count)
    }

    /// Units are converted with the shared factors (`Convert`), exactly as written before.
    @Test func unitConversionsUseTheSharedFactors() throws {
        let snowInches = try #require(OpenMeteoVariable.snowfall.converter(unit: "inch"))
        let snowMm = try #require(OpenMeteoVariable.snowfallSum.converter(unit: " mm "))
        let feet = try #require(OpenMeteoVariable.visibility.converter(unit: "ft"))
        #expect(snowInches(2) == 2 * 2.54 && snowMm(25) == 2.5 && feet(1000) == 1000 * 0.3048)
        #expect(OpenMeteoVariable.temp.converter(unit: "K") == nil && OpenMeteoVariable.humidity.converter(unit: "°C") == nil)
        let suffixed = try #require(OpenMeteoVariable.parse("temperature_2m_icon_d2"))
        #expect(suffixed.0 == .temp && suffixed.model == "icon_d2")
        let legacy = try #require(OpenMeteoVariable.parse("temperature"))
        #expect(legacy.0 == .temp && legacy.model == nil && OpenMeteoVariable.parse("temperature_80m") == nil)
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
