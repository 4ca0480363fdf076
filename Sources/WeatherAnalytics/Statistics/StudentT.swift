#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The regularized incomplete beta function I_x(a, b), the one special function the
/// Student-t distribution needs.
///
/// Evaluated by the continued fraction of Numerical Recipes (Press et al., 3rd ed., §6.4),
/// summed with the modified Lentz method, on the side of x where it converges fast
/// (x < (a + 1)/(a + b + 2)); the other side uses I_x(a, b) = 1 − I_{1−x}(b, a).
public enum IncompleteBeta {
    public static func regularized(x: Double, a: Double, b: Double) -> Double {
        precondition(a > 0 && b > 0, "a and b must be positive")
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        // ln of x^a (1−x)^b / B(a, b), the prefactor of the continued fraction.
        let logFront = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x)
        if x < (a + 1) / (a + b + 2) {
            return exp(logFront) * continuedFraction(x: x, a: a, b: b) / a
        }
        return 1 - exp(logFront) * continuedFraction(x: 1 - x, a: b, b: a) / b
    }

    /// The continued fraction 1/(1+ d1/(1+ d2/(1+ …))) of NR eq. 6.4.5.
    private static func continuedFraction(x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300, epsilon = 1e-16
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var result = d
        for m in 1...10_000 {
            let md = Double(m), m2 = 2 * md
            // Even step: d_{2m} = m(b − m)x / ((a + 2m − 1)(a + 2m)).
            var numerator = md * (b - md) * x / ((a + m2 - 1) * (a + m2))
            d = 1 + numerator * d
            if abs(d) < tiny { d = tiny }
            c = 1 + numerator / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            result *= d * c
            // Odd step: d_{2m+1} = −(a + m)(a + b + m)x / ((a + 2m)(a + 2m + 1)).
            numerator = -(a + md) * (a + b + md) * x / ((a + m2) * (a + m2 + 1))
            d = 1 + numerator * d
            if abs(d) < tiny { d = tiny }
            c = 1 + numerator / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            result *= delta
            if abs(delta - 1) < epsilon { break }
        }
        return result
    }
}

/// Student's t distribution with `degreesOfFreedom` ν, for the p-values and intervals of the
/// Diebold–Mariano test.
public struct StudentT: Sendable, Equatable {
    public let degreesOfFreedom: Double

    public init(degreesOfFreedom: Double) {
        precondition(degreesOfFreedom > 0, "degrees of freedom must be positive")
        self.degreesOfFreedom = degreesOfFreedom
    }

    /// P(T ≤ t) = 1 − ½ I_{ν/(ν+t²)}(ν/2, ½) for t ≥ 0, and by symmetry for t < 0.
    public func cdf(_ t: Double) -> Double {
        if t.isNaN { return .nan }
        if t == .infinity { return 1 }
        if t == -.infinity { return 0 }
        let nu = degreesOfFreedom
        let tail = 0.5 * IncompleteBeta.regularized(x: nu / (nu + t * t), a: nu / 2, b: 0.5)
        return t >= 0 ? 1 - tail : tail
    }

    /// Two-sided p-value of a statistic: P(|T| ≥ |t|) = I_{ν/(ν+t²)}(ν/2, ½), computed
    /// directly so tiny p-values keep their digits.
    public func twoSidedP(_ t: Double) -> Double {
        if t.isNaN { return .nan }
        if t.isInfinite { return 0 }
        let nu = degreesOfFreedom
        return IncompleteBeta.regularized(x: nu / (nu + t * t), a: nu / 2, b: 0.5)
    }

    /// The t with cdf(t) = p, by bisection on the monotone cdf: slower than a series but
    /// exact to ~1e-13, and only called once per comparison.
    public func quantile(_ p: Double) -> Double {
        precondition(p > 0 && p < 1, "p must be in (0, 1)")
        if p == 0.5 { return 0 }
        if p < 0.5 { return -quantile(1 - p) }
        var low = 0.0, high = 1.0
        while cdf(high) < p { low = high; high *= 2 }
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if cdf(mid) < p { low = mid } else { high = mid }
            if high - low <= 1e-14 * max(1, high) { break }
        }
        return (low + high) / 2
    }
}
