import WeatherCore
import WeatherStore

/// The ranking as a person reads it, from the stored `provider_ranking` rows: `wxpipe rank`
/// prints these lines and the report's first section is built from the same rows.
public enum RankingSentence {
    /// The stored rows that pass `filter` (its sources are ignored), in the order written:
    /// family by family, each in rank order, the unranked last.
    public static func read(_ database: Database, filter: ComparisonFilter = ComparisonFilter()) throws -> [RankedSource] {
        let names = try Aggregator.placeNames(database)
        var out: [RankedSource] = []
        try database.prepare("""
            SELECT * FROM provider_ranking
            WHERE (?1 IS NULL OR variable = ?1) AND (?2 IS NULL OR lead_days = ?2) AND (?3 IS NULL OR location_id = ?3)
              AND (?4 IS NULL OR lead_hours_bin = ?4) AND (?5 = 0 OR lead_days IS NOT NULL)
            ORDER BY rowid
            """).forEachRow([.optional(filter.variable), .optional(filter.leadDays), .optional(filter.location), .optional(filter.leadBin),
                             .integer(filter.leadDays != nil ? 1 : 0)], named: { r in
            let location = r.string("location_id") ?? ""
            let lead: ScoreLead = r.int("lead_days").map { .days(Int($0)) } ?? .hours(bin: r.string("lead_hours_bin") ?? "?")
            let low = r.double("mae_ci_low"), high = r.double("mae_ci_high")
            let tied = (r.string("tied_with") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            out.append(RankedSource(
                source: r.string("source") ?? "", variable: r.string("variable") ?? "", lead: lead, locationID: location,
                place: location == ScoreKey.pooled ? "all locations" : (names[location] ?? location),
                rank: r.int("rank").map(Int.init), rankGroup: r.int("rank_group").map(Int.init), tiedWith: tied,
                rankedSources: Int(r.int("n_sources") ?? 0), cases: r.int("n_cases").map(Int.init), dates: r.int("n").map(Int.init),
                effectiveN: r.double("n_effective"), mae: r.double("mae"),
                maeInterval: low.flatMap { l in high.map { ConfidenceInterval(low: l, high: $0) } },
                maeDifferenceFromBest: r.double("mae_diff_best"), pAdjusted: r.double("p_adjusted"),
                adjustment: PAdjustment(rawValue: r.string("p_adjustment") ?? "") ?? .holm,
                minimumDetectableDifference: r.double("mdd"), misaligned: Int(r.int("n_misaligned") ?? 0),
                issueGapMedianHours: r.double("issue_gap_hours_median"), issueGapMaxHours: r.double("issue_gap_hours_max"),
                note: r.string("note")))
        })
        return out
    }

    /// The rows of each family (variable, lead, location), in the order given.
    public static func families(_ rows: [RankedSource]) -> [[RankedSource]] {
        var out: [[RankedSource]] = []
        for r in rows {
            if let last = out.last?.first, last.variable == r.variable, last.lead == r.lead, last.locationID == r.locationID {
                out[out.count - 1].append(r)
            } else {
                out.append([r])
            }
        }
        return out
    }

    static func unit(_ variable: String) -> String {
        variable.hasPrefix("temp") ? " °C" : (variable.hasSuffix("_mm") ? " mm" : "")
    }

    /// `temp_max_c at lead 1 d in all locations: 3 sources on 39 matched days, Holm-adjusted; 2 cases left out: issues too far apart (up to 7.5 h)`.
    public static func header(_ family: [RankedSource]) -> String {
        guard let first = family.first else { return "" }
        let ranked = family.filter { $0.rank != nil }
        let dates = ranked.first?.dates ?? 0
        var s = "\(first.variable) at \(ComparisonCases.leadText(first.lead)) in \(first.place): \(ranked.count) source\(ranked.count == 1 ? "" : "s") "
            + "on \(dates) matched day\(dates == 1 ? "" : "s"), \(first.adjustment.label)"
        if first.misaligned > 0 {
            s += "; \(first.misaligned) case\(first.misaligned == 1 ? "" : "s") left out: issues too far apart"
                + (first.issueGapMaxHours.map { " (up to \(ComparisonSentence.fixed($0, 1)) h)" } ?? "")
        }
        return s
    }

    /// `2. weatherkit/weather (group 1): MAE 1.30 °C [1.12, 1.49], +0.09 vs the best, adjusted p = 0.41, detectable ≥ 0.35 °C, n_eff 28.1; tied with open-meteo/forecast`.
    public static func line(_ r: RankedSource) -> String {
        guard let rank = r.rank else { return "–. \(r.source): \(r.note ?? "not ranked")" }
        let u = unit(r.variable)
        var s = "\(rank). \(r.source) (group \(r.rankGroup ?? rank)): MAE " + (r.mae.map { ComparisonSentence.fixed($0) + u } ?? "–")
        if let ci = r.maeInterval { s += " [\(ComparisonSentence.fixed(ci.low)), \(ComparisonSentence.fixed(ci.high))]" }
        if rank > 1, let d = r.maeDifferenceFromBest { s += ", +\(ComparisonSentence.fixed(d)) vs the best" }
        if let p = r.pAdjusted { s += ", " + (r.adjustment == .none ? "" : "adjusted ") + ComparisonSentence.p(p) }
        if let mdd = r.minimumDetectableDifference { s += ", detectable ≥ \(ComparisonSentence.fixed(mdd))\(u)" }
        if let n = r.effectiveN { s += ", n_eff \(ComparisonSentence.fixed(n, 1))" }
        if !r.tiedWith.isEmpty { s += "; tied with " + r.tiedWith.joined(separator: ", ") }
        if let note = r.note { s += " (\(note))" }
        return s
    }
}
