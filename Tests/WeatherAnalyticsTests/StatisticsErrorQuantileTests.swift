import Testing
@testable import WeatherAnalytics

/// Quantiles of |error| and bias by observed tercile.
struct StatisticsErrorQuantileTests {
    typealias S = StatisticsTestSupport

    /// |errors| sorted: 0, 0.5, 1, 1, 1.5, 2, 2, 3, 4, 6. Type 7: median at h = 4.5 → 1.5 + 0.5·0.5 = 1.75;
    /// 90th percentile at h = 8.1 → 4 + 0.1·2 = 4.2.
    @Test func medianAndP90ByHand() throws {
        let q = try #require(ErrorQuantiles(errors: [-3, 1, -0.5, 2, 4, 0, -1, 6, -2, 1.5]))
        #expect(q.n == 10)
        #expect(S.close(q.medianAbsError, 1.75) && S.close(q.p90AbsError, 4.2))
        #expect(ErrorQuantiles(errors: []) == nil)
        #expect(ErrorQuantiles(errors: [-2])?.p90AbsError == 2)
    }

    /// Observed 1…9: cut points Q(1/3) = 3.67 and Q(2/3) = 6.33 split them 3/3/3; forecasts too
    /// high by 2 on the low third, right in the middle, too low by 1.5 on the top third.
    @Test func terciles() throws {
        let pairs: [(forecast: Double, observed: Double)] = (1...9).map { o in
            let obs = Double(o)
            return (obs + (o <= 3 ? 2 : (o <= 6 ? 0 : -1.5)), obs)
        }
        let c = try #require(ConditionalBias(pairs.shuffled()))
        #expect(S.close(c.lowerCut, 11.0 / 3) && S.close(c.upperCut, 19.0 / 3))
        #expect(c.terciles.map(\.n) == [3, 3, 3])
        #expect(c.terciles.map(\.tercile) == [.lower, .middle, .upper])
        #expect(S.close(c.terciles[0].bias, 2) && S.close(c.terciles[1].bias, 0) && S.close(c.terciles[2].bias, -1.5))
    }

    /// Six dry days of nine: both cut points near 0, the ties fill the lower group and the middle is empty.
    @Test func tiesGoToTheLowerGroup() throws {
        let observed: [Double] = [0, 0, 0, 0, 0, 0, 1, 2, 3]
        let c = try #require(ConditionalBias(observed.map { (forecast: $0 + 0.5, observed: $0) }))
        #expect(c.lowerCut == 0 && S.close(c.upperCut, 1.0 / 3))
        #expect(c.terciles.map(\.n) == [6, 0, 3])
        #expect(c.terciles[1].bias == nil && S.close(c.terciles[0].bias, 0.5))
        #expect(ConditionalBias([(1, 1), (2, 2)]) == nil)
    }
}
