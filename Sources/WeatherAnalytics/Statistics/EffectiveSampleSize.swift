#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The standard normal distribution: the quantiles of the minimum detectable difference.
public enum StandardNormal {
    /// Φ(z) = ½ erfc(−z/√2).
    public static func cdf(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }

    /// z with Φ(z) = p, by bisection on Φ (exact to ~1e-14; called a few times per family).
    public static func quantile(_ p: Double) -> Double {
        precondition(p > 0 && p < 1, "p must be in (0, 1)")
        var low = -40.0, high = 40.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if cdf(mid) < p { low = mid } else { high = mid }
            if high - low <= 1e-15 * max(1, abs(high)) { break }
        }
        return (low + high) / 2
    }
}

/// How many independent cases a series of correlated ones is worth, and the smallest
/// difference such a sample could detect.
///
/// Errors of neighbouring days are correlated (a weather regime lasts several days), so n
/// matched days carry less information than n independent ones. For an AR(1) series with lag-1
/// autocorrelation ρ₁, Var(x̄) ≈ σ²/n · (1 + ρ₁)/(1 − ρ₁), so the sample is worth
/// n_eff = n (1 − ρ₁)/(1 + ρ₁) independent values (Wilks, Statistical Methods in the
/// Atmospheric Sciences, §5.2.4). ρ₁ is the lag-1 autocorrelation γ̂₁/γ̂₀ of the series (1/n
/// divisors, as in `DieboldMariano`), taken as 0 when negative: a negative estimate on a short
/// series is mostly noise, and n_eff above n would claim more than the data hold.
public enum EffectiveSampleSize {
    /// The lag-1 autocorrelation γ̂₁/γ̂₀ (nil for fewer than 3 values or a constant series).
    public static func lag1Autocorrelation(_ x: [Double]) -> Double? {
        guard x.count >= 3 else { return nil }
        let mean = x.reduce(0, +) / Double(x.count)
        let gamma0 = DieboldMariano.autocovariance(x, mean: mean, lag: 0)
        guard gamma0 > 0 else { return nil }
        return DieboldMariano.autocovariance(x, mean: mean, lag: 1) / gamma0
    }

    /// n (1 − ρ₁)/(1 + ρ₁) with ρ₁ clamped to [0, 0.99]; n itself when ρ₁ is not defined.
    public static func of(_ x: [Double]) -> Double {
        let n = Double(x.count)
        guard let rho = lag1Autocorrelation(x) else { return n }
        let r = min(max(rho, 0), 0.99)
        return n * (1 - r) / (1 + r)
    }

    /// The population standard deviation √γ̂₀ (nil for an empty series).
    public static func standardDeviation(_ x: [Double]) -> Double? {
        guard !x.isEmpty else { return nil }
        let mean = x.reduce(0, +) / Double(x.count)
        return DieboldMariano.autocovariance(x, mean: mean, lag: 0).squareRoot()
    }

    /// The minimum detectable difference of a mean: the true mean difference a two-sided test
    /// at level `alpha` would find with probability `power`, by the normal approximation
    /// δ = (z₁₋α/₂ + z_power) · sd(d) / √n_eff. Nil for n_eff < 2 or no spread.
    public static func minimumDetectableDifference(_ d: [Double], alpha: Double, power: Double = 0.8) -> Double? {
        let nEff = of(d)
        guard nEff >= 2, let sd = standardDeviation(d), sd > 0 else { return nil }
        return minimumDetectableDifference(sd: sd, effectiveN: nEff, alpha: alpha, power: power)
    }

    /// δ = (z₁₋α/₂ + z_power) · sd / √n_eff.
    public static func minimumDetectableDifference(sd: Double, effectiveN: Double, alpha: Double, power: Double = 0.8) -> Double {
        (StandardNormal.quantile(1 - alpha / 2) + StandardNormal.quantile(power)) * sd / effectiveN.squareRoot()
    }
}
