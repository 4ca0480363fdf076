/// Median and 90th percentile of |error|: how large a typical and a bad miss is, which MAE
/// and RMSE blur together.
///
/// Quantiles are type 7 (`Quantile.type7`): linear interpolation between order statistics,
/// as R's `quantile` and NumPy's `percentile` by default.
public struct ErrorQuantiles: Sendable, Equatable {
    public var n: Int
    public var medianAbsError: Double
    public var p90AbsError: Double

    /// Nil for no errors.
    public init?(errors: [Double]) {
        let sorted = errors.map { abs($0) }.sorted()
        guard let median = Quantile.type7(sorted: sorted, 0.5), let p90 = Quantile.type7(sorted: sorted, 0.9) else { return nil }
        n = sorted.count
        medianAbsError = median
        p90AbsError = p90
    }

    /// From the |errors| held as counts per value (`SortedCounts`): the same order statistics.
    init?(sorted: SortedCounts) {
        guard let median = sorted.type7(0.5), let p90 = sorted.type7(0.9) else { return nil }
        n = sorted.count
        medianAbsError = median
        p90AbsError = p90
    }
}

/// Bias within one third of the observed values.
public struct TercileBias: Sendable, Equatable {
    public enum Tercile: String, Sendable, CaseIterable { case lower, middle, upper }
    public var tercile: Tercile
    public var n: Int
    /// Mean forecast − observed of the cases in this tercile; nil when empty.
    public var bias: Double?
}

/// Conditional bias by observed-value tercile: does a provider forecast too low on hot days
/// and too high on cold ones (regression to the mean)?
///
/// Cut points q₁ = Q(1/3), q₂ = Q(2/3) of the observed values (type 7). Lower: o ≤ q₁;
/// middle: q₁ < o ≤ q₂; upper: o > q₂. Ties at a cut point all fall in the lower group, so
/// groups can be unequal (dry days, 0 mm, fill the lower tercile of precipitation).
public struct ConditionalBias: Sendable, Equatable {
    public var lowerCut: Double
    public var upperCut: Double
    public var terciles: [TercileBias]

    /// Nil for fewer than 3 pairs.
    public init?(_ pairs: [(forecast: Double, observed: Double)]) {
        guard pairs.count >= 3 else { return nil }
        let observed = pairs.map(\.observed).sorted()
        let q1 = Quantile.type7(sorted: observed, 1.0 / 3)!, q2 = Quantile.type7(sorted: observed, 2.0 / 3)!
        var counts = [0, 0, 0], sums = [0.0, 0.0, 0.0]
        for p in pairs {
            let group = p.observed <= q1 ? 0 : (p.observed <= q2 ? 1 : 2)
            counts[group] += 1
            sums[group] += p.forecast - p.observed
        }
        self.init(lowerCut: q1, upperCut: q2, counts: counts, sums: sums)
    }

    /// From the cut points and, per tercile, the count and the sum of forecast − observed.
    init(lowerCut: Double, upperCut: Double, counts: [Int], sums: [Double]) {
        self.lowerCut = lowerCut
        self.upperCut = upperCut
        terciles = TercileBias.Tercile.allCases.enumerated().map { i, tercile in
            TercileBias(tercile: tercile, n: counts[i], bias: counts[i] > 0 ? sums[i] / Double(counts[i]) : nil)
        }
    }
}
