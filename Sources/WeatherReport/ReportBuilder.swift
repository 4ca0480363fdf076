import WeatherCore
import WeatherStore

/// Builds the self-contained HTML report of a store: forecast accuracy against lead time, daily
/// highs and lows with rainfall, monthly rainfall, and data quality. One file, no network, no
/// scripts, no external fonts; charts are inline SVG with their numbers in tables beside them.
public struct ReportBuilder {
    public let database: Database
    public var title = "wxpipe report"

    public init(database: Database) { self.database = database }

    func tableExists(_ name: String) throws -> Bool {
        try database.scalar("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(name)])?.int == 1
    }

    public func build(generatedAt: Int64) throws -> String {
        var body = ""
        body += try overview(generatedAt: generatedAt)
        if try tableExists("forecast_scores") {
            body += try accuracy()
            body += try dailyCharts()
            body += try monthlyRain()
        } else {
            body += "<section><h2>Aggregates</h2><p>This store has no aggregates yet: run <code>wxpipe aggregate --db FILE</code> first.</p></section>"
        }
        body += try quality()
        return """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>
        <title>\(HTML.escape(title))</title>
        <style>
        body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;margin:24px auto;max-width:1000px;color:#222;padding:0 16px}
        h1{font-size:1.6em}h2{border-bottom:2px solid #ddd;padding-bottom:4px;margin-top:2em}h3{margin-bottom:4px}
        table{border-collapse:collapse;margin:8px 0 16px;font-size:13px}th,td{border:1px solid #ccc;padding:3px 8px;text-align:right}
        th{background:#f0f0f0}td.t,th.t{text-align:left}
        ul.legend{list-style:none;padding:0;margin:4px 0 12px;display:flex;flex-wrap:wrap;gap:4px 18px;font-size:13px}
        ul.legend li{display:flex;align-items:center;gap:6px}
        .sw{display:inline-block;width:22px;height:10px;border:1px solid #555}.sw.hi{background:#b2182b}.sw.lo{background:#2166ac}
        .sw.rain{background:#7fb3d5}.sw.full{background:#4f8fc0}.sw.part{background:repeating-linear-gradient(45deg,#cfe3f1 0 3px,#2e6f95 3px 5px)}
        .note{color:#555;font-size:13px}figure{margin:0 0 8px}figcaption{font-size:13px;font-weight:600;margin:8px 0 2px}svg{max-width:100%;height:auto}
        </style></head>
        <body>
        <h1>\(HTML.escape(title))</h1>
        \(body)
        </body></html>

        """
    }

    // MARK: Sections

    func overview(generatedAt: Int64) throws -> String {
        func count(_ table: String) throws -> Int64 {
            try tableExists(table) ? (database.scalar("SELECT COUNT(*) FROM \(table)")?.int ?? 0) : 0
        }
        let docs = try database.scalar("SELECT COALESCE(SUM(documents), 0) FROM sources")?.int ?? 0
        var s = "<p class=\"note\">Generated \(UTCTime.iso8601(generatedAt)) from <code>\(HTML.escape(database.path))</code>.</p>"
        s += "<table><tr><th class=\"t\">documents read</th><th class=\"t\">observations</th><th class=\"t\">forecasts</th><th class=\"t\">locations</th><th class=\"t\">rejected documents</th></tr>"
        s += "<tr><td>\(docs)</td><td>\(try count("observations"))</td><td>\(try count("forecasts"))</td><td>\(try count("locations"))</td><td>\(try count("rejects"))</td></tr></table>"
        return s
    }

    /// What was left out of the scores and why (`verification_exclusions`), with the issue
    /// selection and the cases dropped to reach the matched sample.
    func exclusions() throws -> String {
        guard try tableExists("verification_exclusions") else { return "" }
        func meta(_ key: String) throws -> String? { try database.scalar("SELECT value FROM meta WHERE key = ?", [.text(key)])?.string }
        let reference = try meta("aggregate.reference") ?? ""
        var s = "<p class=\"note\">Truth: \(HTML.escape(reference.isEmpty ? "observed observations" : reference)); issue selection: "
            + "\(HTML.escape(try meta("aggregate.issue_selection") ?? "all")).</p>"
        let rows = try database.rows("SELECT reason, SUM(n), MIN(detail) FROM verification_exclusions GROUP BY 1 ORDER BY 1")
        if try meta("aggregate.homogeneous") == "1" {
            let cases = try meta("aggregate.matched_sample_dropped_cases") ?? "0"
            s += "<p class=\"note\" data-dropped-cases=\"\(HTML.escape(cases))\">Matched sample: \(HTML.escape(cases)) cases dropped so that every compared source is scored on the same cases.</p>"
        }
        guard !rows.isEmpty else { return s }
        s += "<table data-table=\"exclusions\"><tr><th class=\"t\">not scored because</th><th>count</th><th class=\"t\">of</th></tr>"
        for r in rows {
            s += "<tr><td class=\"t\">\(HTML.escape(r[0].string ?? ""))</td><td>\(r[1].int ?? 0)</td><td class=\"t\">\(HTML.escape((r[2].string ?? "").split(separator: ";").first.map(String.init) ?? ""))</td></tr>"
        }
        return s + "</table>"
    }

    func accuracy() throws -> String {
        var s = "<section><h2>Forecast accuracy by lead time</h2>"
        s += "<p class=\"note\">Mean absolute error and bias (forecast − observed) of day forecasts against the observed daily values, per provider, by days ahead. Lower MAE is better; a bias above zero means forecasts ran high.</p>"
        s += try exclusions()
        s += try truthUsed()
        let variables: [(String, String, String)] = [("temp_max_c", "Daily high", "°C"), ("temp_min_c", "Daily low", "°C"), ("precip_mm", "Daily precipitation", "mm")]
        // Pooled rows only (`location_id` = '*'); stores aggregated before per-location rows have none.
        let pooled = try database.scalar("SELECT COUNT(*) FROM pragma_table_info('forecast_scores') WHERE name = 'location_id'")?.int == 1
            ? "AND location_id = '*'" : ""
        for (variable, label, unit) in variables {
            let rows = try database.rows("""
                SELECT provider || '/' || product || COALESCE('/' || model, ''), lead_days, n, mae, bias FROM forecast_scores
                WHERE variable = ? AND lead_kind = 'day' \(pooled) ORDER BY 1, lead_days
                """, [.text(variable)])
            s += "<h3>\(HTML.escape(label)) (\(variable))</h3>"
            guard !rows.isEmpty else { s += "<p>No pairs for \(variable).</p>"; continue }
            var maeSeries: [String: [(x: Double, y: Double)]] = [:]
            var biasSeries: [String: [(x: Double, y: Double)]] = [:]
            var order: [String] = []
            for r in rows {
                let name = r[0].string ?? "?"
                if maeSeries[name] == nil { order.append(name) }
                guard let lead = r[1].double, let mae = r[3].double, let bias = r[4].double else { continue }
                maeSeries[name, default: []].append((lead, mae))
                biasSeries[name, default: []].append((lead, bias))
            }
            let chart = SVGChart()
            s += "<figure><figcaption>\(HTML.escape(label)): mean absolute error by lead time</figcaption>"
                + chart.lines(order.map { SVGChart.Series(name: $0, points: maeSeries[$0] ?? []) },
                              title: "\(label): MAE by lead time", xTitle: "lead time (days)", yTitle: "MAE (\(unit))") + "</figure>"
            s += "<figure><figcaption>\(HTML.escape(label)): bias (forecast − observed) by lead time</figcaption>"
                + chart.lines(order.map { SVGChart.Series(name: $0, points: biasSeries[$0] ?? []) },
                              title: "\(label): bias by lead time", xTitle: "lead time (days)", yTitle: "bias (\(unit))") + "</figure>"
            s += "<table data-variable=\"\(variable)\"><tr><th class=\"t\">provider</th><th>lead (days)</th><th>pairs</th><th>MAE (\(unit))</th><th>bias (\(unit))</th></tr>"
            for r in rows {
                s += "<tr><td class=\"t\">\(HTML.escape(r[0].string ?? ""))</td><td>\(r[1].int ?? 0)</td><td>\(r[2].int ?? 0)</td><td>\(fmt(r[3].double))</td><td>\(fmt(r[4].double))</td></tr>"
            }
            s += "</table>"
        }
        return s + "</section>"
    }

    func dailyCharts() throws -> String {
        var s = "<section><h2>Daily highs, lows and rainfall</h2>"
        s += "<p class=\"note\">Local calendar days of each location; the band spans the daily low to the daily high. Days with too few observations are in the table as incomplete.</p>"
        let locations = try database.rows("SELECT DISTINCT d.location_id, COALESCE(l.name, d.location_id) FROM daily_observed d LEFT JOIN locations l ON l.id = d.location_id ORDER BY 1")
        for loc in locations {
            let id = loc[0].string ?? ""
            let rows = try database.rows("SELECT local_date, temp_max_c, temp_min_c, precip_mm, complete FROM daily_observed WHERE location_id = ? ORDER BY local_date", [.text(id)])
            s += "<h3>\(HTML.escape(loc[1].string ?? id))</h3><figure>"
            let days = rows.compactMap { r -> SVGChart.Day? in
                guard let date = r[0].string, let t = UTCTime.parseISO8601(date + "T00:00:00Z") else { return nil }
                return SVGChart.Day(date: date, dayNumber: Int(t / 86400), high: r[1].double, low: r[2].double, rain: r[3].double,
                                    complete: r[4].int == 1)
            }
            s += SVGChart().band(days, title: "Daily highs and lows at \(loc[1].string ?? id)")
            s += "</figure>"
        }
        return s + "</section>"
    }

    func monthlyRain() throws -> String {
        var s = "<section><h2>Monthly rainfall</h2>"
        let rows = try database.rows("SELECT r.location_id, COALESCE(l.name, r.location_id), month, precip_mm, complete, days_with_data, days_in_month FROM rainfall_monthly r LEFT JOIN locations l ON l.id = r.location_id WHERE precip_mm IS NOT NULL ORDER BY 1, month")
        let items = rows.map { (label: "\($0[1].string ?? "") \($0[2].string ?? "")", value: $0[3].double ?? 0, partial: $0[4].int != 1) }
        s += "<figure>" + SVGChart().bars(items, title: "Monthly rainfall", yTitle: "rainfall (mm)") + "</figure>"
        s += "<table><tr><th class=\"t\">location</th><th class=\"t\">month</th><th>rain (mm)</th><th>days with data</th><th>days in month</th></tr>"
        for r in rows {
            s += "<tr><td class=\"t\">\(HTML.escape(r[1].string ?? ""))</td><td class=\"t\">\(HTML.escape(r[2].string ?? ""))</td><td>\(fmt(r[3].double))</td><td>\(r[5].int ?? 0)</td><td>\(r[6].int ?? 0)</td></tr>"
        }
        return s + "</table></section>"
    }

    func quality() throws -> String {
        var s = "<section><h2>Data quality</h2><h3>Documents by provider and format</h3>"
        s += "<table><tr><th class=\"t\">provider</th><th class=\"t\">product</th><th>documents</th><th>observations</th><th>forecasts</th></tr>"
        let byFormat = try database.rows("""
            SELECT provider, product, COUNT(DISTINCT source_id || ':' || line), SUM(kind = 'o'), SUM(kind = 'f') FROM (
              SELECT provider, product, source_id, line, 'o' AS kind FROM observations
              UNION ALL SELECT provider, product, source_id, line, 'f' FROM forecasts)
            GROUP BY 1, 2 ORDER BY 1, 2
            """)
        for r in byFormat {
            s += "<tr><td class=\"t\">\(HTML.escape(r[0].string ?? ""))</td><td class=\"t\">\(HTML.escape(r[1].string ?? ""))</td><td>\(r[2].int ?? 0)</td><td>\(r[3].int ?? 0)</td><td>\(r[4].int ?? 0)</td></tr>"
        }
        s += "</table><h3>Rejected documents by reason</h3>"
        let reasons = try database.rows("SELECT reason, COUNT(*) FROM rejects GROUP BY reason ORDER BY 2 DESC, 1")
        if reasons.isEmpty { s += "<p>None.</p>" }
        for r in reasons {
            let reason = r[0].string ?? ""
            s += "<p><strong>\(HTML.escape(reason))</strong>: \(r[1].int ?? 0)</p><ul>"
            for e in try database.rows("SELECT path, member, line, message FROM rejects WHERE reason = ? ORDER BY id LIMIT 3", [.text(reason)]) {
                let place = (e[0].string ?? "") + (e[1].string.map { ":" + $0 } ?? "") + ":\(e[2].int ?? 0)"
                s += "<li><code>\(HTML.escape(place))</code> — \(HTML.escape(e[3].string ?? ""))</li>"
            }
            s += "</ul>"
        }
        if try tableExists("daily_observed") {
            s += "<h3>Days complete and incomplete per location</h3><table><tr><th class=\"t\">location</th><th>complete days</th><th>incomplete days</th></tr>"
            for r in try database.rows("SELECT location_id, SUM(complete), SUM(1 - complete) FROM daily_observed GROUP BY 1 ORDER BY 1") {
                s += "<tr><td class=\"t\">\(HTML.escape(r[0].string ?? ""))</td><td>\(r[1].int ?? 0)</td><td>\(r[2].int ?? 0)</td></tr>"
            }
            s += "</table>"
        }
        let reference = try database.scalar("SELECT value FROM meta WHERE key = 'aggregate.reference'")?.string
        s += "<h3>Reference observations</h3><p>Daily values and verification used "
        s += reference.map { $0.isEmpty ? "observed observations only (never the current block of a forecast reply)." : "observations of " + HTML.escape($0) + "." } ?? "no aggregate yet."
        s += "</p>"
        return s + "</section>"
    }

    func fmt(_ v: Double?) -> String {
        guard let v else { return "" }
        return SVGChart.label(v)
    }
}
