import Testing
@testable import WeatherAnalytics

/// The reliability table and the Murphy decomposition of the Brier score.
struct StatisticsBrierTests {
    typealias S = StatisticsTestSupport

    /// Ten forecasts, every bin holding a single probability:
    /// 0.1 × 4 (1 event), 0.3 × 2 (1 event), 0.7 × 2 (2 events), 0.9 × 2 (1 event); ō = 0.5.
    /// BS = (0.81 + 3·0.01 + 0.49 + 0.09 + 2·0.09 + 0.01 + 0.81)/10 = 0.242;
    /// REL = (4·0.15² + 2·0.2² + 2·0.3² + 2·0.4²)/10 = 0.067; RES = (4·0.25² + 2·0.5²)/10 = 0.075; UNC = 0.25.
    @Test func binConstantForecastsDecomposeExactly() throws {
        let p = [0.1, 0.1, 0.1, 0.1, 0.3, 0.3, 0.7, 0.7, 0.9, 0.9]
        let o = [true, false, false, false, true, false, true, true, true, false]
        let d = try #require(BrierDecomposition(probabilities: p, outcomes: o))
        #expect(d.n == 10)
        #expect(S.close(d.brierScore, 0.242, 1e-12))
        #expect(S.close(d.reliability, 0.067, 1e-12))
        #expect(S.close(d.resolution, 0.075, 1e-12))
        #expect(S.close(d.uncertainty, 0.25, 1e-12))
        #expect(S.close(d.reliability - d.resolution + d.uncertainty, d.brierScore, 1e-12))
        #expect(abs(d.withinBinVariance) < 1e-15 && abs(d.withinBinCovariance) < 1e-15)
        #expect(S.close(d.brierSkillScore, 1 - 0.242 / 0.25, 1e-12))
        #expect(d.baseRate == 0.5)
        #expect(d.bins.count == 10)
        #expect(d.bins.map(\.count) == [0, 4, 0, 2, 0, 0, 0, 2, 0, 2])
        #expect(d.bins[1].meanForecast.map { S.close($0, 0.1) } == true && d.bins[1].observedFrequency == 0.25)
        #expect(d.bins[7].observedFrequency == 1 && d.bins[9].observedFrequency == 0.5)
        #expect(d.bins[0].meanForecast == nil && d.bins[0].observedFrequency == nil)
        #expect(d.bins[3].lower == 0.3 && d.bins[3].upper == 0.4)
    }

    /// Two forecasts in one bin, 0.12 (event) and 0.18 (no event): f̄ = 0.15, ō_k = ō = 0.5.
    /// BS = (0.88² + 0.18²)/2 = 0.4034; REL = 0.35² = 0.1225; RES = 0; UNC = 0.25;
    /// WBV = 0.03² = 0.0009; WBC = −(2/2)[(−0.03)(0.5) + (0.03)(−0.5)] = 0.03. The sum is BS.
    @Test func withinBinTermsByHand() throws {
        let d = try #require(BrierDecomposition(probabilities: [0.12, 0.18], outcomes: [true, false]))
        #expect(S.close(d.brierScore, 0.4034, 1e-12))
        #expect(S.close(d.reliability, 0.1225, 1e-12))
        #expect(abs(d.resolution) < 1e-15)
        #expect(S.close(d.withinBinVariance, 0.0009, 1e-12))
        #expect(S.close(d.withinBinCovariance, 0.03, 1e-12))
        #expect(!S.close(d.reliability - d.resolution + d.uncertainty, d.brierScore, 1e-6), "the three terms alone miss")
    }

    @Test func fiveTermsAlwaysAddUpToTheBrierScore() throws {
        var rng = Xoshiro256StarStar(seed: 31)
        for _ in 0..<20 {
            let p = (0..<200).map { _ in rng.nextUnitDouble() }
            let o = p.map { rng.nextUnitDouble() < $0 * 0.8 + 0.05 }
            let d = try #require(BrierDecomposition(probabilities: p, outcomes: o))
            let direct = zip(p, o).map { ($0 - ($1 ? 1 : 0)) * ($0 - ($1 ? 1 : 0)) }.reduce(0, +) / 200
            #expect(S.close(d.brierScore, direct, 1e-12))
            let sum = d.reliability - d.resolution + d.uncertainty + d.withinBinVariance + d.withinBinCovariance
            #expect(S.close(sum, d.brierScore, 1e-12))
        }
    }

    @Test func degenerateSamples() {
        #expect(BrierDecomposition(probabilities: [], outcomes: []) == nil)
        let allRain = BrierDecomposition(probabilities: [0.6, 0.9], outcomes: [true, true])!
        #expect(allRain.uncertainty == 0 && allRain.brierSkillScore == nil)
    }

    /// Every whole percentage k/100 lands in bin ⌊k/10⌋, 100 % in the last bin.
    @Test func percentagesLandInTheirBins() {
        for k in 0...100 {
            #expect(BrierDecomposition.binIndex(Double(k) / 100, binCount: 10) == min(k / 10, 9), "\(k) %")
        }
        #expect(BrierDecomposition.binIndex(-0.1, binCount: 10) == 0 && BrierDecomposition.binIndex(1.2, binCount: 10) == 9)
    }
}
