import Foundation
import Testing
@testable import WeatherAnalytics

/// The effective sample size and the minimum detectable difference (`EffectiveSampleSize`):
/// by hand, and the power the difference promises against a simulation.
struct StatisticsEffectiveSampleSizeTests {
    typealias S = StatisticsTestSupport

    /// x = 1, 2, 3, 4: mean 2.5, γ̂₀ = (2.25 + 0.25 + 0.25 + 2.25)/4 = 1.25,
    /// γ̂₁ = (0.75 − 0.25 + 0.75)/4 = 0.3125, ρ₁ = 0.25, n_eff = 4 · 0.75/1.25 = 2.4.
    /// An alternating series has ρ₁ < 0, clamped to 0: n_eff = n. A constant one has no ρ₁: n.
    @Test func effectiveSizeByHand() {
        #expect(S.close(EffectiveSampleSize.lag1Autocorrelation([1, 2, 3, 4]), 0.25, 1e-12))
        #expect(S.close(EffectiveSampleSize.of([1, 2, 3, 4]), 2.4, 1e-12))
        #expect(EffectiveSampleSize.of([1, -1, 1, -1]) == 4)
        #expect(EffectiveSampleSize.of([2, 2, 2]) == 3)
        #expect(EffectiveSampleSize.of([5, 6]) == 2)
        #expect(S.close(EffectiveSampleSize.standardDeviation([1, 2, 3, 4]), 1.25.squareRoot(), 1e-12))
    }

    /// sd 2, n_eff 16, α = 0.05, power 0.8: (1.959964 + 0.841621) · 2 / 4 = 1.400793.
    @Test func minimumDetectableDifferenceByHand() {
        #expect(S.close(StandardNormal.quantile(0.975), 1.959963984540054, 1e-12))
        #expect(S.close(StandardNormal.quantile(0.8), 0.8416212335729143, 1e-12))
        #expect(S.close(StandardNormal.quantile(0.5), 0, 1e-12))
        #expect(S.close(EffectiveSampleSize.minimumDetectableDifference(sd: 2, effectiveN: 16, alpha: 0.05), 1.4007926090564842, 1e-12))
        #expect(EffectiveSampleSize.minimumDetectableDifference([1, 1, 1, 1], alpha: 0.05) == nil)
        #expect(EffectiveSampleSize.minimumDetectableDifference([1], alpha: 0.05) == nil)
    }

    /// The promise behind `mdd`: AR(1) loss differences (ρ = 0.5, 300 days) whose true mean is the
    /// mdd of the process (its stationary sd and n (1 − ρ)/(1 + ρ)) are found significant by the
    /// test the mdd assumes — |d̄| / (sd(d)/√n_eff) > z₁₋α/₂ with sd and n_eff estimated from
    /// each series — in about 80 % of 2000 simulated samples (accepted: 75–85 %), at α = 0.05
    /// and at Holm's strictest level for a family of 6 (α/6).
    @Test(arguments: [0.05, 0.05 / 6])
    func detectsTheMinimumDetectableDifferenceWithEightyPercentPower(alpha: Double) {
        let n = 300, rho = 0.5, innovation = 1.0
        let sd = innovation / (1 - rho * rho).squareRoot()
        let delta = EffectiveSampleSize.minimumDetectableDifference(sd: sd, effectiveN: Double(n) * (1 - rho) / (1 + rho), alpha: alpha)
        let z = StandardNormal.quantile(1 - alpha / 2)
        var rng = Xoshiro256StarStar(seed: 21)
        var detected = 0
        let samples = 2000
        for _ in 0..<samples {
            var x = S.gaussian(&rng) * sd
            var d: [Double] = []
            for _ in 0..<n {
                d.append(delta + x)
                x = rho * x + innovation * S.gaussian(&rng)
            }
            let mean = d.reduce(0, +) / Double(n)
            let se = EffectiveSampleSize.standardDeviation(d)! / EffectiveSampleSize.of(d).squareRoot()
            if abs(mean) / se > z { detected += 1 }
        }
        let power = Double(detected) / Double(samples)
        #expect(power > 0.75 && power < 0.85, "power \(power) at α = \(alpha), δ = \(delta)")
    }
}
