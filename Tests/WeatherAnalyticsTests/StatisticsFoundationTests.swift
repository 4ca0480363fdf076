import Foundation
import Testing
@testable import WeatherAnalytics

/// The building blocks: seeded generators, stable seeds, type-7 quantiles, Student's t.
struct StatisticsFoundationTests {
    typealias S = StatisticsTestSupport

    /// SplitMix64's published test vector (seed 1234567), and xoshiro256** seeded through it,
    /// checked against a direct transcription of the reference C code (Python, outside the repo).
    @Test func generatorsMatchReferenceOutputs() {
        var mix = SplitMix64(seed: 1_234_567)
        #expect([mix.next(), mix.next(), mix.next()] == [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423])
        var xo = Xoshiro256StarStar(seed: 42)
        #expect([xo.next(), xo.next(), xo.next()] == [1_546_998_764_402_558_742, 6_990_951_692_964_543_102, 12_544_586_762_248_559_009])
    }

    @Test func indicesAreInRangeAndRoughlyUniform() {
        var rng = Xoshiro256StarStar(seed: 7)
        var counts = [Int](repeating: 0, count: 7)
        for _ in 0..<70_000 { counts[rng.nextIndex(below: 7)] += 1 }
        #expect(counts.allSatisfy { abs($0 - 10_000) < 400 }, "\(counts)")
        for _ in 0..<1000 {
            let u = rng.nextUnitDouble()
            #expect(u >= 0 && u < 1)
        }
        #expect(rng.nextIndex(below: 1) == 0)
    }

    /// FNV-1a 64 test vectors (offset basis for "", and the published values of "a", "foobar").
    @Test func stableSeedsAreFNV1a() {
        #expect(StableSeed.fnv1a("") == 0xCBF2_9CE4_8422_2325)
        #expect(StableSeed.fnv1a("a") == 0xAF63_DC4C_8601_EC8C)
        #expect(StableSeed.fnv1a("foobar") == 0x8594_4171_F739_67E8)
    }

    /// Values R's `quantile(type = 7)` and NumPy's `percentile` give for 1…10 and a short sample.
    @Test func type7Quantiles() {
        let x = (1...10).map(Double.init)
        #expect(Quantile.type7(x, 0.5) == 5.5)
        #expect(S.close(Quantile.type7(x, 0.9), 9.1))
        #expect(S.close(Quantile.type7(x, 0.025), 1.225))
        #expect(Quantile.type7(x, 0) == 1 && Quantile.type7(x, 1) == 10)
        #expect(S.close(Quantile.type7([3, 1, 2, 10], 0.75), 4.75))
        #expect(Quantile.type7([4], 0.3) == 4)
        #expect(Quantile.type7([], 0.5) == nil)
    }

    /// Closed forms: ν = 1 is Cauchy, F(t) = ½ + atan(t)/π; ν = 2 has F(t) = ½ + t/(2√(2 + t²)).
    @Test(arguments: [-30.0, -3, -1, -0.2, 0, 0.5, 2, 12.7, 100])
    func studentTMatchesClosedForms(_ t: Double) {
        #expect(S.close(StudentT(degreesOfFreedom: 1).cdf(t), 0.5 + atan(t) / Double.pi, 1e-13))
        #expect(S.close(StudentT(degreesOfFreedom: 2).cdf(t), 0.5 + t / (2 * (2 + t * t).squareRoot()), 1e-13))
        #expect(S.close(StudentT(degreesOfFreedom: 2).twoSidedP(t), 1 - abs(t) / (2 + t * t).squareRoot(), 1e-13))
    }

    /// Critical values t_{ν, p} (as printed by scipy.stats.t.ppf), and the normal limit for large ν.
    @Test func studentTQuantiles() {
        #expect(S.close(StudentT(degreesOfFreedom: 1).quantile(0.975), 12.706204736174694, 1e-11))
        #expect(S.close(StudentT(degreesOfFreedom: 10).quantile(0.975), 2.228138851986274, 1e-11))
        #expect(S.close(StudentT(degreesOfFreedom: 30).quantile(0.025), -2.042272456301238, 1e-11))
        #expect(abs(StudentT(degreesOfFreedom: 1e6).quantile(0.975) - 1.959963984540054) < 1e-5)
        #expect(StudentT(degreesOfFreedom: 5).quantile(0.5) == 0)
    }

    /// I_x(a, b) at points with closed forms: I_x(a, 1) = x^a, I_x(1, b) = 1 − (1 − x)^b, I_½(a, a) = ½.
    @Test func incompleteBetaClosedForms() {
        #expect(S.close(IncompleteBeta.regularized(x: 0.3, a: 2.5, b: 1), pow(0.3, 2.5), 1e-13))
        #expect(S.close(IncompleteBeta.regularized(x: 0.8, a: 1, b: 3.5), 1 - pow(0.2, 3.5), 1e-13))
        #expect(S.close(IncompleteBeta.regularized(x: 0.5, a: 7.25, b: 7.25), 0.5, 1e-13))
        #expect(IncompleteBeta.regularized(x: 0, a: 2, b: 2) == 0 && IncompleteBeta.regularized(x: 1, a: 2, b: 2) == 1)
    }
}
