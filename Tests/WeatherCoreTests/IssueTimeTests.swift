import Testing
import WeatherCore

/// `IssueTime.fromName`: timestamps in file and member names (docs/PROVIDERS.md, Issue time).
struct IssueTimeTests {
    static let sixAM: Int64 = 1_714_543_200  // 2024-05-01T06:00:00Z

    @Test(arguments: [
        "london-2024-05-01T06-00-00Z.json", "2024-05-01T06:00:00Z-london.json.gz", "cron/2024-05-01T06-00Z-london.json",
        "20240501T0600Z.json", "20240501T060000Z.json", "reply-1714543200.json", "archive/x/2024-05-01_0600.json",
    ])
    func namesWithAnInstant(name: String) {
        #expect(IssueTime.fromName(name) == Self.sixAM, "\(name)")
    }

    @Test func wallClockNamesAreReadInTheZoneGiven() {
        // docs/PROVIDERS.md: 2023-10-09_2100.json in America/New_York is 2023-10-10T01:00Z.
        #expect(IssueTime.fromName("2023-10-09_2100.json", zone: "America/New_York") == UTCTime.parseISO8601("2023-10-10T01:00:00Z"))
        // A name ending in Z and a Unix time stay UTC whatever the zone.
        #expect(IssueTime.fromName("2024-05-01T06-00-00Z.json", zone: "America/New_York") == Self.sixAM)
        #expect(IssueTime.fromName("1714543200.json", zone: "Australia/Sydney") == Self.sixAM)
        // London in May is UTC+1.
        #expect(IssueTime.fromName("2024-05-01_0700.json", zone: "Europe/London") == Self.sixAM)
    }

    @Test(arguments: ["london.json", "sydney-2024-05-01.ndjson", "id-17145432001.json", "2024-13-01T06-00-00Z.json",
                      "1978-05-01T06-00-00Z.json", "2024-05-01T24-00-00Z.json", "0283996799.json"])
    func namesWithoutOne(name: String) {
        #expect(IssueTime.fromName(name) == nil, "\(name)")
    }

    @Test func onlyTheLastPathComponentCounts() {
        #expect(IssueTime.fromName("2024-05-01T06-00-00Z/reply.json") == nil)
        #expect(IssueTime.fromName("folder-1714543200/2024-05-01T07-00-00Z.json") == Self.sixAM + 3600)
    }
}
