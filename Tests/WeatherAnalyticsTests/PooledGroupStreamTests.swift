import Testing
import WeatherCore
import WeatherStore
@testable import WeatherAnalytics

/// A large pooled group's detail columns gathered as its pairs stream by (`PooledGroupStream`)
/// must be those of the group's list of pairs, to the last bit: the same draws, order statistics
/// and sums taken in the same order.
struct PooledGroupStreamTests {
    /// Values at 0.1 °C like the stores hold (many ties), errors of every sign, a few dates.
    static func pairs(count: Int, seed: UInt64) -> [ScoredPair] {
        var rng = Xoshiro256StarStar(seed: seed)
        return (0..<count).map { k in
            let observed = Double(rng.nextIndex(below: 300)) / 10 - 5
            let forecast = observed + Double(rng.nextIndex(below: 81)) / 10 - 4
            let day = 1 + (k * 7 / count) + rng.nextIndex(below: 2)
            return ScoredPair(locationID: "loc-\(k % 3)", date: "2024-0\(1 + day / 5)-1\(day % 5)", issuedAt: Int64(k * 3600),
                              leadDays: nil, forecast: forecast, observed: observed, probability: nil)
        }
    }

    @Test(arguments: [2, 3, 10, 997, 5000])
    func streamedDetailsEqualThoseOfTheList(count: Int) {
        let pairs = Self.pairs(count: count, seed: UInt64(count))
        let key = ScoreKey(provider: "open-meteo", product: "forecast", model: "", variable: "temp_c", lead: .hours(bin: "24-48"))
        #expect(PooledGroupStream.streams(key))
        var observed: [Double: Int] = [:]
        for p in pairs { observed[p.observed, default: 0] += 1 }
        var stream = PooledGroupStream(observed: observed)
        for p in pairs { stream.add(p) }
        var options = AggregateOptions()
        options.bootstrap.samples = 200
        let details = ScoreDetails(options: options, baselines: BaselineRecord(), rules: [:])
        let fromList = details.row(key, pairs), fromStream = details.row(key, stream)
        #expect(fromStream.intervals == fromList.intervals)
        #expect(fromStream.quantiles == fromList.quantiles)
        #expect(fromStream.terciles == fromList.terciles)
        #expect(fromList.skill == nil && fromStream.skill == nil && fromStream.brier == nil)
    }

    /// Day leads (skill against the baselines) and precipitation (contingency, Brier) keep their pairs.
    @Test func dayLeadsAndPrecipitationAreNotStreamed() {
        #expect(!PooledGroupStream.streams(ScoreKey(provider: "p", product: "q", model: "", variable: "temp_max_c", lead: .days(1))))
        #expect(!PooledGroupStream.streams(ScoreKey(provider: "p", product: "q", model: "", variable: "precip_mm", lead: .hours(bin: "0-6"))))
    }

    /// Counts per value stand for the sorted sample: 1, 1, 1, 2, 5, 5 (n = 6). Type 7 at p = 0.5:
    /// h = 2.5 → 1 + 0.5·(2 − 1) = 1.5; at 0.9: h = 4.5 → 5; at 0: 1; at 1: 5.
    @Test func sortedCountsQuantilesByHand() throws {
        let s = SortedCounts([5: 2, 1: 3, 2: 1])
        #expect(s.count == 6)
        #expect(s.type7(0.5) == 1.5 && s.type7(0.9) == 5 && s.type7(0) == 1 && s.type7(1) == 5)
        #expect(SortedCounts([:]).type7(0.5) == nil)
        let sample = [3.2, -1, 0.5, 0.5, 7, 3.2, 3.2, 0]
        var counts: [Double: Int] = [:]
        for v in sample { counts[v, default: 0] += 1 }
        for p in [0.1, 1.0 / 3, 0.5, 2.0 / 3, 0.9] { #expect(SortedCounts(counts).type7(p) == Quantile.type7(sample, p)) }
    }
}

/// The observed values the writer counts as it writes (`PairWriter.observedCounts`) are what a
/// read of the written table counts (`ObservedCounts.read`, which `merge-scores` uses): the
/// streamed groups only, each pooled over its locations, whatever order the groups come in.
struct WrittenObservedCountsTests {
    @Test func theWritersCountsAreTheTablesCounts() throws {
        let db = try Database(path: ":memory:")
        try db.execute("PRAGMA foreign_keys=OFF")
        try db.execute(DerivedSchema.sql)
        let writer = try PairWriter(database: db, thresholdMm: 0.2)
        func pair(_ location: String, _ variable: String, lead: Double, days: Int? = nil, model: String? = nil,
                  _ observed: Double) -> ForecastPair {
            ForecastPair(provider: "p", product: "x", model: model, locationID: location, variable: variable,
                         period: days == nil ? "hour" : "day", targetDate: days == nil ? nil : "2024-05-01",
                         validAt: days == nil ? 1_714_521_600 + Int64(lead * 3600) : nil, issuedAt: 1_714_521_600, leadDays: days,
                         leadHours: lead, forecast: observed + 1, observed: observed, precipProbPct: nil, forecastID: 1, observationID: nil)
        }
        // Two locations, groups interleaved and revisited, a day lead and precipitation (not streamed), a model.
        let pairs = [pair("a", "temp_c", lead: 3, 1.5), pair("a", "temp_c", lead: 4, 1.5), pair("a", "temp_c", lead: 30, 2),
                     pair("a", "temp_c", lead: 5, -0.5), pair("a", "precip_mm", lead: 3, 0), pair("a", "temp_max_c", lead: 24, days: 1, 9),
                     pair("b", "temp_c", lead: 3, 1.5), pair("b", "temp_c", lead: 3, model: "m", 1.5), pair("b", "temp_c", lead: 30, 7)]
        for p in pairs { try writer.write(p) }
        try writer.write(pair("b", "temp_c", lead: 3, 99), excludedBecause: .partialHindcast)
        try writer.finish()
        let read = try ObservedCounts.read(db)
        #expect(writer.observedCounts == read)
        #expect(read.count == 3)
        let zeroToSix = ScoreKey(provider: "p", product: "x", model: "", variable: "temp_c", lead: .hours(bin: "0-6"))
        #expect(read[zeroToSix] == [1.5: 3, -0.5: 1])
    }
}
