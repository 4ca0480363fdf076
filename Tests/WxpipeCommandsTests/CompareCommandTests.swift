import Testing
import WeatherAnalytics
@testable import WxpipeCommands

/// `wxpipe compare`'s options parse into a `ComparisonFilter`; wrong ones are usage errors.
struct CompareCommandTests {
    @Test func parsesSourcesAndFilters() throws {
        let c = try CompareCommand.parse(["--db", "w.sqlite", "open-meteo/forecast", "weatherkit/weather", "--variable", "temp_max_c",
                                          "--lead", "1", "--location", "london"])
        #expect(c.store == "w.sqlite")
        #expect(c.filter == ComparisonFilter(sources: ["open-meteo/forecast", "weatherkit/weather"], variable: "temp_max_c",
                                             leadDays: 1, location: "london"))
        #expect(try CompareCommand.parse(["--db", "w"]).filter == ComparisonFilter())
        #expect(try CompareCommand.parse(["--db", "w", "a/b/m", "c/d"]).filter.sources == ["a/b/m", "c/d"])
    }

    @Test func refusesWhatCannotBeCompared() {
        #expect(throws: UsageError.self) { try CompareCommand.parse(["open-meteo/forecast", "weatherkit/weather"]) }  // no --db
        #expect(throws: UsageError.self) { try CompareCommand.parse(["--db", "w", "open-meteo/forecast"]) }  // one source
        #expect(throws: UsageError.self) { try CompareCommand.parse(["--db", "w", "openmeteo", "weatherkit/weather"]) }
        #expect(throws: UsageError.self) { try CompareCommand.parse(["--db", "w", "--lead", "1.5"]) }
        #expect(throws: UsageError.self) { try CompareCommand.parse(["--db", "w", "--lead", "-1"]) }
        #expect(CompareCommand.usage == "wxpipe compare --db FILE [--variable V] [--lead DAYS] [--location ID] [A B]")
    }
}
