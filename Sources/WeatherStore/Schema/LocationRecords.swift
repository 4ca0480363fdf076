/// One location's records as the aggregate stage reads them: the statements are prepared once,
/// and every row is handed over as it is stepped, read by column name.
///
/// They read the row tables, not the views: instants come as Unix seconds, with no ISO text made
/// and parsed back per row. Rows come in the order of their unique keys, not of their ids — the
/// views' order, as ISO text sorts as the instant — so that the aggregate's results, down to the
/// last bit of a sum, depend on the records alone: a store merged from shards (docs/SCALING.md)
/// or ingested again gives the same.
public struct LocationRecords {
    /// An observation with what truth needs: its feed, role, instant and the values verified.
    public struct Observation {
        public var id: Int64
        public var provider: String, product: String
        /// '' for records that are not station reports.
        public var stationID: String
        public var role: String?
        public var observedAt: Int64
        public var tempC: Double?, precipMm: Double?, precipWindowH: Double?
        public var latitude: Double, longitude: Double
        /// Extremes the station reported over the 6 or 24 hours, or a stated window, ending at `observedAt`.
        public var tempMax6hC: Double?, tempMin6hC: Double?, tempMax24hC: Double?, tempMin24hC: Double?
        public var tempMaxC: Double?, tempMinC: Double?, extremesWindowH: Double?
        /// The elevation the values are for (the station's, or a model grid's).
        public var elevationM: Double?
    }

    /// A forecast with what pairing needs.
    public struct Forecast {
        public var id: Int64
        public var provider: String, product: String, model: String?, period: String
        public var issuedAt: Int64, validFrom: Int64, validTo: Int64, validAt: Int64?
        public var periodHours: Double?
        public var tempC: Double?, tempMaxC: Double?, tempMinC: Double?, precipMm: Double?, precipProbPct: Double?
        /// The elevation of the model grid point.
        public var elevationM: Double?
    }

    private let place: Statement
    private let observations: Statement
    private let days: Statement
    private let windows: Statement
    private let firstIssue: Statement
    private let lastIssue: Statement
    /// The day and window reads, feed by feed and merged (nil: sorted by SQLite, as a test compares).
    private let merged: FeedMergedReads?

    public init(_ database: Database) throws(StoreError) {
        try self.init(database, mergingFeeds: true)
    }

    init(_ database: Database, mergingFeeds: Bool) throws(StoreError) {
        merged = mergingFeeds ? try FeedMergedReads(database) : nil
        let location = "(SELECT key FROM location_keys WHERE location_id = ?)"
        // Feeds first (CROSS JOIN keeps them the outer loop), so each feed's rows of one issue
        // span are a range of the unique key (location_key, feed_key, issued_at_unix, …).
        let issued = "f.issued_at_unix >= ? AND f.issued_at_unix < ?"
        place = try database.prepare("SELECT lat, lon FROM locations WHERE id = ?")
        observations = try database.prepare("""
            SELECT o.id, d.provider, d.product, o.role, o.observed_at_unix, o.temp_c, o.precip_mm, o.precip_window_h, d.station_id,
                   o.lat, o.lon, o.temp_max_6h_c, o.temp_min_6h_c, o.temp_max_24h_c, o.temp_min_24h_c, o.temp_max_c, o.temp_min_c,
                   o.extremes_window_h, o.elevation_m
            FROM observation_rows o JOIN feeds d ON d.key = o.feed_key WHERE o.location_key = \(location)
            ORDER BY o.observed_at_unix, d.provider, d.product, d.station_id
            """)
        days = try database.prepare("""
            SELECT f.id, d.provider, d.product, NULLIF(d.model, '') AS model, d.period, f.issued_at_unix, f.valid_from_unix,
                   f.valid_to_unix, f.valid_at_unix, f.period_hours, f.temp_c, f.temp_max_c, f.temp_min_c, f.precip_mm, f.precip_prob_pct,
                   f.elevation_m
            FROM feeds d CROSS JOIN forecast_rows f ON f.feed_key = d.key
            WHERE f.location_key = \(location) AND d.period = 'day' AND \(issued)
            ORDER BY f.issued_at_unix, d.provider, d.product, d.model, f.valid_from_unix
            """)
        windows = try database.prepare("""
            SELECT f.id, d.provider, d.product, NULLIF(d.model, '') AS model, d.period, f.issued_at_unix, f.valid_from_unix,
                   f.valid_to_unix, f.valid_at_unix, f.period_hours, f.temp_c, f.temp_max_c, f.temp_min_c, f.precip_mm, f.precip_prob_pct,
                   f.elevation_m
            FROM feeds d CROSS JOIN forecast_rows f ON f.feed_key = d.key
            WHERE f.location_key = \(location) AND \(issued) AND d.period IN (?, ?) AND (? = 0 OR f.precip_mm IS NOT NULL)
            ORDER BY f.issued_at_unix, d.provider, d.product, d.model, d.period, f.valid_from_unix
            """)
        // One indexed look-up per feed (a MIN or MAX alone in its SELECT reads one key of the index).
        firstIssue = try database.prepare("""
            SELECT MIN((SELECT MIN(issued_at_unix) FROM forecast_rows WHERE location_key = \(location) AND feed_key = d.key)) FROM feeds d
            """)
        lastIssue = try database.prepare("""
            SELECT MAX((SELECT MAX(issued_at_unix) FROM forecast_rows WHERE location_key = \(location) AND feed_key = d.key)) FROM feeds d
            """)
    }

    /// Every issue instant, for reads that take all of a location's forecasts at once.
    public static let allIssues: Range<Int64> = Int64.min..<Int64.max

    /// The first and last issue instants of the location's forecasts (nil when it has none).
    public func issueSpan(_ location: String) throws -> ClosedRange<Int64>? {
        var first: Int64?, last: Int64?
        try firstIssue.forEachRow([.text(location)]) { r in first = r.first?.int }
        try lastIssue.forEachRow([.text(location)]) { r in last = r.first?.int }
        guard let first, let last, first <= last else { return nil }
        return first...last
    }

    /// The location's coordinates (nil for an unknown location).
    public func coordinates(_ location: String) throws -> (latitude: Double, longitude: Double)? {
        var out: (Double, Double)?
        try place.forEachRow([.text(location)], named: { r in out = (r.double("lat") ?? 0, r.double("lon") ?? 0) })
        return out
    }

    /// The location's observations, in time order (then provider, product and station).
    public func observations(_ location: String, _ body: (Observation) throws -> Void) throws {
        try observations.forEachRow([.text(location)], named: { r in
            guard let t = r.int("observed_at_unix") else { return }
            try body(Observation(id: r.int("id") ?? 0, provider: r.string("provider") ?? "", product: r.string("product") ?? "",
                                 stationID: r.string("station_id") ?? "", role: r.string("role"), observedAt: t,
                                 tempC: r.double("temp_c"), precipMm: r.double("precip_mm"), precipWindowH: r.double("precip_window_h"),
                                 latitude: r.double("lat") ?? 0, longitude: r.double("lon") ?? 0,
                                 tempMax6hC: r.double("temp_max_6h_c"), tempMin6hC: r.double("temp_min_6h_c"),
                                 tempMax24hC: r.double("temp_max_24h_c"), tempMin24hC: r.double("temp_min_24h_c"),
                                 tempMaxC: r.double("temp_max_c"), tempMinC: r.double("temp_min_c"),
                                 extremesWindowH: r.double("extremes_window_h"), elevationM: r.double("elevation_m")))
        })
    }

    /// The location's day forecasts issued in `issued`, by issue, feed and window.
    public func dayForecasts(_ location: String, issued: Range<Int64> = allIssues, _ body: (Forecast) throws -> Void) throws {
        if let merged, let feeds = try merged.feeds(periods: ("day", "day")) {
            return try merged.forEach(location, feeds: feeds, issued: issued, amountsOnly: false, body)
        }
        try forecasts(days, [.text(location), .integer(issued.lowerBound), .integer(issued.upperBound)], body)
    }

    /// The location's forecasts of one or two periods issued in `issued`; with `amountsOnly`, only
    /// those with a precipitation amount.
    public func windowForecasts(_ location: String, periods: (String, String), amountsOnly: Bool, issued: Range<Int64> = allIssues,
                                _ body: (Forecast) throws -> Void) throws {
        if let merged, let feeds = try merged.feeds(periods: periods) {
            return try merged.forEach(location, feeds: feeds, issued: issued, amountsOnly: amountsOnly, body)
        }
        try forecasts(windows, [.text(location), .integer(issued.lowerBound), .integer(issued.upperBound), .text(periods.0),
                                .text(periods.1), .integer(amountsOnly ? 1 : 0)], body)
    }

    private func forecasts(_ statement: Statement, _ values: [SQLValue], _ body: (Forecast) throws -> Void) throws {
        try statement.forEachRow(values, named: { r in
            guard let issued = r.int("issued_at_unix"), let from = r.int("valid_from_unix"), let to = r.int("valid_to_unix") else { return }
            try body(Forecast(id: r.int("id") ?? 0, provider: r.string("provider") ?? "", product: r.string("product") ?? "",
                              model: r.string("model"), period: r.string("period") ?? "", issuedAt: issued, validFrom: from, validTo: to,
                              validAt: r.int("valid_at_unix"), periodHours: r.double("period_hours"), tempC: r.double("temp_c"),
                              tempMaxC: r.double("temp_max_c"), tempMinC: r.double("temp_min_c"), precipMm: r.double("precip_mm"),
                              precipProbPct: r.double("precip_prob_pct"), elevationM: r.double("elevation_m")))
        })
    }
}
