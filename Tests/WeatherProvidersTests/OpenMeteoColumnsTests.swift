import Testing
import WeatherCore
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

    @Test func aRowHasValuesWhenAnyColumnHasOne() {
        var block = OpenMeteoDecoder.Block()
        block.columns.set([nil, 1, nil], for: .temp, model: nil)
        block.columns.set([nil, nil, nil, 2], for: .windSpeed, model: nil)
        let columns = block.columns(of: nil)
        #expect(!columns.hasValue(at: 0) && columns.hasValue(at: 1) && !columns.hasValue(at: 2) && columns.hasValue(at: 3))
        #expect(!columns.hasValue(at: 4), "past every column's end")
        #expect(!block.columns(of: "icon_d2").hasValue(at: 1), "a model the block does not have")
    }

    /// The byte reader of the common time layout gives what the general parser gives, and
    /// declines (nil) whatever it does not read, which then takes the general path.
    @Test func theCommonTimeLayoutIsReadAsTheGeneralParserReadsIt() {
        let texts = ["2025-05-10T12:45", "1850-01-01T00:00", "2099-12-31T23:59", "2024-02-29T24:00", "2023-02-31T10:00",
                     "2025-13-10T12:45", "2025-00-10T12:45", "2025-05-00T12:45", "2025-05-32T12:45", "2025-05-10T25:00",
                     "2025-05-10T12:60", "2025-05-10 12:45", "2025-05-10T12:4x", "2025/05/10T12:45", "-025-05-10T12:45",
                     "2025-05-10T12:45:00", "2025-05-10", "2025-05-10T1:45", "+025-05-10T12:45"]
        for text in texts {
            let bytes = Array(text.utf8)
            let fast = bytes.withUnsafeBufferPointer { OpenMeteoDecoder.Context.localMinute($0) }
            if let fast { #expect(fast == UTCTime.parseISO8601(text, assumingOffset: 0), "\(text)") }
        }
        let common = ["2025-05-10T12:45", "1850-01-01T00:00", "2099-12-31T23:59", "2024-02-29T24:00"]
        #expect(common.allSatisfy { t in Array(t.utf8).withUnsafeBufferPointer { OpenMeteoDecoder.Context.localMinute($0) } != nil })
    }

    /// The byte test that goes before `hasPrefix(name + "_")` is true whenever that is.
    @Test func theNamePrefixTestNeverMissesAPrefix() {
        let keys = ["temperature_2m_icon_d2", "temperature_2m", "temperature_2m_", "temperature_2mx_icon", "cloud_cover_low",
                    "temperature_2m_\u{301}icon", "temperature", "wind_speed_10m_gfs_seamless", "precipitation_probability", "x"]
        for key in keys {
            for (name, _, _) in OpenMeteoVariable.byName where key.hasPrefix(name + "_") {
                #expect(OpenMeteoVariable.startsWithNameAndUnderscore(key, name), "\(key) / \(name)")
            }
        }
        #expect(!OpenMeteoVariable.startsWithNameAndUnderscore("temperature_2m", "temperature_2m"))
        #expect(OpenMeteoVariable.parse("temperature_2m_icon_d2")?.model == "icon_d2")
        #expect(OpenMeteoVariable.parse("cloud_cover_low")?.model == nil)
    }
}
