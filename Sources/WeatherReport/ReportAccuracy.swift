import WeatherCore
import WeatherStore

/// "Forecast accuracy by lead time": MAE and bias per provider with their 95 % intervals, and
/// per-location small multiples when the store has several locations.
extension ReportBuilder {
    static let dayVariables: [(String, String, String)] = [("temp_max_c", "Daily high", "°C"), ("temp_min_c", "Daily low", "°C"),
                                                          ("precip_mm", "Daily precipitation", "mm")]

    /// One row of a day-lead score: the pooled or one location's.
    struct ScoreRow {
        var source: String, location: String, place: String
        var lead: Double, n: Int64
        var mae: Double?, bias: Double?
        var maeLow: Double?, maeHigh: Double?, biasLow: Double?, biasHigh: Double?
        var note: String?
        var terciles: [Double?]
        var p50: Double? = nil, p90: Double? = nil
    }

    func scoreRows(_ variable: String) throws -> [ScoreRow] {
        let hasLocations = try column("forecast_scores", "location_id") != "NULL"
        let c = { (name: String) throws -> String in try self.column("forecast_scores", name) }
        let sql = """
            SELECT \(SourceIdentity.sql()), \(hasLocations ? "s.location_id" : "'*'"),
                   COALESCE(l.name, \(hasLocations ? "s.location_id" : "'*'")), lead_days, n, mae, bias, \(try c("mae_ci_low")),
                   \(try c("mae_ci_high")), \(try c("bias_ci_low")), \(try c("bias_ci_high")), \(try c("ci_note")),
                   \(try c("bias_lower_tercile")), \(try c("bias_middle_tercile")), \(try c("bias_upper_tercile")),
                   \(try c("abs_error_p50")), \(try c("abs_error_p90"))
            FROM forecast_scores s LEFT JOIN locations l ON \(hasLocations ? "l.id = s.location_id" : "0")
            WHERE variable = ? AND lead_kind = 'day' ORDER BY 1, 2, lead_days
            """
        return try database.rows(sql, [.text(variable)]).map { r in
            ScoreRow(source: r[0].string ?? "?", location: r[1].string ?? "*", place: r[2].string ?? "", lead: r[3].double ?? 0,
                     n: r[4].int ?? 0, mae: r[5].double, bias: r[6].double, maeLow: r[7].double, maeHigh: r[8].double,
                     biasLow: r[9].double, biasHigh: r[10].double, note: r[11].string, terciles: [r[12].double, r[13].double, r[14].double],
                     p50: r[15].double, p90: r[16].double)
        }
    }

    /// Series per source: the score and its interval at each lead.
    func series(_ rows: [ScoreRow], _ value: (ScoreRow) -> Double?, _ low: (ScoreRow) -> Double?,
                _ high: (ScoreRow) -> Double?) -> [SVGChart.Series] {
        var order: [String] = [], out: [String: SVGChart.Series] = [:]
        for r in rows {
            if out[r.source] == nil { order.append(r.source); out[r.source] = SVGChart.Series(name: r.source, points: []) }
            guard let v = value(r) else { continue }
            out[r.source]!.points.append((r.lead, v))
            if let lo = low(r), let hi = high(r) { out[r.source]!.intervals.append((r.lead, lo, hi)) }
        }
        return order.map { out[$0]! }
    }

    func accuracy() throws -> String {
        var s = "<section><h2>Forecast accuracy by lead time</h2>"
        s += "<p class=\"note\">Mean absolute error and bias (forecast − observed) of day forecasts against the observed daily values, per provider, by days ahead. Lower MAE is better; a bias above zero means forecasts ran high. Error bars: 95 % intervals by a moving-block bootstrap over target dates; groups with fewer than 10 pairs have none (the table says why).</p>"
        s += try exclusions()
        s += try truthUsed()
        for (variable, label, unit) in Self.dayVariables {
            let all = try scoreRows(variable)
            let rows = all.filter { $0.location == "*" }
            s += "<h3>\(HTML.escape(label)) (\(variable))</h3>"
            guard !rows.isEmpty else { s += "<p>No pairs for \(variable).</p>"; continue }
            let n = sampleSize(rows.map(\.n))
            s += "<figure><figcaption>\(HTML.escape(label)): mean absolute error by lead time (\(n))</figcaption>"
                + chart().lines(series(rows, \.mae, \.maeLow, \.maeHigh), title: "\(label): MAE by lead time",
                                   xTitle: "lead time (days)", yTitle: "MAE (\(unit))") + "</figure>"
            s += numbers("mae-\(variable)", ["provider", "lead (days)", "pairs", "MAE (\(unit))", "95 % interval", "median |error|", "90th percentile |error|"],
                         rows.map { [$0.source, fmt($0.lead), String($0.n), fmt($0.mae), interval($0.maeLow, $0.maeHigh, note: $0.note), fmt($0.p50), fmt($0.p90)] })
            s += "<figure><figcaption>\(HTML.escape(label)): bias (forecast − observed) by lead time (\(n))</figcaption>"
                + chart().lines(series(rows, \.bias, \.biasLow, \.biasHigh), title: "\(label): bias by lead time",
                                   xTitle: "lead time (days)", yTitle: "bias (\(unit))") + "</figure>"
            s += numbers("bias-\(variable)", ["provider", "lead (days)", "pairs", "bias (\(unit))", "95 % interval",
                                              "bias, lowest third of observed", "middle third", "highest third"],
                         rows.map { [$0.source, fmt($0.lead), String($0.n), fmt($0.bias), interval($0.biasLow, $0.biasHigh, note: $0.note)]
                             + $0.terciles.map(fmt) })
            s += smallMultiples(all.filter { $0.location != "*" }, label: label, variable: variable, unit: unit)
        }
        return s + (try byMonth()) + "</section>"
    }

    /// MAE by lead per location, one small chart each, when there are several locations.
    func smallMultiples(_ rows: [ScoreRow], label: String, variable: String, unit: String) -> String {
        let places = Array(Set(rows.map(\.location))).sorted()
        guard places.count > 1 else { return "" }
        var s = "<figure><figcaption>\(HTML.escape(label)): MAE by lead time at each location (\(sampleSize(rows.map(\.n))))</figcaption><div class=\"multiples\">"
        for place in places {
            let here = rows.filter { $0.location == place }
            let small = chart(width: 320, height: 220, cssClass: "small")
            s += "<div><h4>\(HTML.escape(here.first?.place ?? place))</h4>"
                + small.lines(series(here, \.mae, \.maeLow, \.maeHigh), title: "\(label) at \(here.first?.place ?? place): MAE by lead time",
                              xTitle: "lead (days)", yTitle: "MAE (\(unit))") + "</div>"
        }
        s += "</div></figure><details><summary class=\"note\">the numbers (\(rows.count) rows)</summary>"
        return s + numbers("mae-by-location-\(variable)", ["location", "provider", "lead (days)", "pairs", "MAE (\(unit))", "95 % interval"],
                           rows.map { [$0.place, $0.source, fmt($0.lead), String($0.n), fmt($0.mae), interval($0.maeLow, $0.maeHigh, note: $0.note)] },
                           textColumns: 2) + "</details>"
    }

    /// `scores_by_month`, day leads, folded: a provider good in summer and poor in winter shows here.
    func byMonth() throws -> String {
        guard try tableExists("scores_by_month") else { return "" }
        let rows = try database.rows("""
            SELECT \(SourceIdentity.sql()), variable, lead_days, month, n, bias, mae, rmse
            FROM scores_by_month WHERE lead_kind = 'day' ORDER BY 2, 1, 3, 4
            """)
        guard !rows.isEmpty else { return "" }
        return "<h3>By month</h3><details><summary class=\"note\">bias, MAE and RMSE per month of the target date (\(rows.count) rows)</summary>"
            + numbers("by-month", ["provider", "variable", "lead (days)", "month", "pairs", "bias", "MAE", "RMSE"],
                      rows.map { r in [r[0].string ?? "", r[1].string ?? "", String(r[2].int ?? 0), r[3].string ?? "", String(r[4].int ?? 0),
                                       fmt(r[5].double), fmt(r[6].double), fmt(r[7].double)] }, textColumns: 2) + "</details>"
    }
}
