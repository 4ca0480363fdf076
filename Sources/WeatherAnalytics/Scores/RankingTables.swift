import WeatherCore
import WeatherStore

/// `provider_ranking`, declared once: the verdict a user acts on, one row per source of each
/// family (variable × lead × location set) in rank order. Rebuilt from the pairs by every
/// aggregate and every `merge-scores`, like the other tables of `ScoreSchema`.
enum RankingSchema {
    static let providerRanking = TableDeclaration("provider_ranking", columns: [
        .text("source", notNull: true, "provider/product[/model]: the source ranked"),
        .text("variable", notNull: true, "verified variable, with its unit"),
        .text("lead_kind", notNull: true, "day or hour leads"),
        .integer("lead_days", "lead in days"),
        .text("lead_hours_bin", "lead in hours, binned"),
        .text("location_id", notNull: true, "the locations row, or * for the locations pooled"),
        .integer("rank", "1 = lowest MAE on the matched sample; NULL: not ranked (see note)"),
        .integer("rank_group", "sources not significantly different from the group's best share its group (adjusted p)"),
        .text("tied_with", "the other sources whose difference from this one is not significant, comma-separated"),
        .integer("n_sources", notNull: true, "sources ranked in the family"),
        .integer("n_cases", "matched cases every ranked source has, issues aligned"),
        .integer("n", "matched dates: the length of the series tested"),
        .real("n_effective", "n (1 − ρ₁)/(1 + ρ₁) of the daily loss difference from the best (the best: of its own daily absolute errors)"),
        .real("mae", "mean absolute error on the matched sample, in the unit named by variable"),
        .real("mae_ci_low", "95 % block-bootstrap interval of mae, low, in the unit named by variable"),
        .real("mae_ci_high", "95 % block-bootstrap interval of mae, high, in the unit named by variable"),
        .real("mae_diff_best", "mae − the best's mae, in the unit named by variable"),
        .real("p_adjusted", "Diebold–Mariano p of the difference from the best, adjusted within the family"),
        .text("p_adjustment", notNull: true, "holm, bh or none: how the family's p-values were adjusted"),
        .real("mdd", "smallest MAE difference from the best the sample detects with 80 % power, in the unit named by variable"),
        .integer("n_misaligned", notNull: true, "matched cases dropped: the sources' issues more than issue_alignment_hours apart"),
        .real("issue_gap_hours_median", "median hours between the earliest and latest issue of a matched case"),
        .real("issue_gap_hours_max", "largest hours between the earliest and latest issue of a matched case"),
        .text("note", "why a source is not ranked, or a test not made"),
    ])

    /// A ranking row, rounded to 6 places like `provider_comparison`.
    static let layout = RowLayout<RankedSource>(columns: providerRanking.insertColumns) { b, r throws(StoreError) in
        func round(_ v: Double?) -> Double? { v.map { Convert.round($0, 6) } }
        try b("source", r.source)
        try b("variable", r.variable)
        try b("lead_kind", r.lead.kind)
        try b("lead_days", { if case .days(let d) = r.lead { return d } else { return nil } }() as Int?)
        try b("lead_hours_bin", { if case .hours(let bin) = r.lead { return bin } else { return nil } }() as String?)
        try b("location_id", r.locationID)
        try b("rank", r.rank)
        try b("rank_group", r.rankGroup)
        try b("tied_with", r.rank == nil ? nil : r.tiedWith.joined(separator: ", "))
        try b("n_sources", r.rankedSources)
        try b("n_cases", r.cases)
        try b("n", r.dates)
        try b("n_effective", r.effectiveN.map { Convert.round($0, 3) })
        try b("mae", round(r.mae))
        try b("mae_ci_low", round(r.maeInterval?.low))
        try b("mae_ci_high", round(r.maeInterval?.high))
        try b("mae_diff_best", round(r.maeDifferenceFromBest))
        try b("p_adjusted", round(r.pAdjusted))
        try b("p_adjustment", r.adjustment.rawValue)
        try b("mdd", round(r.minimumDetectableDifference))
        try b("n_misaligned", r.misaligned)
        try b("issue_gap_hours_median", r.issueGapMedianHours.map { Convert.round($0, 3) })
        try b("issue_gap_hours_max", r.issueGapMaxHours.map { Convert.round($0, 3) })
        try b("note", r.note)
    }
}
