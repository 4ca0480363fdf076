import WeatherCore

/// The wxpipe store: the schema, and the prepared statements the ingest stage writes with.
///
/// Writes happen in batches inside transactions (`Database.inTransaction`); statements are
/// prepared once and reused, which is most of SQLite's insert speed. Each insert is built
/// from its table's declaration (`RecordTables`, `IngestTables`).
public final class Store {
    public let database: Database
    private var insertObservation: ColumnInsert<PlacedObservation>?
    private var insertReject: ColumnInsert<(reject: Reject, sourceID: Int64)>?
    private var insertLocation: ColumnInsert<Location>?
    private var insertForecast: ColumnInsert<PlacedInPlace<Forecast>>?
    /// The rows of the reply being written, kept for its capacity (no allocation per reply).
    private var forecastRows: [PlacedInPlace<Forecast>] = []
    private var insertWarningStatement: ColumnInsert<IngestTables.Warning>?
    private var insertSource: ColumnInsert<SourceStart>?
    private var updateSource: Statement?
    private let keys: RecordKeys
    /// Observations waiting for a grouped insert (`queue(observation:…)`).
    private let observationQueue: ObservationQueue
    /// The schema version the store had when opened (0: it was created now).
    public let versionFound: Int

    /// Opens (or creates) the store at `path`, upgrading an older schema in place (`Migration`).
    public init(path: String) throws {
        database = try Database(path: path)
        keys = RecordKeys(database: database)
        observationQueue = ObservationQueue(database: database)
        versionFound = try Migration.upgrade(database)
    }

    /// "upgraded …" when the store was upgraded on open, for the commands to print.
    public var upgradeNotice: String? { Migration.notice(path: database.path, before: versionFound) }

    // MARK: Sources

    /// Starts a source `in_progress`; `settings` is the fingerprint of the settings that shape its
    /// records (the skip key is the input hash together with it).
    public func beginSource(path: String, member: String?, inputHash: String?, settings: String = "",
                            modifiedAt: Int64?, now: Int64) throws(StoreError) -> Int64 {
        if insertSource == nil {
            insertSource = try ColumnInsert(database, table: "sources", layout: IngestTables.sourceStartLayout)
        }
        try insertSource!.insert(SourceStart(path: path, member: member, inputHash: inputHash, settings: settings,
                                             modifiedAt: modifiedAt, now: now))
        return database.lastInsertRowID
    }

    public struct SourceCounts: Sendable, Equatable {
        public var documents = 0, accepted = 0, rejected = 0, duplicates = 0, records = 0
        public init() {}
    }

    public func finishSource(id: Int64, bytes: Int, contentHash: String, counts: SourceCounts) throws(StoreError) {
        if updateSource == nil {
            updateSource = try database.prepare("""
                UPDATE sources SET bytes = ?, content_hash = ?, documents = ?, accepted = ?, rejected = ?,
                    duplicates = ?, records = ?, status = 'complete' WHERE id = ?
                """)
        }
        try updateSource!.run([.integer(Int64(bytes)), .text(contentHash), .integer(Int64(counts.documents)),
                  .integer(Int64(counts.accepted)), .integer(Int64(counts.rejected)),
                  .integer(Int64(counts.duplicates)), .integer(Int64(counts.records)), .integer(id)])
    }

    // MARK: Locations

    public func loadLocations() throws(StoreError) -> [Location] {
        try database.rows("SELECT id, name, country, lat, lon, timezone, utc_offset_s, radius_km, declared, state FROM locations ORDER BY rowid")
            .map { r in
                var l = Location(id: r[0].string ?? "", name: r[1].string, country: r[2].string,
                                 latitude: r[3].double ?? 0, longitude: r[4].double ?? 0, timeZone: r[5].string,
                                 utcOffsetSeconds: r[6].int.map(Int.init), radiusKm: r[7].double ?? 25,
                                 declared: r[8].int == 1)
                l.state = r[9].string
                return l
            }
    }

    /// Inserts a location, or updates it when it is declared (the pipeline file wins).
    public func saveLocation(_ l: Location) throws(StoreError) {
        if insertLocation == nil {
            insertLocation = try ColumnInsert(database, table: "locations", layout: IngestTables.locationLayout, suffix: """
                ON CONFLICT(id) DO UPDATE SET
                    name = COALESCE(excluded.name, name), country = COALESCE(excluded.country, country),
                    state = COALESCE(excluded.state, state),
                    lat = CASE WHEN excluded.declared THEN excluded.lat ELSE lat END,
                    lon = CASE WHEN excluded.declared THEN excluded.lon ELSE lon END,
                    timezone = COALESCE(excluded.timezone, timezone),
                    utc_offset_s = COALESCE(excluded.utc_offset_s, utc_offset_s),
                    radius_km = CASE WHEN excluded.declared THEN excluded.radius_km ELSE radius_km END,
                    declared = MAX(declared, excluded.declared)
                """)
        }
        try insertLocation!.insert(l)
    }

    // MARK: Records

    /// Inserts an observation; returns false when it is a duplicate (same provider, product,
    /// location and instant as one already stored), which is then counted, not written.
    public func insert(_ o: Observation, locationID: String, sourceID: Int64, line: Int) throws(StoreError) -> Bool {
        try withUnsafePointer(to: o) { (o) throws(StoreError) -> Bool in
            try insert(o, role: o.pointee.role, locationID: locationID, sourceID: sourceID, line: line)
        }
    }

    /// Inserts the observation `o` points to with `role` (instead of its own): the writer's
    /// path, which reads a decoded reply's observations in place.
    public func insert(_ o: UnsafePointer<Observation>, role: ObservationRole?, locationID: String, sourceID: Int64,
                       line: Int) throws(StoreError) -> Bool {
        if insertObservation == nil {
            insertObservation = try ColumnInsert(database, table: "observation_rows", layout: RecordTables.observationLayout, verb: "OR IGNORE")
        }
        let feed = try keys.key(of: o.pointee.feed)
        try insertObservation!.insert(PlacedObservation(record: o, role: role, locationKey: try keys.location(locationID),
                                                        feedKey: feed, sourceID: sourceID, line: line))
        return database.changes > 0
    }

    /// Queues observation `index` of `observations` for an insert grouped with the next ones
    /// (`ObservationQueue`), with `role` (instead of its own); `tag` is given back by
    /// `flushObservations` if the row is new. The caller flushes when `observationQueueIsFull`,
    /// and before anything reads the table or ends the transaction.
    public func queue(observation index: Int, of observations: [Observation], role: ObservationRole?, locationID: String,
                      sourceID: Int64, line: Int, tag: Int) throws(StoreError) {
        let (feed, observedAt) = try observations.withUnsafeBufferPointer { (rows) throws(StoreError) in
            (try keys.key(of: rows[index].feed), rows[index].observedAt)
        }
        observationQueue.append(ObservationQueue.Entry(observations: observations, index: index, role: role,
                                                       locationKey: try keys.location(locationID), feedKey: feed,
                                                       observedAt: observedAt, sourceID: sourceID, line: line, tag: tag))
    }

    public var observationQueueIsFull: Bool { observationQueue.isFull }
    public var observationsQueued: Int { observationQueue.entries.count }

    /// Inserts the queued observations; `new` is called with the tag of each row that was new
    /// (the others were duplicates).
    public func flushObservations(_ new: (Int) -> Void) throws(StoreError) { try observationQueue.flush(new) }

    /// Drops the queued observations unwritten (their transaction is rolled back).
    public func discardQueuedObservations() { observationQueue.discard() }

    /// Inserts a forecast; false when the same provider, product, model, location, issue time,
    /// period and start are already stored (a duplicate).
    public func insert(_ f: Forecast, locationID: String, sourceID: Int64, line: Int) throws(StoreError) -> Bool {
        try insert(forecasts: [f], locationIDs: [locationID], sourceID: sourceID, line: line) > 0
    }

    /// Forecast rows bound into one INSERT: a reply holds dozens to hundreds (48 hourly + 8
    /// daily, 336 hours), and 16 × 36 parameters stay far below SQLite's limit.
    static let forecastsPerStatement = 16

    /// Inserts one document's forecasts, each at the location id beside it (same order);
    /// returns how many were new (the rest were duplicates).
    ///
    /// The writer's hot loop: rows are bound from the reply's array in place, and the feed and
    /// location keys are looked up again only when a row's differ from the row before (a
    /// reply's rows almost always share both).
    public func insert(forecasts: [Forecast], locationIDs: [String], sourceID: Int64, line: Int) throws(StoreError) -> Int {
        precondition(forecasts.count == locationIDs.count, "one location id per forecast")
        if insertForecast == nil {
            insertForecast = try ColumnInsert(database, table: "forecast_rows", layout: RecordTables.forecastLayout, verb: "OR IGNORE",
                                              rowsPerStatement: Store.forecastsPerStatement)
        }
        var rows = forecastRows
        forecastRows = []
        defer {
            rows.removeAll(keepingCapacity: true)
            forecastRows = rows
        }
        return try forecasts.withUnsafeBufferPointer { (buffer) throws(StoreError) -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var feedKey: Int64 = 0
            var locationKey: Int64 = 0
            for k in 0..<buffer.count {
                let f = base + k
                if k == 0 || !Forecast.sameFeed(f, f - 1) { feedKey = try keys.key(of: f.pointee.feed) }
                if k == 0 || locationIDs[k] != locationIDs[k - 1] { locationKey = try keys.location(locationIDs[k]) }
                rows.append(PlacedInPlace(record: f, locationKey: locationKey, feedKey: feedKey, sourceID: sourceID, line: line))
            }
            return try insertForecast!.insert(rows)
        }
    }

    /// A remark on an accepted document that a user should see: a variable left missing because
    /// its unit was not understood, a time zone not known here.
    /// A value set aside (quarantined) also names its field path, value and rule.
    public func insertWarning(_ message: String, format: String, origin: Origin, sourceID: Int64,
                              fieldPath: String? = nil, value: String? = nil, rule: String? = nil) throws(StoreError) {
        if insertWarningStatement == nil {
            insertWarningStatement = try ColumnInsert(database, table: "warnings", layout: IngestTables.warningLayout)
        }
        try insertWarningStatement!.insert(IngestTables.Warning(message: message, format: format, origin: origin, sourceID: sourceID,
                                                                 fieldPath: fieldPath, value: value, rule: rule))
    }

    public func insert(_ r: Reject, sourceID: Int64) throws(StoreError) {
        if insertReject == nil {
            insertReject = try ColumnInsert(database, table: "rejects", layout: IngestTables.rejectLayout)
        }
        try insertReject!.insert((reject: r, sourceID: sourceID))
    }
}

extension Forecast {
    /// Whether two rows are of the same feed (`feed`: provider, product, model and period),
    /// compared field by field without building either feed. Through the pointers: passing the
    /// records themselves copied both (a retain and release of each of their strings) per row.
    fileprivate static func sameFeed(_ a: UnsafePointer<Forecast>, _ b: UnsafePointer<Forecast>) -> Bool {
        a.pointee.provider == b.pointee.provider && a.pointee.product == b.pointee.product
            && a.pointee.model == b.pointee.model && a.pointee.period == b.pointee.period
    }
}
