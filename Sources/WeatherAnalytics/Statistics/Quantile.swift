/// Sample quantiles by linear interpolation between order statistics: definition 7 of
/// Hyndman & Fan (1996), the default of R's `quantile` and NumPy's `percentile`, so numbers in
/// the report can be checked with either.
public enum Quantile {
    /// Q(p) = x₍ₖ₎ + (h − k)(x₍ₖ₊₁₎ − x₍ₖ₎) with h = (n − 1)p, k = ⌊h⌋ (0-based), on ascending
    /// `sorted`. Nil for an empty sample.
    public static func type7(sorted: [Double], _ p: Double) -> Double? {
        precondition(p >= 0 && p <= 1, "p must be in [0, 1]")
        guard !sorted.isEmpty else { return nil }
        let h = Double(sorted.count - 1) * p
        let k = Int(h.rounded(.down))
        guard k + 1 < sorted.count else { return sorted[sorted.count - 1] }
        return sorted[k] + (h - Double(k)) * (sorted[k + 1] - sorted[k])
    }

    /// Type 7 on an unsorted sample.
    public static func type7(_ values: [Double], _ p: Double) -> Double? {
        type7(sorted: values.sorted(), p)
    }
}
