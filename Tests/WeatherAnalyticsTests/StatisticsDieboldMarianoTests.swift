import Foundation
import Testing
@testable import WeatherAnalytics

/// The Diebold–Mariano test with the HLN correction, against an independent numpy/scipy
/// implementation (`Tests/dm_crosscheck.py`).
///
/// The expected numbers below were produced by `python3 Tests/dm_crosscheck.py` (numpy 2.4.6,
/// scipy 1.17.1) on the fixed series `a`, `b`, which equal FIXED_A and FIXED_B in that script;
/// rerun it to regenerate them. When python3 with scipy is present, `matchesScipyOnRandomSeries`
/// also runs the script live on random series.
struct StatisticsDieboldMarianoTests {
    typealias S = StatisticsTestSupport
    let a = [1.2, -0.8, 2.1, 0.4, -1.5, 0.9, 1.7, -0.3, 0.6, -2.2, 1.1, 0.2, -0.7, 1.9, -1.0, 0.5, 1.4, -0.6, 0.8, -1.3]
    let b = [1.9, -1.4, 2.5, 1.2, -2.1, 0.3, 2.6, -1.1, 1.5, -2.0, 1.8, -0.9, -1.6, 2.4, -0.4, 1.3, 2.2, -1.7, 0.1, -2.5]

    struct Expected: Sendable {
        var loss: ForecastLoss, h: Int
        var mean, variance, dm, hln, p, low, high: Double
        var lag0: Bool
    }

    static let scipy: [Expected] = [
        Expected(loss: .absolute, h: 1, mean: -0.515, variance: 0.015463750000000004, dm: -4.141425174203537, hln: -4.036561946737651,
                 p: 0.0007048036989774764, low: -0.7820360079303239, high: -0.24796399206967606, lag0: false),
        Expected(loss: .absolute, h: 2, mean: -0.515, variance: 0.004407625000000003, dm: -7.757198596059344, hln: -7.172787547403925,
                 p: 8.148911059450721e-07, low: -0.6652773337278629, high: -0.3647226662721371, lag0: false),
        Expected(loss: .absolute, h: 3, mean: -0.515, variance: 0.015463750000000004, dm: -4.141425174203537, hln: -3.6222676450323212,
                 p: 0.0018141452541699753, low: -0.812578062598039, high: -0.21742193740196109, lag0: true),
        Expected(loss: .squared, h: 1, mean: -1.5525000000000002, variance: 0.10312343750000001, dm: -4.8345150684959455,
                 hln: -4.712102412951, p: 0.0001517218812366682, low: -2.2420902422532283, high: -0.8629097577467724, lag0: false),
        Expected(loss: .squared, h: 2, mean: -1.5525000000000002, variance: 0.006232156249999998, dm: -19.66583731816286,
                 hln: -18.18425444162895, p: 1.7833683010164017e-13, low: -1.7311941474504478, high: -1.3738058525495527, lag0: false),
        Expected(loss: .squared, h: 3, mean: -1.5525000000000002, variance: 0.018764718749999985, dm: -11.333409449796699,
                 hln: -9.912684795952455, p: 6.060480349469184e-09, low: -1.8803042136269383, high: -1.224695786373062, lag0: false),
    ]

    @Test(arguments: scipy)
    func matchesScipyOnTheFixedSeries(_ e: Expected) throws {
        let r = try DieboldMariano.test(errorsA: a, errorsB: b, horizon: e.h, loss: e.loss).get()
        #expect(r.n == 20)
        #expect(S.close(r.meanLossDifference, e.mean))
        #expect(S.close(r.varianceOfMean, e.variance))
        #expect(S.close(r.dm, e.dm))
        #expect(S.close(r.hln, e.hln))
        #expect(S.close(r.pValue, e.p))
        #expect(S.close(r.interval.low, e.low))
        #expect(S.close(r.interval.high, e.high))
        #expect(r.usedLagZeroVariance == e.lag0)
    }

    /// By hand, n = 4, h = 1: d = |e_A| − |e_B| = (−1, 0, −2, −1), d̄ = −1, γ̂₀ = (0 + 1 + 1 + 0)/4 = 0.5,
    /// V = 0.125, DM = −1/√0.125 = −2√2; k = √((4 + 1 − 2)/4) = √0.75; HLN = −√6;
    /// p = 2 P(T₃ > √6) = 0.0917… (t₃ two-sided, x = 3/(3 + 6) = 1/3: I_{1/3}(1.5, 0.5)).
    @Test func handComputedSmallSeries() throws {
        let r = try DieboldMariano.test(errorsA: [1, -2, 1, 2], errorsB: [2, 2, -3, 3], horizon: 1, loss: .absolute).get()
        #expect(S.close(r.meanLossDifference, -1))
        #expect(S.close(r.meanLossA, 1.5) && S.close(r.meanLossB, 2.5))
        #expect(S.close(r.varianceOfMean, 0.125))
        #expect(S.close(r.dm, -2 * 2.0.squareRoot()))
        #expect(S.close(r.hln, -(6.0.squareRoot())))
        // Closed form for ν = 3: P(|T| > t) = 1 − (2/π)[atan(t/√3) + (t/√3)/(1 + t²/3)].
        let t = 6.0.squareRoot(), u = t / 3.0.squareRoot()
        #expect(S.close(r.pValue, 1 - (2 / Double.pi) * (atan(u) + u / (1 + u * u)), 1e-12))
    }

    @Test func signAndSymmetry() throws {
        let ab = try DieboldMariano.test(errorsA: a, errorsB: b, horizon: 1, loss: .squared).get()
        let ba = try DieboldMariano.test(errorsA: b, errorsB: a, horizon: 1, loss: .squared).get()
        #expect(ab.meanLossDifference < 0, "A has the smaller errors")
        #expect(S.close(ba.hln, -ab.hln) && S.close(ba.pValue, ab.pValue))
        #expect((ab.pValue < 0.05) == !ab.interval.contains(0), "the interval inverts the test")
    }

    @Test func unavailableCases() {
        #expect(throws: DieboldMarianoUnavailable.lengthMismatch(2, 3)) {
            try DieboldMariano.test(errorsA: [1, 2], errorsB: [1, 2, 3], horizon: 1, loss: .absolute).get()
        }
        #expect(throws: DieboldMarianoUnavailable.tooFewCases(n: 3, horizon: 3)) {
            try DieboldMariano.test(errorsA: [1, 2, 3], errorsB: [1, 2, 3], horizon: 3, loss: .absolute).get()
        }
        #expect(throws: DieboldMarianoUnavailable.constantLossDifference(-1)) {
            try DieboldMariano.test(errorsA: [1, 2, 3, 4], errorsB: [2, 3, 4, 5], horizon: 1, loss: .absolute).get()
        }
    }

    struct Reference: Decodable {
        struct DM: Decodable { var mean, `var`, dm, hln, p, low, high: Double; var lag0: Bool }
        struct T: Decodable { var cdf, p2, q975: Double }
        var dm: [DM]
        var t: [T]
    }

    /// Random series of several lengths, horizons and losses, and random t values, through the
    /// script and through Swift: agreement to 1e-9.
    @Test func matchesScipyOnRandomSeries() throws {
        var rng = Xoshiro256StarStar(seed: 2024)
        var dmCases: [[String: Any]] = [], tCases: [[String: Double]] = []
        var inputs: [(a: [Double], b: [Double], h: Int, loss: ForecastLoss)] = []
        for i in 0..<16 {
            let n = 6 + rng.nextIndex(below: 50), h = 1 + rng.nextIndex(below: 4)
            let ea = (0..<n).map { _ in (S.gaussian(&rng) * 1000).rounded() / 1000 }
            let eb = (0..<n).map { _ in (S.gaussian(&rng) * 1500 + 200).rounded() / 1000 }
            let loss: ForecastLoss = i % 2 == 0 ? .absolute : .squared
            inputs.append((ea, eb, h, loss))
            dmCases.append(["a": ea, "b": eb, "h": h, "loss": loss.rawValue])
        }
        let tInputs = (0..<20).map { _ in ((S.gaussian(&rng) * 3 * 1000).rounded() / 1000, Double(2 + rng.nextIndex(below: 60)) / 2) }
        for (t, df) in tInputs { tCases.append(["t": t, "df": df]) }
        let input = try JSONSerialization.data(withJSONObject: ["dm": dmCases, "t": tCases])
        guard let output = try S.runCrossCheck(input: input) else { return }  // the failure is recorded
        let reference = try JSONDecoder().decode(Reference.self, from: output)
        try #require(reference.dm.count == inputs.count && reference.t.count == tInputs.count)
        for (input, ref) in zip(inputs, reference.dm) {
            let r = try DieboldMariano.test(errorsA: input.a, errorsB: input.b, horizon: input.h, loss: input.loss).get()
            #expect(S.close(r.meanLossDifference, ref.mean) && S.close(r.varianceOfMean, ref.var) && S.close(r.hln, ref.hln))
            #expect(S.close(r.dm, ref.dm) && S.close(r.pValue, ref.p) && r.usedLagZeroVariance == ref.lag0)
            #expect(S.close(r.interval.low, ref.low) && S.close(r.interval.high, ref.high))
        }
        for ((t, df), ref) in zip(tInputs, reference.t) {
            let dist = StudentT(degreesOfFreedom: df)
            #expect(S.close(dist.cdf(t), ref.cdf) && S.close(dist.twoSidedP(t), ref.p2) && S.close(dist.quantile(0.975), ref.q975))
        }
        print("StatisticsDieboldMarianoTests: live scipy cross-check ran on \(inputs.count) DM series and \(tInputs.count) t values")
    }
}
