/// A location's forecasts of some periods in the order `LocationRecords` gives them — issue,
/// then feed (provider, product, model, period), then window start — read feed by feed and
/// merged, instead of one read that SQLite sorts.
///
/// Each feed's rows of one location and issue span are a range of `forecast_rows`' unique key
/// (location, feed, issue, window start), so a read per feed comes in issue and window order
/// without a sort; the feeds' reads are merged by issue, the feed first in order winning a tie.
/// One SQL read sorted every row it returned, every column carried, in a temporary b-tree: an
/// hourly 14-day product is 336 rows per issue. Feeds that share a (provider, product, model,
/// period) — a tie the `ORDER BY` leaves to SQLite — are read by the sorted read instead.
final class FeedMergedReads {
    struct FeedRow {
        var key: Int64
        var provider: String, product: String, model: String?, period: String
        /// The text `ORDER BY d.model` compares ('' or NULL for none).
        var storedModel: String?
    }

    private let database: Database
    private let feeds: Statement
    /// One statement per feed being merged, made as more feeds are merged at once.
    private var reads: [Statement] = []
    private static let readSQL = """
        SELECT f.id, f.issued_at_unix, f.valid_from_unix, f.valid_to_unix, f.valid_at_unix, f.period_hours, f.temp_c, f.temp_max_c,
               f.temp_min_c, f.precip_mm, f.precip_prob_pct, f.elevation_m
        FROM forecast_rows f
        WHERE f.location_key = (SELECT key FROM location_keys WHERE location_id = ?) AND f.feed_key = ?
          AND f.issued_at_unix >= ? AND f.issued_at_unix < ? AND (? = 0 OR f.precip_mm IS NOT NULL)
        ORDER BY f.issued_at_unix, f.valid_from_unix
        """

    init(_ database: Database) throws(StoreError) {
        self.database = database
        feeds = try database.prepare("""
            SELECT d.key, d.provider, d.product, NULLIF(d.model, '') AS model, d.model AS stored_model, d.period FROM feeds d
            WHERE d.period IN (?, ?) ORDER BY d.provider, d.product, d.model, d.period, d.key
            """)
    }

    /// The feeds of `periods` in the `ORDER BY`'s feed order; nil when two of them tie there.
    func feeds(periods: (String, String)) throws -> [FeedRow]? {
        var out: [FeedRow] = []
        try feeds.forEachRow([.text(periods.0), .text(periods.1)], named: { r in
            out.append(FeedRow(key: r.int("key") ?? 0, provider: r.string("provider") ?? "", product: r.string("product") ?? "",
                               model: r.string("model"), period: r.string("period") ?? "", storedModel: r.string("stored_model")))
        })
        for k in out.indices.dropFirst() {
            let a = out[k - 1], b = out[k]
            if a.provider == b.provider && a.product == b.product && a.storedModel == b.storedModel && a.period == b.period { return nil }
        }
        return out
    }

    /// Calls `body` with the rows of `feeds` (in their order) issued in `issued`, merged.
    func forEach(_ location: String, feeds: [FeedRow], issued: Range<Int64>, amountsOnly: Bool,
                 _ body: (LocationRecords.Forecast) throws -> Void) throws {
        while reads.count < feeds.count { reads.append(try database.prepare(Self.readSQL)) }
        defer { for k in feeds.indices { reads[k].reset() } }
        var heads: [LocationRecords.Forecast?] = []
        for (k, feed) in feeds.enumerated() {
            try reads[k].bind([.text(location), .integer(feed.key), .integer(issued.lowerBound), .integer(issued.upperBound),
                               .integer(amountsOnly ? 1 : 0)])
            heads.append(try next(k, feed))
        }
        while true {
            var best = -1
            for k in heads.indices {
                guard let h = heads[k] else { continue }
                if best < 0 || h.issuedAt < heads[best]!.issuedAt { best = k }
            }
            guard best >= 0 else { return }
            try body(heads[best]!)
            heads[best] = try next(best, feeds[best])
        }
    }

    private func next(_ k: Int, _ feed: FeedRow) throws -> LocationRecords.Forecast? {
        let statement = reads[k]
        let r = Row(statement, statement.namesByColumn)
        // As the sorted read: a row without its instants (the schema forbids them) is not a forecast.
        var times: (issued: Int64, from: Int64, to: Int64)?
        while times == nil {
            guard try statement.step() else { return nil }
            if let issued = r.int("issued_at_unix"), let from = r.int("valid_from_unix"), let to = r.int("valid_to_unix") { times = (issued, from, to) }
        }
        return LocationRecords.Forecast(
            id: r.int("id") ?? 0, provider: feed.provider, product: feed.product, model: feed.model, period: feed.period,
            issuedAt: times!.issued, validFrom: times!.from, validTo: times!.to,
            validAt: r.int("valid_at_unix"), periodHours: r.double("period_hours"), tempC: r.double("temp_c"),
            tempMaxC: r.double("temp_max_c"), tempMinC: r.double("temp_min_c"), precipMm: r.double("precip_mm"),
            precipProbPct: r.double("precip_prob_pct"), elevationM: r.double("elevation_m"))
    }
}
