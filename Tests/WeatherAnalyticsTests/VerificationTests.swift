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

struct VerificationTests {
    let rules = ["ny": ZoneRule(zone: "America/New_York")]

    @Test func leadDaysFollowTheLocalDateOfIssue() {
        // Issued 2024-05-01T03:30Z = 2024-04-30 23:30 EDT; target 2024-05-01 (EDT day): lead 1, not 0.
        let daily = ["ny\u{0}2024-05-01": day("ny", "2024-05-01")]
        let f = dayForecast(1, issued: "2024-05-01T03:30:00Z", from: "2024-05-01T04:00:00Z", to: "2024-05-02T04:00:00Z")
        let pairs = ForecastPairer(options: AggregateOptions()).pairDays([f], daily: daily, rules: rules)
        #expect(pairs.count == 3)
        #expect(pairs.allSatisfy { $0.leadDays == 1 && $0.targetDate == "2024-05-01" })
        let g = dayForecast(2, issued: "2024-05-01T04:30:00Z", from: "2024-05-01T04:00:00Z", to: "2024-05-02T04:00:00Z")
        #expect(ForecastPairer(options: AggregateOptions()).pairDays([g], daily: daily, rules: rules).allSatisfy { $0.leadDays == 0 })
        let maxPair = pairs.first { $0.variable == "temp_max_c" }!
        #expect(maxPair.forecast == 21 && maxPair.observed == 20 && maxPair.error == 1)
    }

    @Test func incompleteDaysAreLeftOutUnlessAsked() {
        let daily = ["ny\u{0}2024-05-01": day("ny", "2024-05-01", complete: false)]
        let f = dayForecast(1, issued: "2024-04-30T12:00:00Z", from: "2024-05-01T04:00:00Z", to: "2024-05-02T04:00:00Z")
        #expect(ForecastPairer(options: AggregateOptions()).pairDays([f], daily: daily, rules: rules).isEmpty)
        var o = AggregateOptions()
        o.includeIncompleteDays = true
        #expect(ForecastPairer(options: o).pairDays([f], daily: daily, rules: rules).count == 3)
    }

    @Test func missingRainIsNotPairedAndPastDaysAreNotForecasts() {
        let daily = ["ny\u{0}2024-05-01": day("ny", "2024-05-01", precip: nil)]
        let f = dayForecast(1, issued: "2024-04-30T12:00:00Z", from: "2024-05-01T04:00:00Z", to: "2024-05-02T04:00:00Z")
        #expect(ForecastPairer(options: AggregateOptions()).pairDays([f], daily: daily, rules: rules).map(\.variable) == ["temp_max_c", "temp_min_c"])
        let past = dayForecast(2, issued: "2024-05-02T12:00:00Z", from: "2024-05-01T04:00:00Z", to: "2024-05-02T04:00:00Z")
        #expect(ForecastPairer(options: AggregateOptions()).pairDays([past], daily: daily, rules: rules).isEmpty)
    }

    @Test func hourlyPairsTakeTheNearestObservationWithinTheWindow() {
        let obs: [String: [(Int64, Double, Int64)]] = ["ny": [(at("2024-05-01T11:40:00Z"), 10, 1), (at("2024-05-01T12:20:00Z"), 12, 2),
                                                               (at("2024-05-01T15:00:00Z"), 15, 3)]]
        func forecast(_ validAt: String, lead: Double = 5) -> PointForecast {
            PointForecast(id: 9, provider: "p", product: "x", model: nil, locationID: "ny", period: "hour",
                          issuedAt: at("2024-05-01T06:00:00Z"), validAt: at(validAt), leadHours: lead, tempC: 11)
        }
        let pairer = ForecastPairer(options: AggregateOptions())
        let p = pairer.pairHours([forecast("2024-05-01T12:00:00Z")], observations: obs)
        #expect(p.count == 1 && p[0].observationID == 1 && p[0].observed == 10)  // a tie (20 min each way): the earlier wins
        #expect(pairer.pairHours([forecast("2024-05-01T13:30:00Z")], observations: obs).isEmpty)  // 70 min away
        #expect(pairer.pairHours([forecast("2024-05-01T14:30:00Z")], observations: obs).first?.observationID == 3)
        #expect(pairer.pairHours([forecast("2024-05-01T12:00:00Z", lead: -1)], observations: obs).isEmpty)
        #expect(ForecastPair.leadBin(5.9) == "0-6" && ForecastPair.leadBin(6) == "6-12" && ForecastPair.leadBin(130) == "120+")
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

