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
        #expect(throws: UsageError.self) { try CompareCommand.parse(["--db", "w", "--lead", "24-47"]) }
        #expect(throws: UsageError.self) { try CompareCommand.parse(["--db", "w", "--p-adjustment", "bonferroni"]) }
        #expect(throws: UsageError.self) { try CompareCommand.parse(["--db", "w", "--issue-alignment-hours", "-1"]) }
        #expect(CompareCommand.usage == "wxpipe compare --db FILE [--variable V] [--lead DAYS|BIN] [--location ID] [--all] "
                + "[--issue-alignment-hours H] [--p-adjustment METHOD] [A B]")
    }

    /// An hour bin as the lead (with or without its h), the settings only when given.
    @Test func parsesHourBinsAndComparisonSettings() throws {
        #expect(try CompareCommand.parse(["--db", "w", "--lead", "24-48"]).filter == ComparisonFilter(leadBin: "24-48"))
        let last = try #require(ForecastPair.leadBins.last).0
        #expect(try CompareCommand.parse(["--db", "w", "--lead", last + "h"]).filter == ComparisonFilter(leadBin: last))
        let plain = try CompareCommand.parse(["--db", "w"])
        #expect(plain.issueAlignmentHours == nil && plain.pAdjustment == nil && !plain.listAll)
        let given = try CompareCommand.parse(["--db", "w", "--issue-alignment-hours", "6", "--p-adjustment", "bh", "--all"])
        #expect(given.issueAlignmentHours == 6 && given.pAdjustment == .bh && given.listAll)
        #expect(try RankCommand.parse(["--db", "w", "--format", "csv", "--lead", "2"]).filter == ComparisonFilter(leadDays: 2))
        #expect(throws: UsageError.self) { try RankCommand.parse(["--db", "w", "--format", "xml"]) }
        #expect(throws: UsageError.self) { try RankCommand.parse(["--db", "w", "extra"]) }
    }
}
