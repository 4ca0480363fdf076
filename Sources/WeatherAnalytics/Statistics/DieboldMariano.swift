/// The loss a comparison ranks forecasts by.
public enum ForecastLoss: String, Sendable, CaseIterable {
    /// |e|: the loss behind MAE.
    case absolute
    /// e²: the loss behind RMSE.
    case squared

    public func callAsFunction(_ error: Double) -> Double {
        switch self {
        case .absolute: abs(error)
        case .squared: error * error
        }
    }
}

/// The outcome of a Diebold–Mariano test of two matched error series.
public struct DieboldMarianoResult: Sendable, Equatable {
    public var n: Int
    public var horizon: Int
    public var loss: ForecastLoss
    /// Mean loss of A and of B: MAE (absolute) or MSE (squared) on the matched cases.
    public var meanLossA: Double
    public var meanLossB: Double
    /// d̄ = mean of L(e_A) − L(e_B) = meanLossA − meanLossB; negative when A's losses are smaller.
    public var meanLossDifference: Double
    /// Var(d̄) estimated from autocovariances up to lag h − 1 (before the HLN factor).
    public var varianceOfMean: Double
    /// The original statistic d̄ / √Var(d̄).
    public var dm: Double
    /// The statistic after the Harvey–Leybourne–Newbold correction.
    public var hln: Double
    /// Two-sided p-value of `hln` under Student's t with n − 1 degrees of freedom.
    public var pValue: Double
    /// The interval of d̄ that the test inverts: d̄ ± t_{n−1, 1−α/2} · √Var(d̄) / k, so it
    /// excludes 0 exactly when p < α.
    public var interval: ConfidenceInterval
    /// True when the lagged autocovariances made the variance ≤ 0 and the lag-0 variance was
    /// used instead (as R's `forecast::dm.test` does).
    public var usedLagZeroVariance: Bool
}

/// Why no test could be made.
public enum DieboldMarianoUnavailable: Error, Equatable, CustomStringConvertible {
    case lengthMismatch(Int, Int)
    case tooFewCases(n: Int, horizon: Int)
    /// All loss differences equal: no variance to test against.
    case constantLossDifference(Double)

    public var description: String {
        switch self {
        case let .lengthMismatch(a, b): "series lengths differ (\(a) vs \(b))"
        case let .tooFewCases(n, h): "n = \(n) too small for horizon \(h)"
        case let .constantLossDifference(d): "loss difference is constant (\(d)): no test"
        }
    }
}

/// The Diebold–Mariano test (Diebold & Mariano 1995) with the small-sample correction of
/// Harvey, Leybourne & Newbold (1997).
///
/// With d_t = L(e_A,t) − L(e_B,t), t = 1…n in time order, and
/// γ̂_k = (1/n) Σ_{t=k+1..n} (d_t − d̄)(d_{t−k} − d̄), the variance of d̄ is
/// V = (γ̂₀ + 2 Σ_{k=1..h−1} γ̂_k) / n, since h-step forecast errors are at most (h − 1)-dependent.
/// DM = d̄ / √V; HLN = DM · k with k = √((n + 1 − 2h + h(h − 1)/n) / n); p = 2 P(T_{n−1} > |HLN|).
/// The series must be one value per target date, in date order, without gaps to speak of.
public enum DieboldMariano {
    public static func test(errorsA: [Double], errorsB: [Double], horizon: Int, loss: ForecastLoss,
                            confidenceLevel: Double = 0.95) -> Result<DieboldMarianoResult, DieboldMarianoUnavailable> {
        return test(lossesA: errorsA.map { loss($0) }, lossesB: errorsB.map { loss($0) }, horizon: horizon, loss: loss,
             confidenceLevel: confidenceLevel)
    }

    /// The same test on losses already computed: one value per target date, each the mean loss
    /// of that date's cases (several locations pooled), so a pooled comparison keeps one term per date.
    public static func test(lossesA: [Double], lossesB: [Double], horizon: Int, loss: ForecastLoss,
                            confidenceLevel: Double = 0.95) -> Result<DieboldMarianoResult, DieboldMarianoUnavailable> {
        precondition(horizon >= 1, "horizon must be at least 1")
        guard lossesA.count == lossesB.count else { return .failure(.lengthMismatch(lossesA.count, lossesB.count)) }
        let n = lossesA.count
        let h = horizon
        let hlnSquared = (Double(n + 1 - 2 * h) + Double(h * (h - 1)) / Double(max(n, 1))) / Double(max(n, 1))
        guard n >= 3, n > h, hlnSquared > 0 else { return .failure(.tooFewCases(n: n, horizon: h)) }
        let d = zip(lossesA, lossesB).map { $0 - $1 }
        let mean = d.reduce(0, +) / Double(n)
        let gamma0 = autocovariance(d, mean: mean, lag: 0)
        // A spread below 1e-9 of the losses' size is rounding (|f − o| of two sources that are
        // equally far from the truth on either side), not a difference to test.
        let scale = max(lossesA.map(abs).max() ?? 0, lossesB.map(abs).max() ?? 0)
        guard gamma0 > 0, gamma0.squareRoot() > 1e-9 * scale else {
            return .failure(.constantLossDifference((mean * 1e6).rounded() / 1e6 + 0))
        }
        var longRun = gamma0
        for lag in stride(from: 1, to: h, by: 1) { longRun += 2 * autocovariance(d, mean: mean, lag: lag) }
        let usedLagZero = longRun <= 0
        let variance = (usedLagZero ? gamma0 : longRun) / Double(n)
        let dm = mean / variance.squareRoot()
        let k = hlnSquared.squareRoot()
        let t = StudentT(degreesOfFreedom: Double(n - 1))
        let halfWidth = t.quantile(1 - (1 - confidenceLevel) / 2) * variance.squareRoot() / k
        let meanA = lossesA.reduce(0, +) / Double(n), meanB = lossesB.reduce(0, +) / Double(n)
        return .success(DieboldMarianoResult(n: n, horizon: h, loss: loss, meanLossA: meanA, meanLossB: meanB,
                                             meanLossDifference: mean, varianceOfMean: variance,
                                             dm: dm, hln: dm * k, pValue: t.twoSidedP(dm * k),
                                             interval: ConfidenceInterval(low: mean - halfWidth, high: mean + halfWidth),
                                             usedLagZeroVariance: usedLagZero))
    }

    /// γ̂_k with the 1/n divisor (the biased estimator, as in Diebold & Mariano).
    static func autocovariance(_ d: [Double], mean: Double, lag: Int) -> Double {
        guard lag < d.count else { return 0 }
        var sum = 0.0
        for t in lag..<d.count { sum += (d[t] - mean) * (d[t - lag] - mean) }
        return sum / Double(d.count)
    }
}
