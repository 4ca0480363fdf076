import WeatherStore

extension ReportBuilder {
    /// Which truth verified the forecasts (docs/VERIFICATION.md, "What is truth"): per location,
    /// the days each source (and station) made, and the pairs per pairing and truth — so a reader
    /// sees when scores rest on station observations and when on a provider's own product.
    func truthUsed() throws -> String {
        guard try tableExists("daily_observed"), try tableExists("forecast_pairs"),
              try database.scalar("SELECT COUNT(*) FROM pragma_table_info('forecast_pairs') WHERE name = 'pairing'")?.int == 1 else { return "" }
        let pairing = try database.scalar("SELECT value FROM meta WHERE key = 'aggregate.pairing'")?.string ?? "calendar_day"
        var s = "<h3>Truth used</h3><p class=\"note\">Station observations (NWS, METAR) are the truth where they cover a "
            + "location (the station nearest the location, per day), then providers' observation products; never the current "
            + "block of a forecast reply. Day pairing: \(HTML.escape(pairing)); NWS 12-hour periods are always paired over their window.</p>"
        s += "<table data-table=\"truth\"><tr><th class=\"t\">location</th><th class=\"t\">truth</th><th>days</th><th>pairs</th>"
            + "<th class=\"t\">pairings</th></tr>"
        let rows = try database.rows("""
            WITH days AS (SELECT location_id, truth_source AS source, IFNULL(truth_station, '') AS station, COUNT(*) AS n
                          FROM daily_observed WHERE truth_source IS NOT NULL GROUP BY 1, 2, 3),
                 pairs AS (SELECT location_id, truth_provider || '/' || truth_product AS source, IFNULL(truth_station, '') AS station,
                                  COUNT(*) AS n, GROUP_CONCAT(DISTINCT pairing) AS pairings FROM forecast_pairs GROUP BY 1, 2, 3),
                 keys AS (SELECT location_id, source, station FROM days UNION SELECT location_id, source, station FROM pairs)
            SELECT COALESCE(l.name, k.location_id), k.source, k.station, IFNULL(d.n, 0), IFNULL(p.n, 0), IFNULL(p.pairings, '')
            FROM keys k LEFT JOIN days d USING (location_id, source, station) LEFT JOIN pairs p USING (location_id, source, station)
            LEFT JOIN locations l ON l.id = k.location_id
            ORDER BY k.location_id, 2, 3
            """)
        for r in rows {
            let truth = (r[1].string ?? "") + ((r[2].string ?? "").isEmpty ? "" : " " + (r[2].string ?? ""))
            s += "<tr><td class=\"t\">\(HTML.escape(r[0].string ?? ""))</td><td class=\"t\">\(HTML.escape(truth))</td>"
                + "<td>\(r[3].int ?? 0)</td><td>\(r[4].int ?? 0)</td><td class=\"t\">\(HTML.escape(r[5].string ?? ""))</td></tr>"
        }
        return s + "</table>"
    }
}
