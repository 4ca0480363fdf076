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
            body += try verdict()
            body += try whoIsBetter()
            body += try accuracy()
            body += try skill()
            body += try precipitation()
            body += try consistency()
            body += try dailyCharts()
            body += try monthlyRain()
        } else {
            body += "<section><h2>Aggregates</h2><p>This store has no aggregates yet: run <code>wxpipe aggregate --db FILE</code> first.</p></section>"
        }
        body += try quality()
        // Every table scrolls inside its own box, so a wide one never widens the page on a phone.
        body = body.replacingOccurrences(of: "<table", with: "<div class=\"scroll\"><table")
            .replacingOccurrences(of: "</table>", with: "</table></div>")
        return """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>
        <title>\(HTML.escape(title))</title>
        <style>\(ReportBuilder.css)</style></head>
        <body>
        <h1>\(HTML.escape(title))</h1>
        \(body)
        </body></html>

        """
    }

    /// The page's only style sheet. Chart text is enlarged on narrow screens: a 640-unit chart
    /// shown 358 px wide (a 390 px phone) is scaled by 0.56, so 19-unit labels stay above 10 px.
    static let css = """
        body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;margin:24px auto;max-width:1000px;color:#222;padding:0 16px}
        h1{font-size:1.6em}h2{border-bottom:2px solid #ddd;padding-bottom:4px;margin-top:2em}h3{margin-bottom:4px}
        .scroll{overflow-x:auto;max-width:100%;margin:8px 0 16px}
        table{border-collapse:collapse;font-size:13px}th,td{border:1px solid #ccc;padding:3px 8px;text-align:right;white-space:nowrap}
        th{background:#f0f0f0}td.t,th.t{text-align:left}
        ul.legend{list-style:none;padding:0;margin:4px 0 12px;display:flex;flex-wrap:wrap;gap:4px 18px;font-size:13px}
        ul.legend li{display:flex;align-items:center;gap:6px}ul.verdicts li{margin:4px 0}
        .sw{display:inline-block;width:22px;height:10px;border:1px solid #555}.sw.hi{background:#b2182b}.sw.lo{background:#2166ac}
        .sw.rain{background:#7fb3d5}.sw.full{background:#4f8fc0}.sw.part{background:repeating-linear-gradient(45deg,#cfe3f1 0 3px,#2e6f95 3px 5px)}
        .note{color:#555;font-size:13px}figure{margin:0 0 8px}figcaption{font-size:13px;font-weight:600;margin:8px 0 2px}svg{max-width:100%;height:auto}
        .multiples{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:8px 16px}
        @media (max-width:700px){svg.chart text{font-size:15px}}
        @media (max-width:480px){svg.chart text{font-size:19px}svg.square text{font-size:13px}}
        """

    // MARK: Sections

    func overview(generatedAt: Int64) throws -> String {
        let c = try StoreContents.read(database)
        var s = "<p class=\"note\">Generated \(UTCTime.iso8601(generatedAt)) from <code>\(HTML.escape(database.path))</code>.</p>"
        s += "<table data-table=\"headline\"><tr><th class=\"t\">documents read</th><th class=\"t\">observations</th><th class=\"t\">forecasts</th>"
            + "<th class=\"t\">locations</th><th class=\"t\">rejected documents</th><th class=\"t\">duplicate documents</th></tr>"
        s += "<tr><td>\(c.documents)</td><td>\(c.observations)</td><td>\(c.forecasts)</td><td>\(c.locations)</td>"
            + "<td>\(c.rejectedDocuments)</td><td>\(c.duplicateDocuments)</td></tr></table>"
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

    func fmt(_ v: Double?) -> String {
        guard let v else { return "" }
        return SVGChart.label(v)
    }

    /// A column of `table` when the store has it, else NULL: stores aggregated by an older wxpipe
    /// lack the interval, skill and comparison columns and still get a report.
    func column(_ table: String, _ name: String) throws -> String {
        try database.scalar("SELECT COUNT(*) FROM pragma_table_info(?) WHERE name = ?", [.text(table), .text(name)])?.int == 1 ? name : "NULL"
    }

    /// The numbers of a chart, in a table beneath it; the first `textColumns` cells are text.
    func numbers(_ name: String, _ header: [String], _ rows: [[String]], textColumns: Int = 1) -> String {
        var s = "<table data-table=\"\(HTML.escape(name))\"><tr>"
        for (k, h) in header.enumerated() { s += k < textColumns ? "<th class=\"t\">\(HTML.escape(h))</th>" : "<th>\(HTML.escape(h))</th>" }
        s += "</tr>"
        for row in rows {
            s += "<tr>" + row.enumerated().map { k, v in k < textColumns ? "<td class=\"t\">\(HTML.escape(v))</td>" : "<td>\(HTML.escape(v))</td>" }.joined() + "</tr>"
        }
        return s + "</table>"
    }

    /// `[low, high]`, or why there is no interval.
    func interval(_ low: Double?, _ high: Double?, note: String? = nil) -> String {
        guard let low, let high else { return note ?? "" }
        return "[\(fmt(low)), \(fmt(high))]"
    }

    /// "n = 12" or "n = 3–40 per point", for a chart's caption.
    func sampleSize(_ counts: [Int64], _ what: String = "pairs") -> String {
        guard let lo = counts.min(), let hi = counts.max() else { return "" }
        return lo == hi ? "n = \(lo) \(what) per point" : "n = \(lo)–\(hi) \(what) per point"
    }
}

extension ReportBuilder {
    /// Every forecast source of the store in a fixed order: its style index in every chart.
    func sourceStyles() throws -> [String: Int] {
        guard try tableExists("forecast_scores") else { return [:] }
        let names = try database.rows("""
            SELECT DISTINCT \(SourceIdentity.sql()) FROM forecast_scores ORDER BY 1
            """).compactMap { $0.first?.string }
        return Dictionary(uniqueKeysWithValues: names.enumerated().map { ($0.element, $0.offset) })
    }

    /// A chart whose series keep the report-wide style of their source.
    func chart(width: Double = 640, height: Double = 300, cssClass: String = "chart") -> SVGChart {
        var chart = SVGChart(width: width, height: height, cssClass: cssClass)
        chart.styles = (try? sourceStyles()) ?? [:]
        return chart
    }
}
