import WeatherCore
import WeatherStore

/// What the detail columns of a large pooled group need, gathered as its pairs stream by instead
/// of held: a group of hour-lead temperatures pools every location's hourly pairs, the largest
/// groups of a store. Only groups without day-lead skill and without precipitation tables are
/// streamed (`streams`); each statistic is taken in the order the pairs come, as from the list.
struct PooledGroupStream {
    /// Per target date, the bootstrap's sums.
    var dated = DatedErrorSums()
    /// |error| → how many pairs have it: the order statistics of the quantiles, exactly.
    var absErrors: [Double: Int] = [:]
    /// The conditional-bias cut points, from the group's observed values read beforehand (`ObservedCounts`).
    let cuts: (q1: Double, q2: Double)?
    var tercileCounts = [0, 0, 0], tercileSums = [0.0, 0.0, 0.0]
    /// Per `YYYY-MM` of the target date: n and the sums of error, |error| and error², for `scores_by_month`.
    var months: [String: MonthSums] = [:]
    var n = 0

    struct MonthSums {
        var n = 0
        var error = 0.0, absError = 0.0, squaredError = 0.0
    }

    /// Whether a group's details can come from a stream: day leads need every pair for the skill
    /// against the baselines, precipitation for its contingency tables and Brier decomposition.
    static func streams(_ key: ScoreKey) -> Bool { key.leadKind != "day" && key.variable != "precip_mm" }

    init(observed: [Double: Int]?) {
        cuts = observed.flatMap { counts in
            let total = counts.values.reduce(0, +)
            guard total >= 3, let q1 = SortedCounts(counts).type7(1.0 / 3), let q2 = SortedCounts(counts).type7(2.0 / 3) else { return nil }
            return (q1, q2)
        }
    }

    mutating func add(_ p: ScoredPair) {
        n += 1
        let e = p.error
        dated.add(date: p.date, error: e)
        absErrors[abs(e), default: 0] += 1
        if let cuts {
            let group = p.observed <= cuts.q1 ? 0 : (p.observed <= cuts.q2 ? 1 : 2)
            tercileCounts[group] += 1
            tercileSums[group] += p.forecast - p.observed
        }
        Self.add(e, to: &months[String(p.date.prefix(7)), default: MonthSums()])
    }

    private static func add(_ e: Double, to sums: inout MonthSums) {
        sums.n += 1
        sums.error += e
        sums.absError += abs(e)
        sums.squaredError += e * e
    }

    var quantiles: ErrorQuantiles? { ErrorQuantiles(sorted: SortedCounts(absErrors)) }

    var terciles: ConditionalBias? {
        guard n >= 3, let cuts else { return nil }
        return ConditionalBias(lowerCut: cuts.q1, upperCut: cuts.q2, counts: tercileCounts, sums: tercileSums)
    }
}

/// A sample held as its distinct values with their counts, in ascending order: the type-7
/// quantile of the sample it stands for, without the sample.
struct SortedCounts {
    let values: [Double]
    /// Pairs up to and including each value.
    let cumulative: [Int]

    init(_ counts: [Double: Int]) {
        values = counts.keys.sorted()
        var total = 0
        cumulative = values.map { total += counts[$0]!; return total }
    }

    var count: Int { cumulative.last ?? 0 }

    /// The value at 0-based rank `k` of the sorted sample.
    func value(at k: Int) -> Double {
        var lo = 0, hi = cumulative.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if cumulative[mid] > k { hi = mid } else { lo = mid + 1 }
        }
        return values[lo]
    }

    /// `Quantile.type7(sorted:)` of the sample.
    func type7(_ p: Double) -> Double? {
        guard count > 0 else { return nil }
        let h = Double(count - 1) * p
        let k = Int(h.rounded(.down))
        guard k + 1 < count else { return value(at: count - 1) }
        let low = value(at: k)
        return low + (h - Double(k)) * (value(at: k + 1) - low)
    }
}

/// Per streamed pooled group (`PooledGroupStream.streams`), how many pairs have each observed
/// value: the conditional-bias cut points must be known before the group's pairs stream by.
enum ObservedCounts {
    static func read(_ database: Database) throws -> [ScoreKey: [Double: Int]] {
        var out: [ScoreKey: [Double: Int]] = [:]
        try database.prepare("""
            SELECT provider, product, model, derived_from, variable, lead_hours_bin, observed FROM forecast_pairs
            WHERE lead_days IS NULL AND variable <> 'precip_mm'
            """).forEachRow(named: { r in
            count(provider: r.string("provider") ?? "", product: r.string("product") ?? "", model: r.string("model"),
                  derivedFrom: r.string("derived_from"), variable: r.string("variable") ?? "", leadDays: nil,
                  leadHoursBin: r.string("lead_hours_bin"), observed: r.double("observed") ?? 0, into: &out)
        })
        return out
    }

    /// Counts one pair as `read` counts the rows of the table: hour leads, no precipitation.
    static func count(provider: String, product: String, model: String?, derivedFrom: String?, variable: String, leadDays: Int?,
                      leadHoursBin: String?, observed: Double, into out: inout [ScoreKey: [Double: Int]]) {
        guard leadDays == nil, variable != "precip_mm" else { return }
        let key = ScoreKey(provider: provider, product: product, model: model ?? "", derivedFrom: derivedFrom ?? "", variable: variable,
                           lead: .hours(bin: leadHoursBin ?? "?"))
        out[key, default: [:]][observed, default: 0] += 1
    }
}
