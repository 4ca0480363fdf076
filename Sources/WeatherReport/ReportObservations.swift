import WeatherCore
import WeatherStore

/// The observation sections of the report: daily highs, lows and rain per location, monthly
/// rainfall, and data quality.
extension ReportBuilder {
    func dailyCharts() throws -> String {
        var s = "<section><h2>Daily highs, lows and rainfall</h2>"
        s += "<p class=\"note\">Local calendar days of each location; the band spans the daily low to the daily high (left axis, °C); rain is on its own axis (right, mm). Days with too few observations are hollow markers, and incomplete in the numbers beneath.</p>"
        let locations = try database.rows("SELECT DISTINCT d.location_id, COALESCE(l.name, d.location_id) FROM daily_observed d LEFT JOIN locations l ON l.id = d.location_id ORDER BY 1")
        for loc in locations {
            let id = loc[0].string ?? ""
            let rows = try database.rows("SELECT local_date, temp_max_c, temp_min_c, precip_mm, complete FROM daily_observed WHERE location_id = ? ORDER BY local_date", [.text(id)])
            s += "<h3>\(HTML.escape(loc[1].string ?? id))</h3><figure><figcaption>n = \(rows.count) days, \(rows.filter { $0[4].int == 1 }.count) complete</figcaption>"
            let days = rows.compactMap { r -> SVGChart.Day? in
                guard let date = r[0].string, let t = UTCTime.parseISO8601(date + "T00:00:00Z") else { return nil }
                return SVGChart.Day(date: date, dayNumber: Int(t / 86400), high: r[1].double, low: r[2].double, rain: r[3].double,
                                    complete: r[4].int == 1)
            }
            s += SVGChart().band(days, title: "Daily highs and lows at \(loc[1].string ?? id)")
            s += "</figure><details><summary class=\"note\">the numbers (\(days.count) days)</summary>"
            s += numbers("daily-\(id)", ["local date", "high (°C)", "low (°C)", "rain (mm)", "complete"],
                         days.map { [$0.date, fmt($0.high), fmt($0.low), fmt($0.rain), $0.complete ? "yes" : "no"] })
            s += "</details>"
        }
        return s + "</section>"
    }

    func monthlyRain() throws -> String {
        var s = "<section><h2>Monthly rainfall</h2>"
        let rows = try database.rows("SELECT r.location_id, COALESCE(l.name, r.location_id), month, precip_mm, complete, days_with_data, days_in_month FROM rainfall_monthly r LEFT JOIN locations l ON l.id = r.location_id WHERE precip_mm IS NOT NULL ORDER BY 1, month")
        let places = rows.reduce(into: [String]()) { if !$0.contains($1[0].string ?? "") { $0.append($1[0].string ?? "") } }
        func items(_ place: String) -> [(label: String, value: Double, partial: Bool)] {
            rows.filter { $0[0].string == place }.map { (label: $0[2].string ?? "", value: $0[3].double ?? 0, partial: $0[4].int != 1) }
        }
        s += "<figure><figcaption>Monthly rainfall (n = days with data, in the table)</figcaption>"
        if places.count > 1 {  // one small chart per location
            s += "<div class=\"multiples\">" + places.map { place in
                let name = rows.first { $0[0].string == place }?[1].string ?? place
                return "<div><h4>\(HTML.escape(name))</h4>" + SVGChart(width: 320, height: 220, cssClass: "small")
                    .bars(items(place), title: "Monthly rainfall at \(name)", yTitle: "rainfall (mm)") + "</div>"
            }.joined() + "</div>"
        } else {
            s += SVGChart().bars(items(places.first ?? ""), title: "Monthly rainfall", yTitle: "rainfall (mm)")
        }
        s += "</figure>"
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
}
