/// `p_adjustment`: how the p-values of one family of comparisons (a variable × lead × location
/// set) are adjusted, so that reading many pairwise verdicts does not turn chance into "beats".
public enum PAdjustment: String, Sendable, CaseIterable {
    /// Holm (1979): controls the family-wise error rate (the chance of any false "beats") with no
    /// assumption about how the tests depend on each other. The default: a ranking is a claim
    /// about every pair at once.
    case holm
    /// Benjamini & Hochberg (1995): controls the false discovery rate (the expected share of false
    /// "beats" among the significant ones); more verdicts, valid under positive dependence.
    case bh
    /// The raw p-values.
    case none

    /// `Holm-adjusted`, `BH-adjusted`, `unadjusted`: the word a sentence uses.
    public var label: String {
        switch self {
        case .holm: "Holm-adjusted"
        case .bh: "BH-adjusted"
        case .none: "unadjusted"
        }
    }

    /// The adjusted p-values, in the order given. Nil entries (comparisons that could not be
    /// tested) stay nil and do not count in the family size m: a test that was never made cannot
    /// produce a false verdict.
    ///
    /// With p₍₁₎ ≤ … ≤ p₍ₘ₎ the sorted p-values:
    /// - Holm: p̃₍ᵢ₎ = max_{j ≤ i} min(1, (m − j + 1) p₍ⱼ₎);
    /// - BH:   p̃₍ᵢ₎ = min_{j ≥ i} min(1, m p₍ⱼ₎ / j).
    /// Both are ≥ the raw p and keep its order (ties by position), so "adjusted p < α" is the
    /// step-down (Holm) or step-up (BH) procedure at level α.
    public func adjust(_ p: [Double?]) -> [Double?] {
        let tested = p.indices.filter { p[$0] != nil }.sorted { (p[$0]!, $0) < (p[$1]!, $1) }
        let m = Double(tested.count)
        var out = p
        switch self {
        case .none:
            return p
        case .holm:
            var running = 0.0
            for (rank, index) in tested.enumerated() {
                running = max(running, min(1, (m - Double(rank)) * p[index]!))
                out[index] = running
            }
        case .bh:
            var running = 1.0
            for (rank, index) in tested.enumerated().reversed() {
                running = min(running, min(1, m * p[index]! / Double(rank + 1)))
                // m p / j ≥ p in exact arithmetic; the max keeps a rounding of m/j from undercutting p.
                out[index] = max(p[index]!, running)
            }
        }
        return out
    }

    /// The level one test of a family of m must pass at the adjustment's strictest step:
    /// α/m for Holm and BH (their first step is Bonferroni's), α for none. The minimum
    /// detectable difference is computed at this level, so it is the difference the sample
    /// could show whatever the other tests of the family give.
    public func strictestLevel(alpha: Double, familySize m: Int) -> Double {
        self == .none ? alpha : alpha / Double(max(m, 1))
    }
}
