import WeatherCore

/// The one line `wxpipe compare` prints and the report quotes, e.g.
/// `open-meteo/forecast beats darksky/forecast on temp_max_c at lead 1 d in London: MAE 1.21 vs 1.58 °C,
/// difference −0.37 [−0.52, −0.21], adjusted p = 0.003 (Holm, 3 comparisons; p = 0.001 alone), n = 312 matched days`.
/// The verdict rests on the absolute-error test and the p-value adjusted over the family: "beats"
/// only when the adjusted p < 0.05. The interval is the single test's 95 % interval; with more
/// than one comparison in the family it can exclude 0 while the adjusted p does not pass.
public enum ComparisonSentence {
    public static let alpha = 0.05

    public static func text(_ c: ProviderComparison) -> String {
        let unit = c.variable.hasPrefix("temp") ? "°C" : (c.variable.hasSuffix("_mm") ? "mm" : "")
        let what = "on \(c.variable) at \(ComparisonCases.leadText(c.lead)) in \(c.place)"
        var n = "n = \(c.dates) matched day\(c.dates == 1 ? "" : "s")"
        if c.misaligned > 0 {
            n += " (\(c.misaligned) case\(c.misaligned == 1 ? "" : "s") left out: issues more than \(fixed(c.alignmentHours, 1)) h apart)"
        }
        if c.dates == 0 {
            return "\(c.sourceA) vs \(c.sourceB) \(what): no test (no matched day left), \(n)"
        }
        switch c.absolute {
        case .failure(let why):
            return "\(c.sourceA) vs \(c.sourceB) \(what): no test (\(why)): MAE \(fixed(c.maeA)) vs \(fixed(c.maeB)) \(unit), \(n)"
        case .success(let t):
            let adjusted = c.pAdjusted ?? t.pValue
            if adjusted < alpha {
                let aWins = t.meanLossDifference < 0
                let (w, l) = aWins ? (c.sourceA, c.sourceB) : (c.sourceB, c.sourceA)
                let (mw, ml) = aWins ? (t.meanLossA, t.meanLossB) : (t.meanLossB, t.meanLossA)
                let sign = aWins ? 1.0 : -1.0
                let (low, high) = aWins ? (t.interval.low, t.interval.high) : (-t.interval.high, -t.interval.low)
                return "\(w) beats \(l) \(what): MAE \(fixed(mw)) vs \(fixed(ml)) \(unit), difference \(fixed(sign * t.meanLossDifference)) "
                    + "[\(fixed(low)), \(fixed(high))], \(pText(c, t)), \(n)"
            }
            return "no significant difference between \(c.sourceA) and \(c.sourceB) \(what): MAE \(fixed(t.meanLossA)) vs "
                + "\(fixed(t.meanLossB)) \(unit), difference \(fixed(t.meanLossDifference)) [\(fixed(t.interval.low)), "
                + "\(fixed(t.interval.high))], \(pText(c, t)), \(n)"
        }
    }

    /// `adjusted p = 0.036 (Holm, 3 comparisons; p = 0.012 alone)`, or `p = 0.012 (unadjusted, 3 comparisons)`.
    static func pText(_ c: ProviderComparison, _ t: DieboldMarianoResult) -> String {
        let family = "\(c.familySize) comparison\(c.familySize == 1 ? "" : "s")"
        guard c.adjustment != .none, let adjusted = c.pAdjusted else { return "\(p(t.pValue)) (unadjusted, \(family))" }
        let method = c.adjustment == .holm ? "Holm" : "Benjamini–Hochberg"
        return "adjusted \(p(adjusted)) (\(method), \(family); \(p(t.pValue)) alone)"
    }

    /// `p = 0.012`, or `p < 0.001`.
    static func p(_ value: Double) -> String { value < 0.001 ? "p < 0.001" : "p = " + fixed(value, 3) }

    /// Fixed decimals with a true minus sign (U+2212), as a printed table would have it.
    public static func fixed(_ value: Double, _ digits: Int = 2) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        var fraction = String(Int(scaled) - whole * Int(scale))
        while fraction.count < digits { fraction = "0" + fraction }
        let negative = value < 0 && scaled > 0
        return (negative ? "\u{2212}" : "") + String(whole) + (digits > 0 ? "." + fraction : "")
    }
}
