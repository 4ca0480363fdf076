import Testing
import WeatherCore
@testable import WeatherAnalytics

/// Window pairing (`"pairing": "window"`: a period that is not a local day, such as an NWS 12-hour
/// night from 18:00 to 06:00, matches no calendar day's extreme): a forecast of an extreme or a total over its own window, against
/// the truth source's readings inside `[valid_from, valid_to)`. Every value below is by hand.
struct WindowPairingTests {
    let rule = ZoneRule(zone: "America/New_York")
    static let knyc = SourceName(provider: "nws", product: "observations", station: "KNYC")

    /// Readings at `start`, `start + 1 h`, … (nil: no reading that hour).
    func readings(_ start: String, _ temps: [Double?]) -> [ObservationPoint] {
        temps.enumerated().compactMap { k, t in
            t.map { ObservationPoint(id: Int64(k), instant: at(start) + Int64(k) * 3600, tempC: $0, precipMm: nil, precipWindowH: nil) }
        }
    }

    func stationTruth(_ points: [ObservationPoint], options: AggregateOptions = AggregateOptions()) -> TruthSources {
        TruthSources(locationID: "ny", reference: options.reference, allowSelfReference: options.allowSelfReference,
                     series: [Self.knyc: points], days: [:], distanceKm: [Self.knyc: 7.8])
    }

    func halfDay(issued: String, from: String, to: String, max: Double? = nil, min: Double? = nil) -> WindowForecast {
        WindowForecast(id: 1, provider: "nws", product: "forecast", model: nil, locationID: "ny", period: "12h", issuedAt: at(issued),
                       validFrom: at(from), validTo: at(to), validAt: at(from), periodHours: Double(at(to) - at(from)) / 3600,
                       tempMaxC: max, tempMinC: min)
    }

    /// Night of 2024-05-01, 18:00–06:00 EDT = 22:00Z–10:00Z. KNYC at :51: 15.0, 14.2, 13.1, 12.5,
    /// 11.8, 11.0, 10.4, 9.9, 9.5, 9.7, 10.6, 12.0 → low 9.5 (at 06:51Z). The 7.5 at 21:51Z and
    /// the 8.0 at 10:51Z are outside the window. Forecast low 9.0 → error −0.5.
    @Test func nightPeriodLowIsTheLowestStationReadingInsideTheWindow() throws {
        let points = readings("2024-05-01T21:51:00Z", [7.5, 15.0, 14.2, 13.1, 12.5, 11.8, 11.0, 10.4, 9.9, 9.5, 9.7, 10.6, 12.0, 8.0])
        let f = halfDay(issued: "2024-05-01T08:10:00Z", from: "2024-05-01T22:00:00Z", to: "2024-05-02T10:00:00Z", min: 9.0)
        let r = ForecastPairer(options: AggregateOptions()).pairWindow(f, truth: stationTruth(points), rule: rule)
        #expect(r.exclusion == nil)
        let p = try #require(r.pairs.first)
        #expect(r.pairs.count == 1 && p.variable == "temp_min_c" && p.observed == 9.5 && p.error == -0.5)
        #expect(p.pairing == "window" && p.period == "12h" && p.truthProvider == "nws" && p.truthStation == "KNYC")
        // The night belongs to the evening it starts on; issued 04:10 EDT the same day: lead 0 days, 13.83 h to its start.
        #expect(p.targetDate == "2024-05-01" && p.leadDays == 0 && abs(p.leadHours - 13.8333) < 0.001)
    }

    /// Day of 2024-05-02, 06:00–18:00 EDT = 10:00Z–22:00Z: readings 11.0 … 21.4 … 17.0 → high 21.4.
    @Test func dayPeriodHighIsTheHighestReadingInsideTheWindow() throws {
        let temps: [Double?] = [25.0, 11.0, 12.5, 14.0, 16.2, 18.0, 19.9, 21.4, 21.1, 20.3, 19.0, 18.2, 17.0, 30.0]
        let points = readings("2024-05-02T09:51:00Z", temps)  // 25.0 at 09:51Z and 30.0 at 22:51Z are outside
        let f = halfDay(issued: "2024-05-01T08:10:00Z", from: "2024-05-02T10:00:00Z", to: "2024-05-02T22:00:00Z", max: 22)
        let r = ForecastPairer(options: AggregateOptions()).pairWindow(f, truth: stationTruth(points), rule: rule)
        let p = try #require(r.pairs.first)
        #expect(p.variable == "temp_max_c" && p.observed == 21.4 && abs(p.error - 0.6) < 1e-9 && p.leadDays == 1)
    }

    /// Coverage: 9 of the 12 hours with a reading is 75 %: covered. 8 of 12 is not: no pair, and
    /// the forecast is counted as `window_not_covered`.
    @Test func coverageRuleEdge() {
        let f = halfDay(issued: "2024-05-01T08:10:00Z", from: "2024-05-01T22:00:00Z", to: "2024-05-02T10:00:00Z", min: 9.0)
        let pairer = ForecastPairer(options: AggregateOptions())
        let nine = readings("2024-05-01T22:51:00Z", [15, 14, 13, nil, nil, nil, 11, 10, 9.5, 9.7, 10.6, 12])
        let covered = pairer.pairWindow(f, truth: stationTruth(nine), rule: rule)
        #expect(covered.pairs.map(\.observed) == [9.5] && covered.exclusion == nil)
        let eight = readings("2024-05-01T22:51:00Z", [15, 14, 13, nil, nil, nil, nil, 10, 9.5, 9.7, 10.6, 12])
        let short = pairer.pairWindow(f, truth: stationTruth(eight), rule: rule)
        #expect(short.pairs.isEmpty && short.exclusion == .windowNotCovered)
        // Two readings in one hour are one hour of coverage.
        let w = WindowTruth.over(readings("2024-05-01T22:10:00Z", [1, 2]) + readings("2024-05-01T22:40:00Z", [3]), source: Self.knyc,
                                 from: at("2024-05-01T22:00:00Z"), to: at("2024-05-02T10:00:00Z"))
        #expect(w.hours == 12 && w.tempHoursCovered == 2 && w.tempMaxC == 3 && w.tempMinC == 1)
        // A stricter window_min_coverage turns the nine-hour window away too.
        var strict = AggregateOptions()
        strict.windowMinCoverage = 0.8
        #expect(ForecastPairer(options: strict).pairWindow(f, truth: stationTruth(nine), rule: rule).exclusion == .windowNotCovered)
    }

    /// Precipitation over a 3-hour window needs all three hours: 0.4 + 1.1 + 0 = 1.5 mm; with an hour missing, no pair.
    @Test func precipitationNeedsEveryHourOfTheWindow() {
        func rain(_ amounts: [Double?]) -> [ObservationPoint] {
            amounts.enumerated().compactMap { k, mm in
                mm.map { ObservationPoint(id: Int64(k), instant: at("2024-05-01T10:00:00Z") + Int64(k + 1) * 3600, tempC: nil,
                                          precipMm: $0, precipWindowH: 1) }
            }
        }
        let f = WindowForecast(id: 1, provider: "openweathermap", product: "forecast5", model: nil, locationID: "ny", period: "3h",
                               issuedAt: at("2024-05-01T00:00:00Z"), validFrom: at("2024-05-01T10:00:00Z"),
                               validTo: at("2024-05-01T13:00:00Z"), validAt: at("2024-05-01T13:00:00Z"), precipMm: 2.0, precipProbPct: 60)
        let pairer = ForecastPairer(options: AggregateOptions())
        let full = pairer.pairWindow(f, truth: stationTruth(rain([0.4, 1.1, 0, 0.7])), rule: rule)
        #expect(full.pairs.map(\.observed) == [1.5] && full.pairs.first?.targetDate == nil && full.pairs.first?.leadDays == nil)
        #expect(full.pairs.first?.precipProbPct == 60 && full.pairs.first?.variable == "precip_mm")
        let gap = pairer.pairWindow(f, truth: stationTruth(rain([0.4, nil, 0])), rule: rule)
        #expect(gap.pairs.isEmpty && gap.exclusion == .windowNotCovered)
    }

    /// A collector polling every 10 minutes: two 1-hour amounts for the hour 10:00–11:00, ending
    /// 10:40 (centred 10:10) and 11:10 (centred 10:40); the one centred nearer 10:30 (2.0 mm) counts.
    @Test func ofTwoAmountsForOneHourTheOneCentredNearestCounts() {
        let points = [ObservationPoint(id: 1, instant: at("2024-05-01T10:40:00Z"), tempC: nil, precipMm: 1.0, precipWindowH: 1),
                      ObservationPoint(id: 2, instant: at("2024-05-01T11:10:00Z"), tempC: nil, precipMm: 2.0, precipWindowH: 1)]
        let w = WindowTruth.over(points, source: Self.knyc, from: at("2024-05-01T10:00:00Z"), to: at("2024-05-01T11:00:00Z"))
        #expect(w.precipHoursCovered == 1 && w.precipMm == 2.0 && w.precipCovered)
    }

    /// A first period cut short (04:00–06:00 EDT, 2 h) is not scored; a spring-forward night
    /// (18:00 EST – 06:00 EDT, 11 h) is whole.
    @Test func truncatedFirstPeriodIsExcludedButAShortDSTNightIsNot() {
        let short = halfDay(issued: "2024-05-01T08:10:00Z", from: "2024-05-01T08:00:00Z", to: "2024-05-01T10:00:00Z", min: 9)
        let r = ForecastPairer(options: AggregateOptions()).pairWindow(short, truth: stationTruth(readings("2024-05-01T08:30:00Z", [10, 9])), rule: rule)
        #expect(r.pairs.isEmpty && r.exclusion == .truncatedPeriod)
        let dst = halfDay(issued: "2024-03-09T12:00:00Z", from: "2024-03-09T23:00:00Z", to: "2024-03-10T10:00:00Z", min: 0)
        #expect(dst.periodHours == 11 && !ForecastPairer.isTruncated(dst, rule))
    }

    /// With a `reference`, its order wins over the station tier; without, a station beats a provider product.
    @Test func windowTruthOrder() {
        let owm = SourceName(provider: "openweathermap", product: "current")
        let points = readings("2024-05-01T22:51:00Z", Array(repeating: 10, count: 12))
        let t = TruthSources(locationID: "ny", reference: [], allowSelfReference: false, series: [Self.knyc: points, owm: points],
                             days: [:], distanceKm: [Self.knyc: 7.8])
        #expect(t.windowCandidates(forProvider: "nws", product: "forecast") == [Self.knyc, owm])
        let named = TruthSources(locationID: "ny", reference: ["openweathermap/current", "nws/observations"], allowSelfReference: false,
                                 series: [Self.knyc: points, owm: points], days: [:], distanceKm: [Self.knyc: 7.8])
        #expect(named.windowCandidates(forProvider: "nws", product: "forecast") == [owm, Self.knyc])
    }

    @Test func pairingPerProviderAndLabel() {
        var o = AggregateOptions()
        #expect(o.pairing(provider: "nws", product: "forecast") == .calendarDay && o.pairingLabel == "calendar_day")
        o.providerPairing = ["open-meteo": .window, "open-meteo/archive": .calendarDay]
        #expect(o.pairing(provider: "open-meteo", product: "forecast") == .window)
        #expect(o.pairing(provider: "open-meteo", product: "archive") == .calendarDay)
        #expect(o.pairingLabel == "calendar_day; window: open-meteo")
    }
}
