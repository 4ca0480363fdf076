import WeatherStore

/// "The verdict": the report's first section, from `provider_ranking`. Per variable and lead,
/// the sources in rank order on the cases they all have, with the groups the sample cannot tell
/// apart and the smallest difference it could have detected; hour-bin rankings and each
/// location's wait behind summaries.
extension ReportBuilder {
    /// One `provider_ranking` row as the section reads it.
    struct RankingRow {
        var source: String, variable: String, lead: String, isDay: Bool, location: String, place: String
        var rank: Int64?, group: Int64?, tiedWith: String?, sources: Int64, n: Int64?, nEffective: Double?
        var mae: Double?, low: Double?, high: Double?, diff: Double?, p: Double?, adjustment: String, mdd: Double?
        var misaligned: Int64, gapMax: Double?, note: String?
    }

    func verdict() throws -> String {
        guard try tableExists("provider_ranking") else { return "" }
        let rows = try database.rows("""
            SELECT r.source, r.variable, COALESCE(CAST(r.lead_days AS TEXT) || ' d', r.lead_hours_bin || ' h'), r.lead_kind = 'day',
                   r.location_id, COALESCE(l.name, r.location_id), r.rank, r.rank_group, r.tied_with, r.n_sources, r.n, r.n_effective,
                   r.mae, r.mae_ci_low, r.mae_ci_high, r.mae_diff_best, r.p_adjusted, r.p_adjustment, r.mdd, r.n_misaligned,
                   r.issue_gap_hours_max, r.note
            FROM provider_ranking r LEFT JOIN locations l ON l.id = r.location_id ORDER BY r.rowid
            """).map { r in
            RankingRow(source: r[0].string ?? "", variable: r[1].string ?? "", lead: r[2].string ?? "", isDay: r[3].int == 1,
                       location: r[4].string ?? "", place: r[4].string == "*" ? "all locations, pooled" : (r[5].string ?? ""),
                       rank: r[6].int, group: r[7].int, tiedWith: r[8].string, sources: r[9].int ?? 0, n: r[10].int,
                       nEffective: r[11].double, mae: r[12].double, low: r[13].double, high: r[14].double, diff: r[15].double,
                       p: r[16].double, adjustment: r[17].string ?? "holm", mdd: r[18].double, misaligned: r[19].int ?? 0,
                       gapMax: r[20].double, note: r[21].string)
        }
        var s = "<section><h2>The verdict: which source is best</h2>"
        s += "<p class=\"note\">Per variable and lead, the sources in order of mean absolute error on the cases they all have "
            + "(same place, target day or hour, issued close together). Sources in one group are not significantly different from "
            + "the group's best: Diebold–Mariano tests of every pair, p-values adjusted over the family (Holm unless "
            + "<code>p_adjustment</code> says otherwise). “Detectable” is the smallest MAE difference from the best this sample "
            + "would show 4 times in 5; a smaller real difference can hide in a tie. Also: <code>wxpipe rank --db FILE</code>.</p>"
        guard !rows.isEmpty else { return s + "<p>No forecast pairs to rank.</p></section>" }
        var families: [[RankingRow]] = []
        for r in rows {
            if let f = families.last?.first, f.variable == r.variable, f.lead == r.lead, f.location == r.location {
                families[families.count - 1].append(r)
            } else { families.append([r]) }
        }
        // Rankings of two or more sources lead (pooled ones when there are several locations, day
        // leads before hour bins); a source alone in its family is listed in one table.
        let hasPooled = families.contains { $0[0].location == "*" }
        let contested = families.filter { $0.filter { $0.rank != nil }.count > 1 }
        let single = families.filter { $0.filter { $0.rank != nil }.count <= 1 }
        let main = contested.filter { ($0[0].location == "*" || !hasPooled) && $0[0].isDay }
        let hourly = contested.filter { ($0[0].location == "*" || !hasPooled) && !$0[0].isDay }
        let local = hasPooled ? contested.filter { $0[0].location != "*" } : []
        s += main.map(rankingFamily).joined()
        if main.isEmpty {
            s += "<p>No variable at a day lead has two sources on \(hourly.isEmpty && local.isEmpty ? "" : "pooled ")cases they share "
                + "(at least 3 matched days): the rankings below have one source each.</p>"
        }
        if !hourly.isEmpty {
            s += "<details><summary class=\"note\">hourly lead bins (\(hourly.count) rankings)</summary>" + hourly.map(rankingFamily).joined() + "</details>"
        }
        if !local.isEmpty {
            s += "<details><summary class=\"note\">at each location (\(local.count) rankings)</summary>" + local.map(rankingFamily).joined() + "</details>"
        }
        if !single.isEmpty {
            let table = numbers("single-source-rankings", ["variable", "lead", "where", "source", "MAE", "n", "not ranked"],
                                single.map { f in
                                    let r = f.first { $0.rank != nil }
                                    let left = f.filter { $0.rank == nil }.map(\.source)
                                    return [f[0].variable, f[0].lead, f[0].place, r?.source ?? "", fmt(r?.mae), r?.n.map { String($0) } ?? "",
                                            left.isEmpty ? "" : "\(left.count): " + left.joined(separator: ", ")]
                                }, textColumns: 4)
            let caption = "<p class=\"note\">\(single.count) ranking\(single.count == 1 ? " has" : "s have") a single source: the others "
                + "share fewer than 3 matched days with it (“not ranked”), or there are none.</p>"
            s += main.isEmpty ? caption + table : "<details><summary class=\"note\">single-source rankings (\(single.count))</summary>\(caption)\(table)</details>"
        }
        return s + "</section>"
    }

    /// One family: a heading with its sample, the rank table, and who was left out and why.
    func rankingFamily(_ family: [RankingRow]) -> String {
        let first = family[0]
        let ranked = family.filter { $0.rank != nil }
        let unit = first.variable.hasPrefix("temp") ? " °C" : (first.variable.hasSuffix("_mm") ? " mm" : "")
        let method = ["holm": "Holm-adjusted", "bh": "Benjamini–Hochberg-adjusted", "none": "unadjusted"][first.adjustment] ?? first.adjustment
        var s = "<h3>\(HTML.escape(first.variable)), lead \(HTML.escape(first.lead)), \(HTML.escape(first.place))</h3>"
        var summary = "\(ranked.count) source\(ranked.count == 1 ? "" : "s") on \(ranked.first?.n ?? 0) matched days; p \(method)."
        if let best = ranked.first {
            let tied = ranked.filter { $0.group == best.group }.count - 1
            summary += " Best: \(best.source)" + (tied > 0 ? ", tied with \(tied) other\(tied == 1 ? "" : "s")." : ".")
            if let mdd = ranked.compactMap(\.mdd).min() { summary += " Differences under \(fmt(mdd))\(unit) could not be detected." }
        }
        if first.misaligned > 0 {
            summary += " \(first.misaligned) matched case\(first.misaligned == 1 ? " was" : "s were") left out: the sources' issues were further apart than "
                + "<code>issue_alignment_hours</code>" + (first.gapMax.map { " (up to \(fmt($0)) h)" } ?? "") + "."
        }
        s += "<p class=\"note\">\(HTML.escape(summary).replacingOccurrences(of: "&lt;code&gt;", with: "<code>").replacingOccurrences(of: "&lt;/code&gt;", with: "</code>"))</p>"
        s += numbers("ranking", ["rank", "group", "source", "MAE", "95 % interval", "vs best", "p (adjusted)", "detectable", "n", "n effective",
                                 "tied with"],
                     ranked.map { r in
                         [String(r.rank ?? 0), String(r.group ?? 0), r.source, fmt(r.mae), interval(r.low, r.high, note: "n too small"),
                          r.rank == 1 ? "" : fmt(r.diff), r.p.map(pText) ?? (r.rank == 1 ? "" : "no test"), fmt(r.mdd),
                          r.n.map { String($0) } ?? "", fmt(r.nEffective), r.tiedWith ?? ""]
                     }, textColumns: 3)
        let left = family.filter { $0.rank == nil }
        if !left.isEmpty {
            s += "<p class=\"note\">" + left.map { HTML.escape("\($0.source): \($0.note ?? "not ranked")") }.joined(separator: "; ") + "</p>"
        }
        return s
    }
}
