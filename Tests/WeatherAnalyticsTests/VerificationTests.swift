import Testing
import WeatherCore
@testable import WeatherAnalytics

func day(_ loc: String, _ date: String, max: Double? = 20, min: Double? = 10, precip: Double? = 1, complete: Bool = true) -> DailyObserved {
    DailyObserved(locationID: loc, localDate: date, tempMaxC: max, tempMinC: min, tempMeanC: nil, nObs: 24, hoursCovered: complete ? 24 : 10,
                  hoursInDay: 24, complete: complete, precipMm: precip, precipHoursCovered: complete ? 24 : 10, precipComplete: complete)
}

func dayForecast(_ id: Int64, issued: String, from: String, to: String, max: Double? = 21, min: Double? = 9,
                 precip: Double? = 1.5, prob: Double? = nil, provider: String = "p") -> DayForecast {
    DayForecast(id: id, provider: provider, product: "x", model: nil, locationID: "ny", issuedAt: at(issued), validFrom: at(from),
                validTo: at(to), tempMaxC: max, tempMinC: min, precipMm: precip, precipProbPct: prob)
}

/// The truth at "ny" from one source, `obs/station`, with these days and hourly points.
func truth(days: [DailyObserved] = [], points: [ObservationPoint] = [], options: AggregateOptions = AggregateOptions()) -> TruthSources {
    let source = SourceName(provider: "obs", product: "station")
    return TruthSources(locationID: "ny", reference: options.reference, allowSelfReference: options.allowSelfReference,
                        series: [source: points], days: [source: days])
}

struct VerificationTests {
    let rule = ZoneRule(zone: "America/New_York")

    @Test func leadDaysFollowTheLocalDateOfIssue() {
        // Issued 2024-05-01T03:30Z = 2024-04-30 23:30 EDT; target 2024-05-01 (EDT day): lead 1, not 0.
        let t = truth(days: [day("ny", "2024-05-01")])
        let f = dayForecast(1, issued: "2024-05-01T03:30:00Z", from: "2024-05-01T04:00:00Z", to: "2024-05-02T04:00:00Z")
        let result = ForecastPairer(options: AggregateOptions()).pairDay(f, truth: t, rule: rule)
        #expect(result.pairs.count == 3 && result.exclusion == nil)
        #expect(result.pairs.allSatisfy { $0.leadDays == 1 && $0.targetDate == "2024-05-01" && $0.truthProvider == "obs" })
        let maxPair = result.pairs.first { $0.variable == "temp_max_c" }!
        #expect(maxPair.forecast == 21 && maxPair.observed == 20 && maxPair.error == 1)
    }

    @Test func incompleteDaysAreLeftOutUnlessAsked() {
        let t = truth(days: [day("ny", "2024-05-01", complete: false)])
        let f = dayForecast(1, issued: "2024-04-30T12:00:00Z", from: "2024-05-01T04:00:00Z", to: "2024-05-02T04:00:00Z")
        #expect(ForecastPairer(options: AggregateOptions()).pairDay(f, truth: t, rule: rule).pairs.isEmpty)
        var o = AggregateOptions()
        o.includeIncompleteDays = true
        #expect(ForecastPairer(options: o).pairDay(f, truth: t, rule: rule).pairs.count == 3)
    }

    @Test func missingRainIsNotPairedAndPastDaysAreNotForecasts() {
        let t = truth(days: [day("ny", "2024-05-01", precip: nil)])
        let pairer = ForecastPairer(options: AggregateOptions())
        let f = dayForecast(1, issued: "2024-04-30T12:00:00Z", from: "2024-05-01T04:00:00Z", to: "2024-05-02T04:00:00Z")
        #expect(pairer.pairDay(f, truth: t, rule: rule).pairs.map(\.variable) == ["temp_max_c", "temp_min_c"])
        let past = dayForecast(2, issued: "2024-05-02T12:00:00Z", from: "2024-05-01T04:00:00Z", to: "2024-05-02T04:00:00Z")
        let r = pairer.pairDay(past, truth: t, rule: rule)
        #expect(r.pairs.isEmpty && r.exclusion == .pastPeriod)
    }

    @Test func hourlyPairsTakeTheNearestObservationWithinTheWindow() {
        let t = truth(days: [day("ny", "2024-05-01")],
                      points: [ObservationPoint(id: 1, instant: at("2024-05-01T11:40:00Z"), tempC: 10, precipMm: nil, precipWindowH: nil),
                               ObservationPoint(id: 2, instant: at("2024-05-01T12:20:00Z"), tempC: 12, precipMm: nil, precipWindowH: nil),
                               ObservationPoint(id: 3, instant: at("2024-05-01T15:00:00Z"), tempC: 15, precipMm: nil, precipWindowH: nil)])
        func forecast(_ validAt: String, issued: String = "2024-05-01T06:00:00Z") -> PointForecast {
            PointForecast(id: 9, provider: "p", product: "x", model: nil, locationID: "ny", period: "hour",
                          issuedAt: at(issued), validFrom: at(validAt) - 3600, validAt: at(validAt), tempC: 11)
        }
        let pairer = ForecastPairer(options: AggregateOptions())
        let p = pairer.pairHour(forecast("2024-05-01T12:00:00Z"), truth: t, rule: rule).pairs
        #expect(p.count == 1 && p[0].observationID == 1 && p[0].observed == 10)  // a tie (20 min each way): the earlier wins
        #expect(p[0].leadHours == 6)
        #expect(pairer.pairHour(forecast("2024-05-01T13:30:00Z"), truth: t, rule: rule).pairs.isEmpty)  // 70 min away
        #expect(pairer.pairHour(forecast("2024-05-01T14:30:00Z"), truth: t, rule: rule).pairs.first?.observationID == 3)
        #expect(pairer.pairHour(forecast("2024-05-01T12:00:00Z", issued: "2024-05-01T13:00:00Z"), truth: t, rule: rule).exclusion == .pastPeriod)
        #expect(ForecastPair.leadBin(5.9) == "0-6" && ForecastPair.leadBin(6) == "6-12" && ForecastPair.leadBin(130) == "120-168")
        // Days 8 to 15 of a 16-day product: 7 × 24 = 168 h, 10 × 24 = 240 h, 15 × 24 = 360 h.
        #expect(ForecastPair.leadBin(167.9) == "120-168" && ForecastPair.leadBin(168) == "168-240")
        #expect(ForecastPair.leadBin(239) == "168-240" && ForecastPair.leadBin(240) == "240-360")
        #expect(ForecastPair.leadBin(359.5) == "240-360" && ForecastPair.leadBin(360) == "360+" && ForecastPair.leadBin(384) == "360+")
        #expect(ForecastPair.leadBin(-1) == nil)
    }

    func precipPair(_ f: Double, _ o: Double, prob: Double? = nil) -> ForecastPair {
        ForecastPair(provider: "p", product: "x", model: nil, locationID: "l", variable: "precip_mm", period: "day", targetDate: "2024-05-01",
                     validAt: nil, issuedAt: 0, leadDays: 1, leadHours: 24, forecast: f, observed: o, precipProbPct: prob, forecastID: 1, observationID: nil)
    }

    @Test func contingencyAtTheThresholdEdges() {
        var s = ScoreSums()
        for p in [precipPair(0.2, 0.2), precipPair(0.19, 0.2), precipPair(0.2, 0.19), precipPair(0, 0), precipPair(5, 3)] {
            s.add(p, thresholdMm: 0.2)
        }
        #expect(s.hits == 2 && s.misses == 1 && s.falseAlarms == 1 && s.correctNegatives == 1)
        #expect(s.pod == 2.0 / 3 && s.far == 1.0 / 3 && s.csi == 0.5 && s.frequencyBias == 1)
    }

    @Test func brierScore() {
        var s = ScoreSums()
        s.add(precipPair(1, 1, prob: 70), thresholdMm: 0.2)    // (0.7 − 1)² = 0.09
        s.add(precipPair(0, 0, prob: 20), thresholdMm: 0.2)    // (0.2 − 0)² = 0.04
        s.add(precipPair(0, 0), thresholdMm: 0.2)              // no probability: not in the Brier score
        #expect(abs(s.brier! - 0.065) < 1e-12)
        #expect(s.nBrier == 2)
    }

    @Test func continuousScoresByHand() {
        // Errors +1, −1, +3 → bias 1, MAE 5/3, RMSE √(11/3), SD √(11/3 − 1).
        var s = ScoreSums()
        for (f, o) in [(21.0, 20.0), (19.0, 20.0), (23.0, 20.0)] {
            s.add(ForecastPair(provider: "p", product: "x", model: nil, locationID: "l", variable: "temp_max_c", period: "day",
                               targetDate: "2024-05-01", validAt: nil, issuedAt: 0, leadDays: 1, leadHours: 24, forecast: f,
                               observed: o, precipProbPct: nil, forecastID: 1, observationID: nil), thresholdMm: 0.2)
        }
        #expect(s.bias == 1)
        #expect(abs(s.mae! - 5.0 / 3) < 1e-12)
        #expect(abs(s.rmse! - (11.0 / 3).squareRoot()) < 1e-12)
        #expect(abs(s.errorSD! - (11.0 / 3 - 1).squareRoot()) < 1e-12)
        #expect(abs(s.within2Pct! - 200.0 / 3) < 1e-9)
    }

    @Test func mergingSumsOfTwoHalvesEqualsScoringTheWhole() {
        var pairs: [ForecastPair] = []
        for k in 0..<40 {
            let f: Double = Double(k % 7) * 0.3
            let o: Double = Double(k % 5) * 0.25
            let prob: Double = Double(k * 2 % 100)
            pairs.append(precipPair(f, o, prob: prob))
        }
        var whole = ScoreSums(), first = ScoreSums(), second = ScoreSums()
        for (k, p) in pairs.enumerated() {
            whole.add(p, thresholdMm: 0.2)
            if k < 17 { first.add(p, thresholdMm: 0.2) } else { second.add(p, thresholdMm: 0.2) }
        }
        let merged = first + second
        #expect(merged.n == whole.n && merged.hits == whole.hits && merged.nBrier == whole.nBrier)
        #expect(abs(merged.rmse! - whole.rmse!) < 1e-12)
        #expect(abs(merged.mae! - whole.mae!) < 1e-12)
        #expect(abs(merged.brier! - whole.brier!) < 1e-12)
    }
}

