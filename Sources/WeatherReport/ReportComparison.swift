import WeatherCore
import WeatherStore

/// "Who is better": the `provider_comparison` verdicts as sentences, and their differences with
/// 95 % intervals in one chart.
extension ReportBuilder {
    func whoIsBetter() throws -> String {
        guard try tableExists("provider_comparison") else { return "" }
        let t = "provider_comparison"
        let leadLabel = try column(t, "lead_hours_bin") == "NULL" ? "CAST(lead_days AS TEXT) || ' d'"
            : "COALESCE(CAST(lead_days AS TEXT) || ' d', lead_hours_bin || ' h')"
        let rows = try database.rows("""
            SELECT source_a, source_b, variable, \(leadLabel), c.location_id, COALESCE(l.name, c.location_id), n, mae_a, mae_b, mae_diff,
                   mae_diff_ci_low, mae_diff_ci_high, p_abs, p_sq, verdict, \(try column(t, "p_adjusted")), \(try column(t, "n_misaligned"))
            FROM provider_comparison c LEFT JOIN locations l ON l.id = c.location_id
            ORDER BY c.location_id <> '*', variable, \(try column(t, "lead_kind")), lead_days, \(try column(t, "lead_hours_bin")),
                     source_a, source_b, c.location_id
            """)
        var s = "<section><h2>Who is better, pair by pair</h2>"
        s += "<p class=\"note\">Each pair of sources on their matched sample: the same location, variable, target date or hour and lead, "
            + "issued close together. “Beats” only when the Diebold–Mariano test (Harvey–Leybourne–Newbold correction) of absolute errors "
            + "gives an <em>adjusted</em> p &lt; 0.05: the p-values of one variable, lead and location set are adjusted together "
            + "(<code>p_adjustment</code>), since among many comparisons some pass p &lt; 0.05 by chance. The interval is the single "
            + "test's 95 % interval. Also from the command line: <code>wxpipe compare --db FILE</code>.</p>"
        guard !rows.isEmpty else { return s + "<p>No two sources share a matched case.</p></section>" }
        // With several locations the pooled verdicts lead and each location's wait behind a summary line;
        // comparisons without a test are counted, not listed.
        let pooled = rows.filter { $0[4].string == "*" }, local = rows.filter { $0[4].string != "*" }
        func tested(_ rows: [[SQLValue]]) -> [[SQLValue]] { rows.filter { $0[12].double != nil } }
        func list(_ rows: [[SQLValue]]) -> String {
            let untested = rows.count - tested(rows).count
            var s = "<ul class=\"verdicts\">" + tested(rows).map { "<li>\(HTML.escape($0[14].string ?? ""))</li>" }.joined() + "</ul>"
            if untested > 0 {
                s += "<p class=\"note\">\(untested) comparison\(untested == 1 ? " has" : "s have") too few matched days for a test "
                    + "(at least 3, and more than the lead in days): <code>wxpipe compare --all</code> lists them.</p>"
            }
            let misaligned = rows.filter { ($0[16].int ?? 0) > 0 }
            if !misaligned.isEmpty {
                s += "<p class=\"note\">Cases left out because the two sources' issues were further apart than <code>issue_alignment_hours</code>: "
                    + misaligned.map { HTML.escape("\($0[0].string ?? "") vs \($0[1].string ?? ""), \($0[2].string ?? ""), lead \($0[3].string ?? ""), "
                                                   + "\($0[4].string == "*" ? "pooled" : $0[5].string ?? ""): \($0[16].int ?? 0)") }.joined(separator: "; ") + ".</p>"
            }
            return s
        }
        let shown = pooled.isEmpty ? local : pooled
        s += list(shown)
        let perLocation = !pooled.isEmpty && !local.isEmpty
        let charted = shown.filter { $0[10].double != nil }.prefix(40)
        // Short labels (they are enlarged on phones); the table beneath names A and B of each numbered row.
        let items = charted.enumerated().map { k, r in
            (label: "#\(k + 1) \(r[2].string ?? ""), lead \(r[3].string ?? ""), n = \(r[6].int ?? 0)",
             value: r[9].double ?? 0, low: r[10].double ?? 0, high: r[11].double ?? 0)
        }
        if !charted.isEmpty {
            s += "<figure><figcaption>Difference in mean absolute error, A − B, with its 95 % interval (negative: A is better; \(sampleSize(charted.map { $0[6].int ?? 0 }, "matched days")))</figcaption>"
                + SVGChart().intervals(Array(items), title: "MAE difference between sources", xTitle: "MAE of A − MAE of B") + "</figure>"
        }
        if !tested(shown).isEmpty { s += comparisonTable("comparisons", tested(shown), numbered: true) }
        if perLocation {
            s += "<details><summary class=\"note\">at each location (\(local.count) comparisons)</summary>\(list(local))"
                + comparisonTable("comparisons-by-location", tested(local)) + "</details>"
        }
        return s + "</section>"
    }

    /// The comparisons' numbers; `numbered` rows carry the chart's row number (`#k`, counted over rows with an interval).
    func comparisonTable(_ name: String, _ rows: [[SQLValue]], numbered: Bool = false) -> String {
        var k = 0
        return numbers(name, ["#", "A", "B", "variable", "location", "lead", "matched days", "MAE A", "MAE B", "A − B",
                              "95 % interval", "p (absolute)", "p adjusted", "p (squared)"],
                rows.map { r in
                    if numbered && r[10].double != nil { k += 1 }
                    return [numbered && r[10].double != nil && k <= 40 ? "#\(k)" : "",
                     r[0].string ?? "", r[1].string ?? "", r[2].string ?? "", r[4].string == "*" ? "all, pooled" : r[5].string ?? "",
                     r[3].string ?? "", String(r[6].int ?? 0),
                     fmt(r[7].double), fmt(r[8].double), fmt(r[9].double), interval(r[10].double, r[11].double, note: "no test"),
                     r[12].double.map(pText) ?? "", r[15].double.map(pText) ?? "", r[13].double.map(pText) ?? ""]
                }, textColumns: 5)
    }

    func pText(_ p: Double) -> String { p < 0.001 ? "< 0.001" : fmt((p * 1000).rounded() / 1000) }

    /// Precipitation as events at several thresholds, and the reliability of the probability of precipitation.
    func precipitation() throws -> String {
        guard try tableExists("precip_thresholds") else { return "" }
        var s = "<section><h2>Precipitation events and probabilities</h2>"
        let t = try database.rows("""
            SELECT \(SourceIdentity.sql()), lead_days, threshold_mm, n, hits, misses, false_alarms,
                   correct_negatives, pod, far, csi, frequency_bias, ets, hss, pss FROM precip_thresholds WHERE location_id = '*' ORDER BY 1, 2, 3
            """)
        s += "<h3>Rain at several thresholds</h3><p class=\"note\">An event is an amount ≥ the threshold, for forecast and observation alike. POD: share of events forecast; FAR: share of forecast events that did not happen; CSI: hits over all but correct negatives; ETS, HSS, PSS: skill over chance (0 none, 1 perfect).</p>"
        s += numbers("precip-thresholds", ["provider", "lead (days)", "≥ mm", "n", "hits", "misses", "false alarms", "correct negatives",
                                           "POD", "FAR", "CSI", "freq. bias", "ETS", "HSS", "PSS"],
                     t.map { r in [r[0].string ?? "", String(r[1].int ?? 0), fmt(r[2].double)] + (3...7).map { String(r[$0].int ?? 0) }
                         + (8...14).map { fmt(r[$0].double) } })
        return s + (try reliability()) + "</section>"
    }

    /// A reliability diagram per provider (leads pooled) with its table, and the Brier decomposition per lead.
    func reliability() throws -> String {
        let bins = try database.rows("""
            SELECT \(SourceIdentity.sql()), bin_low, bin_high, SUM(n),
                   SUM(n * mean_forecast_prob) / NULLIF(SUM(n), 0), SUM(n * observed_frequency) / NULLIF(SUM(n), 0)
            FROM pop_reliability WHERE location_id = '*' GROUP BY 1, 2, 3 ORDER BY 1, 2
            """)
        guard !bins.isEmpty else { return "<h3>Probability of precipitation</h3><p>No forecast with a probability of precipitation was paired.</p>" }
        var s = "<h3>Probability of precipitation: reliability</h3><p class=\"note\">Each provider's PoP event is stated in docs/VERIFICATION.md; it is verified against the observed day's rain at the precipitation threshold. Points near the diagonal are reliable; error bars are 95 % Wilson intervals of the observed frequency.</p>"
        for source in Array(Set(bins.map { $0[0].string ?? "" })).sorted() {
            let mine = bins.filter { $0[0].string == source }
            let points = mine.compactMap { r -> SVGChart.ReliabilityPoint? in
                guard let f = r[4].double, let o = r[5].double, let n = r[3].int, n > 0 else { return nil }
                let (lo, hi) = Self.wilson(o, Double(n))
                return SVGChart.ReliabilityPoint(meanForecast: f, observedFrequency: o, low: lo, high: hi, count: Int(n))
            }
            let total = mine.reduce(Int64(0)) { $0 + ($1[3].int ?? 0) }
            s += "<figure><figcaption>\(HTML.escape(source)): reliability diagram (n = \(total) forecasts)</figcaption>"
                + SVGChart().reliability(points, histogram: mine.map { Int($0[3].int ?? 0) }, title: "\(source): reliability diagram") + "</figure>"
            s += numbers("reliability-\(source)", ["forecast probability", "forecasts", "mean forecast", "observed frequency", "95 % interval"],
                         mine.map { r in
                             let n = Double(r[3].int ?? 0)
                             let ci = r[5].double.map { Self.wilson($0, n) }
                             return ["\(fmt(r[1].double))–\(fmt(r[2].double))", String(r[3].int ?? 0), fmt(r[4].double), fmt(r[5].double),
                                     interval(ci?.0, ci?.1)]
                         })
        }
        let brier = try database.rows("""
            SELECT \(SourceIdentity.sql()), lead_days, n_brier, brier, brier_reliability, brier_resolution,
                   brier_uncertainty, brier_skill FROM forecast_scores
            WHERE variable = 'precip_mm' AND location_id = '*' AND n_brier > 0 ORDER BY 1, 2
            """)
        s += "<h3>Brier score and its decomposition</h3><p class=\"note\">Brier ≈ reliability − resolution + uncertainty (exactly, with the two within-bin terms; docs/STATISTICS.md). Skill is against always forecasting the sample's own rain frequency.</p>"
        return s + numbers("brier", ["provider", "lead (days)", "n", "Brier", "reliability", "resolution", "uncertainty", "Brier skill"],
                           brier.map { r in [r[0].string ?? "", String(r[1].int ?? 0), String(r[2].int ?? 0)] + (3...7).map { fmt(r[$0].double) } })
    }

    /// The Wilson score interval (95 %) of a proportion p̂ of n.
    static func wilson(_ p: Double, _ n: Double) -> (Double, Double) {
        guard n > 0 else { return (0, 1) }
        let z = 1.959964, z2 = z * z
        let center = (p + z2 / (2 * n)) / (1 + z2 / n)
        let half = z * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot() / (1 + z2 / n)
        return (max(0, center - half), min(1, center + half))
    }
}
