/// One bin of a reliability table (the points of a reliability diagram).
public struct ReliabilityBin: Sendable, Equatable {
    /// The bin is [lower, upper); the last one also holds 1.
    public var lower: Double
    public var upper: Double
    public var count: Int
    /// Mean forecast probability of the cases in the bin; nil when empty.
    public var meanForecast: Double?
    /// Share of the bin's cases in which the event happened; nil when empty.
    public var observedFrequency: Double?
}

/// The Brier score of probability forecasts, its Murphy decomposition and skill.
///
/// BS = (1/N) Σ (f_i − o_i)², o_i ∈ {0, 1}. With K bins, n_k cases in bin k, bin mean forecast
/// f̄_k, bin event frequency ō_k and overall frequency ō (Murphy 1973):
/// REL = (1/N) Σ n_k (f̄_k − ō_k)², RES = (1/N) Σ n_k (ō_k − ō)², UNC = ō(1 − ō).
/// BS = REL − RES + UNC holds exactly only when every forecast equals its bin mean; in
/// general BS = REL − RES + UNC + WBV + WBC (Stephenson, Coelho & Jolliffe 2008) with the
/// within-bin variance WBV = (1/N) Σ_k Σ_{i∈k} (f_i − f̄_k)² and within-bin covariance
/// WBC = −(2/N) Σ_k Σ_{i∈k} (f_i − f̄_k)(o_i − ō_k). Both are reported, so the parts always add up.
public struct BrierDecomposition: Sendable, Equatable {
    public var n: Int
    public var brierScore: Double
    public var reliability: Double
    public var resolution: Double
    public var uncertainty: Double
    public var withinBinVariance: Double
    public var withinBinCovariance: Double
    /// ō, the sample climatological frequency of the event.
    public var baseRate: Double
    public var bins: [ReliabilityBin]

    /// BSS = 1 − BS / BS_clim, where the reference always forecasts the sample base rate ō and
    /// so scores BS_clim = ō(1 − ō) = UNC. Nil when the event always or never happened.
    public var brierSkillScore: Double? { uncertainty > 0 ? 1 - brierScore / uncertainty : nil }

    /// Nil for no cases. `probabilities` are in [0, 1] (divide PoP percentages by 100).
    public init?(probabilities: [Double], outcomes: [Bool], binCount: Int = 10) {
        precondition(probabilities.count == outcomes.count, "one outcome per probability")
        precondition(binCount >= 1, "at least one bin")
        guard !probabilities.isEmpty else { return nil }
        let bin = probabilities.map { BrierDecomposition.binIndex($0, binCount: binCount) }
        let o = outcomes.map { $0 ? 1.0 : 0.0 }
        let count = Double(probabilities.count)
        var nK = [Double](repeating: 0, count: binCount), sumF = nK, sumO = nK
        for i in probabilities.indices { nK[bin[i]] += 1; sumF[bin[i]] += probabilities[i]; sumO[bin[i]] += o[i] }
        let fBar = (0..<binCount).map { nK[$0] > 0 ? sumF[$0] / nK[$0] : 0 }
        let oBar = (0..<binCount).map { nK[$0] > 0 ? sumO[$0] / nK[$0] : 0 }
        let base = o.reduce(0, +) / count
        var rel = 0.0, res = 0.0, wbv = 0.0, wbc = 0.0, bs = 0.0
        for k in 0..<binCount where nK[k] > 0 {
            rel += nK[k] * (fBar[k] - oBar[k]) * (fBar[k] - oBar[k])
            res += nK[k] * (oBar[k] - base) * (oBar[k] - base)
        }
        for i in probabilities.indices {
            let k = bin[i], df = probabilities[i] - fBar[k]
            bs += (probabilities[i] - o[i]) * (probabilities[i] - o[i])
            wbv += df * df
            wbc -= 2 * df * (o[i] - oBar[k])
        }
        n = probabilities.count
        brierScore = bs / count; reliability = rel / count; resolution = res / count
        uncertainty = base * (1 - base); withinBinVariance = wbv / count; withinBinCovariance = wbc / count
        baseRate = base
        bins = (0..<binCount).map { k in
            ReliabilityBin(lower: Double(k) / Double(binCount), upper: Double(k + 1) / Double(binCount), count: Int(nK[k]),
                           meanForecast: nK[k] > 0 ? fBar[k] : nil, observedFrequency: nK[k] > 0 ? oBar[k] : nil)
        }
    }

    /// The bin of probability p: ⌊p·K⌋, with p = 1 in the last bin. A tolerance of 1e-9 keeps
    /// round percentages (0.3 = 30/100, whose ·10 is 2.9999… in some spellings) in their own bin.
    public static func binIndex(_ p: Double, binCount: Int) -> Int {
        let scaled = (min(max(p, 0), 1) * Double(binCount) + 1e-9).rounded(.down)
        return min(Int(scaled), binCount - 1)
    }
}
