import Testing
import WeatherCore
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
