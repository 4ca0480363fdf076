import Testing
import WeatherCore
@testable import WeatherAnalytics

/// Reported extremes and totals as the truth of days and windows (docs/VERIFICATION.md,
/// "Reported extremes"). Every value below is worked out by hand from the instants given.
struct ReportedTruthTests {
    let newYork = ZoneRule(zone: "America/New_York")

    func summarizer(tolerance: Double = 1) -> DailySummarizer {
        var o = AggregateOptions()
        o.dayWindowToleranceHours = tolerance
        return DailySummarizer(options: o, rule: newYork)
    }

    /// A daily summary row: extremes (and a total) over `hours` ending at `end`, no reading of its own.
    func summary(_ id: Int64, end: String, hours: Double, max: Double?, min: Double?, precip: Double? = nil) -> ObservationPoint {
        ObservationPoint(id: id, instant: at(end), tempC: nil, precipMm: precip, precipWindowH: precip == nil ? nil : hours,
                         reported: ReportedValues(tempMaxC: max, tempMinC: min, extremesWindowH: hours))
    }

    /// A climate day runs midnight to midnight local *standard* time. Around the spring change of
    /// 2024-03-10 in New York: the 9th (EST) is 05:00Z–05:00Z, the calendar day exactly; the 10th
    /// (23 h long, 05:00Z–04:00Z) against the climate day 05:00Z–05:00Z ends 1 h late; the 11th
    /// (EDT, 04:00Z–04:00Z) against 05:00Z–05:00Z — 01:00–01:00 EDT — starts and ends 1 h late.
    /// Within the default tolerance of 1 h all three are the days' truth; with 0 only the 9th is.
    @Test func climateDayInStandardTimeAcrossTheSpringChange() {
        let rows = [
            summary(1, end: "2024-03-10T05:00:00Z", hours: 24, max: 8.3, min: 1.1),
            summary(2, end: "2024-03-11T05:00:00Z", hours: 24, max: 10.6, min: 2.2),
            summary(3, end: "2024-03-12T05:00:00Z", hours: 24, max: 12.8, min: 3.9),
        ]
        let days = summarizer().summarize(locationID: "ny", rows)
        #expect(days.map(\.localDate) == ["2024-03-09", "2024-03-10", "2024-03-11"])
        #expect(days.map(\.tempMaxC) == [8.3, 10.6, 12.8] && days.map(\.tempMinC) == [1.1, 2.2, 3.9])
        #expect(days.allSatisfy { $0.complete && $0.truthBasis == "daily_summary" && $0.hoursCovered == 0 && $0.nObs == 1 })
        #expect(days.map(\.hoursInDay) == [24, 23, 24])

        let strict = summarizer(tolerance: 0).summarize(locationID: "ny", rows)
        #expect(strict.map(\.localDate) == ["2024-03-09"])
        #expect(strict.first?.tempMaxC == 8.3 && strict.first?.truthBasis == "daily_summary")
    }

    /// A local calendar day of 23 hours (Meteostat daily, ACIS) is a stated window of 23 h ending
    /// at the next local midnight: it matches the day exactly.
    @Test func calendarDayOf23Hours() {
        let days = summarizer(tolerance: 0).summarize(locationID: "ny", [summary(1, end: "2024-03-11T04:00:00Z", hours: 23, max: 9, min: 2)])
        #expect(days.map(\.localDate) == ["2024-03-10"] && days.first?.tempMaxC == 9 && days.first?.truthBasis == "daily_summary")
    }

    /// A cooperative observer's day ends at 07:00 (11:00Z in May): 07:00 the day before to 07:00
    /// misses midnight by 7 h, so it is no calendar day's truth — the readings make the day — but
    /// it is the truth of a window forecast for 07:00–07:00 (an AccuWeather day).
    @Test func coopDayEndingAt0700IsNotAMidnightDay() throws {
        let coop = SourceName(provider: "acis", product: "daily", station: "USC00305801")
        let readings = hourly(from: "2024-05-01T04:00:00Z", hours: 24, temp: { 10 + Double($0) / 2 })
        let points = readings + [summary(99, end: "2024-05-02T11:00:00Z", hours: 24, max: 25, min: 5)]
        let days = summarizer().summarize(locationID: "ny", points.sorted { $0.instant < $1.instant })
        let may1 = try #require(days.first { $0.localDate == "2024-05-01" })
        #expect(may1.tempMaxC == 21.5 && may1.tempMinC == 10 && may1.truthBasis == "hourly" && may1.nObs == 24)
        #expect(days.count == 1)  // the summary row makes no day of its own

        let truth = TruthSources(locationID: "ny", reference: [], allowSelfReference: false,
                                 series: [coop: [summary(99, end: "2024-05-02T11:00:00Z", hours: 24, max: 25, min: 5)]], days: [:])
        let f = WindowForecast(id: 1, provider: "accuweather", product: "daily", model: nil, locationID: "ny", period: "day",
                               issuedAt: at("2024-04-30T12:00:00Z"), validFrom: at("2024-05-01T11:00:00Z"),
                               validTo: at("2024-05-02T11:00:00Z"), tempMaxC: 24, tempMinC: 6)
        let r = ForecastPairer(options: AggregateOptions()).pairWindow(f, truth: truth, rule: newYork)
        #expect(r.pairs.map(\.observed) == [25, 5] && r.pairs.allSatisfy { $0.truthBasis == "daily_summary" })
    }

    /// The NYC day of the fixture `metar/own-knyc-metar-api-2026-05-14-six-hour-extremes.json`,
    /// in small: readings at :51 peak at 18.3 °C, the 6-hour maximum of 17:51–23:51Z says 18.9.
    /// The report at 05:51Z covers 23:51Z the evening before (19:51 EDT on the 13th): outside
    /// the day even with the tolerance, so its 12.0 °C minimum is not the day's.
    @Test func sixHourGroupsInsideTheDayRaiseTheHigh() throws {
        var points = hourly(from: "2026-05-14T04:51:00Z", hours: 24, temp: { $0 == 15 ? 18.3 : 14 })
        func six(_ k: Int, _ max: Double, _ min: Double) { points[k].reported = ReportedValues(tempMax6hC: max, tempMin6hC: min) }
        six(1, 16.7, 12.0)
        six(7, 13.9, 12.2)
        six(13, 17.8, 13.3)
        six(19, 18.9, 13.9)
        let d = try #require(summarizer().summarize(locationID: "ny", points).first { $0.localDate == "2026-05-14" })
        #expect(d.tempMaxC == 18.9 && d.tempMinC == 12.2 && d.truthBasis == "reported_6h" && d.complete)
    }

    /// Synoptic reports only (every 6 h, at 12, 18, 00 and 06Z) with 6-hour groups tiling
    /// 06:00Z–06:00Z, in winter 01:00–01:00 EST, 1 h from the day's midnights: the three readings
    /// of the day (06Z is 01:00 of the next) would not make it complete, the tiles do — 23 of its
    /// hours lie inside them (not 00:00–01:00).
    @Test func sixHourTilesCoverADayOfFourReadings() throws {
        let points = (0..<4).map { k in
            ObservationPoint(id: Int64(k), instant: at("2024-01-15T12:00:00Z") + Int64(k) * 6 * 3600, tempC: 2, precipMm: nil,
                             precipWindowH: nil, reported: ReportedValues(tempMax6hC: 3 + Double(k), tempMin6hC: -1 - Double(k)))
        }
        let d = try #require(summarizer().summarize(locationID: "ny", points).first { $0.localDate == "2024-01-15" })
        #expect(d.tempMaxC == 6 && d.tempMinC == -4 && d.truthBasis == "reported_6h" && d.complete && d.hoursCovered == 3)
        // Without the tiles the same four readings are an incomplete day.
        let bare = points.map { ObservationPoint(id: $0.id, instant: $0.instant, tempC: $0.tempC, precipMm: nil, precipWindowH: nil) }
        #expect(summarizer().summarize(locationID: "ny", bare).first?.complete == false)
    }

    /// A 24-hour report at 00:51 local (04:51Z in May) is 51 minutes from the day's midnights: the
    /// day's truth. Its high of 21 beats the readings' 19.5.
    @Test func twentyFourHourGroupAtMidnightIsTheDay() throws {
        var points = hourly(from: "2024-05-01T04:51:00Z", hours: 24, temp: { 8 + Double($0) / 2 })
        points.append(ObservationPoint(id: 50, instant: at("2024-05-02T04:51:00Z"), tempC: 12, precipMm: nil, precipWindowH: nil,
                                       reported: ReportedValues(tempMax24hC: 21, tempMin24hC: 7.5)))
        let d = try #require(summarizer().summarize(locationID: "ny", points).first { $0.localDate == "2024-05-01" })
        #expect(d.tempMaxC == 21 && d.tempMinC == 7.5 && d.truthBasis == "reported_24h")
        // The report's own reading belongs to May 2, where its 24 hours are not the day.
        let may2 = try #require(summarizer().summarize(locationID: "ny", points).first { $0.localDate == "2024-05-02" })
        #expect(may2.truthBasis == "hourly" && may2.tempMaxC == 12)
    }

    /// Hourly amounts of 0.5 mm in 6 hours (3.0 mm) and the day's reported total of 5.1 mm: the
    /// day is 5.1, not 8.1, and not spread over hours. A "since local midnight" counter of 14.5 h
    /// is no day and no hour: left out. A trace total is 0 mm.
    @Test func reportedDailyTotalIsUsedOnceAndLongWindowsNeverFillHours() throws {
        var points = hourly(from: "2024-05-01T10:00:00Z", hours: 6, temp: { _ in 15 }, precip: 0.5)
        points.append(ObservationPoint(id: 60, instant: at("2024-05-01T18:30:00Z"), tempC: 16, precipMm: 2.5, precipWindowH: 14.5))
        let hourlyOnly = try #require(summarizer().summarize(locationID: "ny", points).first)
        #expect(hourlyOnly.precipMm == 3 && hourlyOnly.precipHoursCovered == 6 && hourlyOnly.precipBasis == "hourly")

        points.append(summary(70, end: "2024-05-02T04:00:00Z", hours: 24, max: nil, min: nil, precip: 5.1))
        let days = summarizer().summarize(locationID: "ny", points.sorted { $0.instant < $1.instant })
        let d = try #require(days.first { $0.localDate == "2024-05-01" })
        #expect(d.precipMm == 5.1 && d.precipBasis == "reported_total" && d.precipComplete && d.precipHoursCovered == 24)
        #expect(d.truthBasis == "hourly" && d.tempMaxC == 16 && days.count == 1)

        let trace = summarizer().summarize(locationID: "ny", [summary(1, end: "2024-05-02T04:00:00Z", hours: 24, max: 20, min: 10, precip: 0)])
        #expect(trace.first?.precipMm == 0 && trace.first?.precipComplete == true && trace.first?.nObs == 1)
    }

    /// An NWS day period 06:00–18:00 EDT (10:00Z–22:00Z): the 6-hour windows 10:51–16:51Z and
    /// 16:51–22:51Z lie inside it widened by 1 h, so their maxima (23.4) are its high; the readings
    /// peak at 22.0.
    @Test func twelveHourPeriodTakesTheSixHourMaxima() throws {
        var points = hourly(from: "2024-05-01T09:51:00Z", hours: 14, temp: { $0 == 7 ? 22 : 18 })
        points[7].reported = ReportedValues(tempMax6hC: 21, tempMin6hC: 15)   // 16:51Z
        points[13].reported = ReportedValues(tempMax6hC: 23.4, tempMin6hC: 17)  // 22:51Z
        let knyc = SourceName(provider: "nws", product: "observations", station: "KNYC")
        let truth = TruthSources(locationID: "ny", reference: [], allowSelfReference: false, series: [knyc: points], days: [:],
                                 distanceKm: [knyc: 7.8])
        let f = WindowForecast(id: 1, provider: "nws", product: "forecast", model: nil, locationID: "ny", period: "12h",
                               issuedAt: at("2024-05-01T08:00:00Z"), validFrom: at("2024-05-01T10:00:00Z"),
                               validTo: at("2024-05-01T22:00:00Z"), periodHours: 12, tempMaxC: 24)
        let r = ForecastPairer(options: AggregateOptions()).pairWindow(f, truth: truth, rule: newYork)
        let p = try #require(r.pairs.first)
        #expect(r.pairs.count == 1 && p.observed == 23.4 && p.truthBasis == "reported_6h" && p.pairing == "window")
    }

    /// Without reported values nothing changes: the basis is `hourly`, as the readings made it.
    @Test func readingsAloneAreHourly() throws {
        let d = try #require(summarizer().summarize(locationID: "ny", hourly(from: "2024-05-01T04:00:00Z", hours: 24)).first)
        #expect(d.tempMaxC == 23 && d.tempMinC == 0 && d.truthBasis == "hourly" && d.precipBasis == nil)
    }
}
