import Testing
import WeatherCore
@testable import WeatherAnalytics

func at(_ iso: String) -> Int64 { UTCTime.parseISO8601(iso)! }

func hourly(from start: String, hours: Int, temp: (Int) -> Double = { Double($0) }, precip: Double? = nil) -> [ObservationPoint] {
    (0..<hours).map { h in
        ObservationPoint(id: Int64(h), instant: at(start) + Int64(h) * 3600, tempC: temp(h), precipMm: precip,
                         precipWindowH: precip == nil ? nil : 1)
    }
}

struct DailySummarizerTests {
    let london = DailySummarizer(options: AggregateOptions(), rule: ZoneRule(zone: "Europe/London"))

    @Test func springForwardDayHas23Hours() {
        // 2024-03-31: clocks go 01:00 GMT → 02:00 BST. Local day = 2024-03-31T00:00Z … 23:00Z.
        let days = london.summarize(locationID: "l", hourly(from: "2024-03-31T00:00:00Z", hours: 23))
        let d = days.first { $0.localDate == "2024-03-31" }!
        #expect(d.hoursInDay == 23)
        #expect(d.hoursCovered == 23)
        #expect(d.complete)
        #expect(d.tempMaxC == 22 && d.tempMinC == 0 && d.tempMeanC == 11)
        #expect(days.count == 1)
    }

    @Test func fallBackDayHas25HoursAndTheRepeatedHourCountsTwice() {
        // 2024-10-27: BST → GMT at 02:00 BST (01:00Z). Local day = 2024-10-26T23:00Z … 2024-10-28T00:00Z.
        let days = london.summarize(locationID: "l", hourly(from: "2024-10-26T23:00:00Z", hours: 25))
        let d = days.first { $0.localDate == "2024-10-27" }!
        #expect(d.hoursInDay == 25)
        #expect(d.hoursCovered == 25)
        #expect(d.nObs == 25)
        #expect(days.count == 1)
    }

    @Test func halfHourZone() {
        // Kolkata is UTC+05:30: the local day 2024-05-01 runs 2024-04-30T18:30Z … 2024-05-01T18:30Z.
        let s = DailySummarizer(options: AggregateOptions(), rule: ZoneRule(zone: "Asia/Kolkata"))
        let days = s.summarize(locationID: "k", hourly(from: "2024-04-30T18:00:00Z", hours: 26))
        // 18:00Z is 23:30 local on 04-30; 19:00Z … 18:00Z (24 readings) fall on 05-01; 19:00Z next is 05-02.
        #expect(days.map(\.localDate) == ["2024-04-30", "2024-05-01", "2024-05-02"])
        #expect(days[1].nObs == 24 && days[1].hoursCovered == 24 && days[1].complete)
        #expect(days[0].nObs == 1 && !days[0].complete)
    }

    @Test func fixedOffsetWithoutZone() {
        let s = DailySummarizer(options: AggregateOptions(), rule: ZoneRule(zone: nil, fixedOffset: -4 * 3600))
        let days = s.summarize(locationID: "n", hourly(from: "2024-05-01T04:00:00Z", hours: 24))
        #expect(days.map(\.localDate) == ["2024-05-01"])
        #expect(days[0].hoursInDay == 24)
    }

    @Test func meanIsOfHourlyMeans() {
        // Three readings in one hour (10, 10, 10) and one in the next (20): mean of hourly means = 15, not 12.5.
        let pts = [0, 600, 1200].map { ObservationPoint(id: 0, instant: at("2024-05-01T10:00:00Z") + Int64($0), tempC: 10, precipMm: nil, precipWindowH: nil) }
            + [ObservationPoint(id: 1, instant: at("2024-05-01T11:00:00Z"), tempC: 20, precipMm: nil, precipWindowH: nil)]
        let d = DailySummarizer(options: AggregateOptions(), rule: ZoneRule(zone: "UTC")).summarize(locationID: "x", pts)[0]
        #expect(d.tempMeanC == 15)
        #expect(d.hoursCovered == 2 && d.nObs == 4 && !d.complete)
    }

    @Test func coverageThresholdIsConfigurable() {
        var o = AggregateOptions()
        o.dailyMinCoverage = 0.5
        let s = DailySummarizer(options: o, rule: ZoneRule(zone: "UTC"))
        #expect(s.summarize(locationID: "x", hourly(from: "2024-05-01T00:00:00Z", hours: 12))[0].complete)
        #expect(!s.summarize(locationID: "x", hourly(from: "2024-05-01T00:00:00Z", hours: 11))[0].complete)
        // Default 0.75 × 24 = 18 hours.
        let d = DailySummarizer(options: AggregateOptions(), rule: ZoneRule(zone: "UTC"))
        #expect(d.summarize(locationID: "x", hourly(from: "2024-05-01T00:00:00Z", hours: 18))[0].complete)
        #expect(!d.summarize(locationID: "x", hourly(from: "2024-05-01T00:00:00Z", hours: 17))[0].complete)
    }
}

struct PrecipitationTests {
    let utc = DailySummarizer(options: AggregateOptions(), rule: ZoneRule(zone: "UTC"))

    func window(_ end: String, _ hours: Double, _ mm: Double?) -> ObservationPoint {
        ObservationPoint(id: 0, instant: at(end), tempC: nil, precipMm: mm, precipWindowH: mm == nil ? nil : hours)
    }

    @Test func missingIsNullZeroIsZero() {
        let none = utc.summarize(locationID: "x", [window("2024-05-01T10:00:00Z", 1, nil)])[0]
        #expect(none.precipMm == nil && none.precipHoursCovered == 0)
        let zero = utc.summarize(locationID: "x", [window("2024-05-01T10:00:00Z", 1, 0)])[0]
        #expect(zero.precipMm == 0 && zero.precipHoursCovered == 1)
    }

    @Test func oneHourWindowsWinOverThreeHourWindows() {
        // 3 mm over 09:00–12:00 and 0.5 mm over 10:00–11:00: hours 09–10 and 11–12 get 1 mm each
        // from the 3-hour window, 10–11 gets the 1-hour value. Total 2.5 mm over 3 hours.
        for order in [[0, 1], [1, 0]] {
            let pts = [window("2024-05-01T12:00:00Z", 3, 3), window("2024-05-01T11:00:00Z", 1, 0.5)]
            let d = utc.summarize(locationID: "x", order.map { pts[$0] })[0]
            #expect(d.precipMm == 2.5, "order \(order)")
            #expect(d.precipHoursCovered == 3)
        }
    }

    @Test func overlappingThreeHourWindowsCountEachHourOnce() {
        // rain.3h every hour (a rolling sum): each clock hour is filled once.
        let pts = (0..<6).map { window(UTCTime.iso8601(at("2024-05-01T03:00:00Z") + Int64($0) * 3600), 3, 3) }
        let d = utc.summarize(locationID: "x", pts)[0]
        #expect(d.precipHoursCovered == 8)   // 00:00–08:00
        #expect(d.precipMm == 8)             // 1 mm per hour
    }

    @Test func pollingEveryTenMinutesCountsTheHourOnce() {
        // rain.1h reported at 10:50, 11:00 and 11:10: all three windows are centred in the 10:00
        // hour, which is counted once, with the window that matches it best (ending 11:00).
        let pts = [window("2024-05-01T10:50:00Z", 1, 1.0), window("2024-05-01T11:00:00Z", 1, 1.2), window("2024-05-01T11:10:00Z", 1, 1.4)]
        let d = utc.summarize(locationID: "x", pts)[0]
        #expect(d.precipMm == 1.2 && d.precipHoursCovered == 1)
    }

    @Test func windowCrossingMidnightBelongsToTheDateOfItsMidpoint() {
        // 3 mm over 22:30–01:30: midpoint 00:00 → 2024-05-02. Over 22:00–01:00: midpoint 23:30 → 2024-05-01.
        let a = utc.summarize(locationID: "x", [window("2024-05-02T01:00:00Z", 3, 3)]).filter { $0.precipMm != nil }
        #expect(a.map(\.localDate) == ["2024-05-01"])
        #expect(a[0].precipMm == 3 && a[0].precipHoursCovered == 3)
        let b = utc.summarize(locationID: "x", [window("2024-05-02T01:30:00Z", 3, 3)])
        #expect(b.filter { $0.precipMm != nil }.map(\.localDate) == ["2024-05-02"])
    }

    @Test func monthlyTotalsFromDaysWithData() {
        let days = utc.summarize(locationID: "x", [window("2024-02-10T10:00:00Z", 1, 2), window("2024-02-11T10:00:00Z", 1, 0),
                                                   window("2024-03-01T10:00:00Z", 1, 4)])
        let months = RainfallMonth.from(days)
        #expect(months.map(\.month) == ["2024-02", "2024-03"])
        #expect(months[0].precipMm == 2 && months[0].daysWithData == 2 && months[0].daysInMonth == 29 && !months[0].complete)
        #expect(months[1].precipMm == 4 && months[1].daysInMonth == 31)
    }
}
