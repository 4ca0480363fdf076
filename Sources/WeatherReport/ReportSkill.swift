import WeatherCore
import WeatherStore

/// Skill against persistence by lead, and forecast consistency (revision size by lead, flip-flops).
extension ReportBuilder {
    func skill() throws -> String {
        guard try column("forecast_scores", "mae_skill_persistence") != "NULL" else { return "" }
        var s = "<section><h2>Skill against persistence</h2>"
        s += "<p class=\"note\">MAE skill = 1 − MAE / MAE of persistence (the value observed on the day before the issue date), on the same cases: 1 is perfect, 0 no better than persistence, below 0 worse. Error bars: 95 % block-bootstrap intervals. Climatology skill needs a year of observations at a location.</p>"
        let lo = try column("forecast_scores", "skill_persistence_ci_low"), hi = try column("forecast_scores", "skill_persistence_ci_high")
        for (variable, label, unit) in Self.dayVariables {
            let rows = try database.rows("""
                SELECT \(SourceIdentity.sql()), lead_days, n_persistence, mae, mae_persistence,
                       mae_skill_persistence, \(lo), \(hi), mae_skill_climatology, skill_note FROM forecast_scores
                WHERE variable = ? AND lead_kind = 'day' AND location_id = '*' ORDER BY 1, lead_days
                """, [.text(variable)])
            guard rows.contains(where: { $0[5].double != nil }) else { continue }
            var order: [String] = [], series: [String: SVGChart.Series] = [:]
            for r in rows {
                let name = r[0].string ?? "?"
                if series[name] == nil { order.append(name); series[name] = SVGChart.Series(name: name, points: []) }
                guard let lead = r[1].double, let v = r[5].double else { continue }
                series[name]!.points.append((lead, v))
                if let a = r[6].double, let b = r[7].double { series[name]!.intervals.append((lead, a, b)) }
            }
            s += "<h3>\(HTML.escape(label)) (\(variable))</h3><figure><figcaption>\(HTML.escape(label)): MAE skill against persistence by lead time (\(sampleSize(rows.compactMap { $0[2].int }, "cases")))</figcaption>"
                + chart().lines(order.map { series[$0]! }, title: "\(label): skill against persistence", xTitle: "lead time (days)",
                                   yTitle: "MAE skill") + "</figure>"
            s += numbers("skill-\(variable)", ["provider", "lead (days)", "cases", "MAE (\(unit))", "MAE of persistence", "skill",
                                               "95 % interval", "skill vs climatology", "note"],
                         rows.map { r in
                             [r[0].string ?? "", String(r[1].int ?? 0), String(r[2].int ?? 0), fmt(r[3].double), fmt(r[4].double),
                              fmt(r[5].double), interval(r[6].double, r[7].double), fmt(r[8].double), r[9].string ?? ""]
                         })
        }
        return s + "</section>"
    }

    func consistency() throws -> String {
        guard try tableExists("forecast_revisions_by_lead") else { return "" }
        var s = "<section><h2>Forecast consistency</h2>"
        s += "<p class=\"note\">How much a source changes its forecast of the same day from one issue to the next as the day approaches: the mean absolute revision arriving at each lead (from the issue one day earlier), with its 95 % block-bootstrap interval. Flip-flops: a revision that reverses the previous one.</p>"
        for (variable, label, unit) in Self.dayVariables {
            let rows = try database.rows("""
                SELECT \(SourceIdentity.sql()), lead_days, n, mean_abs_revision, revision_ci_low, revision_ci_high
                FROM forecast_revisions_by_lead WHERE variable = ? AND lead_days IS NOT NULL ORDER BY 1, 2
                """, [.text(variable)])
            guard !rows.isEmpty else { continue }
            var order: [String] = [], series: [String: SVGChart.Series] = [:]
            for r in rows {
                let name = r[0].string ?? "?"
                if series[name] == nil { order.append(name); series[name] = SVGChart.Series(name: name, points: []) }
                guard let lead = r[1].double, let v = r[3].double else { continue }
                series[name]!.points.append((lead, v))
                if let a = r[4].double, let b = r[5].double { series[name]!.intervals.append((lead, a, b)) }
            }
            s += "<h3>\(HTML.escape(label)) (\(variable))</h3><figure><figcaption>\(HTML.escape(label)): revision size by lead time (\(sampleSize(rows.compactMap { $0[2].int }, "revisions")))</figcaption>"
                + chart().lines(order.map { series[$0]! }, title: "\(label): revision size by lead time", xTitle: "lead time (days)",
                                   yTitle: "mean |revision| (\(unit))") + "</figure>"
            s += numbers("revisions-\(variable)", ["provider", "lead (days)", "revisions", "mean |revision| (\(unit))", "95 % interval"],
                         rows.map { r in [r[0].string ?? "", String(r[1].int ?? 0), String(r[2].int ?? 0), fmt(r[3].double), interval(r[4].double, r[5].double)] })
        }
        let flips = try database.rows("""
            SELECT \(SourceIdentity.sql()), variable, COUNT(*), SUM(n_issues - 1), AVG(mean_abs_revision),
                   SUM(sign_changes), SUM(CASE WHEN n_issues > 2 THEN n_issues - 2 ELSE 0 END), AVG(flip_flop_index)
            FROM forecast_consistency GROUP BY 1, 2 ORDER BY 1, 2
            """)
        s += "<h3>Flip-flops per source</h3>"
        s += numbers("consistency", ["provider", "variable", "targets", "revisions", "mean |revision|", "sign changes", "of revision pairs",
                                     "flip-flop share", "mean flip-flop index"],
                     flips.map { r in
                         let pairs = r[6].int ?? 0
                         return [r[0].string ?? "", r[1].string ?? "", String(r[2].int ?? 0), String(r[3].int ?? 0), fmt(r[4].double),
                                 String(r[5].int ?? 0), String(pairs), pairs > 0 ? fmt(Double(r[5].int ?? 0) / Double(pairs)) : "", fmt(r[7].double)]
                     }, textColumns: 2)
        return s + "</section>"
    }
}
