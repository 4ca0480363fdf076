import WeatherCore

/// The wxpipe store: the schema, and the prepared statements the ingest stage writes with.
///
/// Writes happen in batches inside transactions (`Database.transaction`); statements are
/// prepared once and reused, which is most of SQLite's insert speed.
public final class Store {
    public let database: Database
    private var insertObservation: Statement?
    private var insertReject: Statement?
    private var insertLocation: Statement?
    private var insertForecast: Statement?
    private var insertWarningStatement: Statement?
    private var insertSource: Statement?
    private var updateSource: Statement?

    public init(path: String) throws(StoreError) {
        database = try Database(path: path)
        try database.execute(Schema.sql)
        try Schema.upgrade(database)
        try database.run("INSERT OR IGNORE INTO meta(key, value) VALUES ('schema_version', ?)",
                         [.text(String(Schema.version))])
    }

    // MARK: Sources

    /// An input whose every source completed before, identified by its content hash.
    public func isIngested(inputHash: String) throws(StoreError) -> Bool {
        let row = try database.scalar(
            "SELECT COUNT(*) - SUM(status = 'complete') FROM sources WHERE input_hash = ?", [.text(inputHash)])
        guard let row, case .integer(let pending) = row else { return false }
        return pending == 0
    }

    /// Removes what an interrupted earlier run left of an input (its sources not marked complete),
    /// so that re-running gives the same tables as one uninterrupted run.
    public func discardIncomplete(path: String) throws(StoreError) {
        try database.run("DELETE FROM sources WHERE path = ? AND status <> 'complete'", [.text(path)])
    }

    /// Drops all earlier sources of an input whose content changed, so records are not doubled.
    public func discardSources(path: String) throws(StoreError) {
        try database.run("DELETE FROM sources WHERE path = ?", [.text(path)])
    }

    public func beginSource(path: String, member: String?, inputHash: String?, modifiedAt: Int64?, now: Int64) throws(StoreError) -> Int64 {
        if insertSource == nil {
            insertSource = try database.prepare("""
                INSERT INTO sources(path, member, input_hash, modified_at_utc, status, ingested_at_utc)
                VALUES (?, ?, ?, ?, 'in_progress', ?)
                """)
        }
        try insertSource!.run([.text(path), .optional(member), .optional(inputHash),
                               .optional(modifiedAt.map(UTCTime.iso8601)), .text(UTCTime.iso8601(now))])
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
            insertLocation = try database.prepare("""
                INSERT INTO locations(id, name, country, lat, lon, timezone, utc_offset_s, radius_km, declared, state)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
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
        try insertLocation!.run([.text(l.id), .optional(l.name), .optional(l.country), .real(l.latitude),
                                 .real(l.longitude), .optional(l.timeZone), .optional(l.utcOffsetSeconds),
                                 .real(l.radiusKm), .integer(l.declared ? 1 : 0), .optional(l.state)])
    }

    // MARK: Records

    /// Inserts an observation; returns false when it is a duplicate (same provider, product,
    /// location and instant as one already stored), which is then counted, not written.
    public func insert(_ o: Observation, locationID: String, sourceID: Int64, line: Int) throws(StoreError) -> Bool {
        if insertObservation == nil {
            insertObservation = try database.prepare("""
                INSERT OR IGNORE INTO observations(source_id, line, provider, product, location_id, observed_at_utc,
                    temp_c, feels_like_c, dew_point_c, pressure_hpa, humidity_pct, wind_speed_ms, wind_gust_ms,
                    wind_dir_deg, cloud_cover_pct, visibility_m, uv_index, rain_mm, snow_mm, precip_mm,
                    precip_window_h, precip_rate_mmh, condition, condition_code, condition_text, place_name,
                    country, lat, lon, utc_offset_s, timezone, sunrise_utc, sunset_utc, units_assumed, units_source)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        }
        let s = insertObservation!
        s.reset()
        s.set(1, sourceID); s.set(2, Int64(line)); s.set(3, o.provider); s.set(4, o.product); s.set(5, locationID)
        s.set(6, UTCTime.iso8601(o.observedAt))
        s.set(7, o.tempC); s.set(8, o.feelsLikeC); s.set(9, o.dewPointC); s.set(10, o.pressureHpa)
        s.set(11, o.humidityPct); s.set(12, o.windSpeedMs); s.set(13, o.windGustMs); s.set(14, o.windDirDeg)
        s.set(15, o.cloudCoverPct); s.set(16, o.visibilityM); s.set(17, o.uvIndex); s.set(18, o.rainMm)
        s.set(19, o.snowMm); s.set(20, o.precipMm); s.set(21, o.precipWindowH); s.set(22, o.precipRateMmh)
        s.set(23, o.condition?.rawValue); s.set(24, o.conditionCode); s.set(25, o.conditionText)
        s.set(26, o.placeName); s.set(27, o.country); s.set(28, o.latitude); s.set(29, o.longitude)
        s.set(30, o.utcOffsetSeconds); s.set(31, o.timeZone); s.set(32, o.sunriseAt.map(UTCTime.iso8601))
        s.set(33, o.sunsetAt.map(UTCTime.iso8601)); s.set(34, o.unitsAssumed); s.set(35, o.unitsSource)
        try s.execute()
        return database.changes > 0
    }

    /// Inserts a forecast; false when the same provider, product, model, location, issue time,
    /// period and start are already stored (a duplicate).
    public func insert(_ f: Forecast, locationID: String, sourceID: Int64, line: Int) throws(StoreError) -> Bool {
        if insertForecast == nil {
            insertForecast = try database.prepare("""
                INSERT OR IGNORE INTO forecasts(source_id, line, provider, product, model, location_id, issued_at_utc,
                    issued_at_source, period, valid_from_utc, valid_to_utc, valid_at_utc, lead_hours, target_date,
                    temp_c, temp_max_c, temp_min_c, feels_like_c, dew_point_c, humidity_pct, pressure_hpa, wind_speed_ms,
                    wind_gust_ms, wind_dir_deg, cloud_cover_pct, visibility_m, precip_mm, precip_estimated,
                    precip_rate_mmh, precip_prob_pct, snowfall_cm, uv_index, condition, condition_code, condition_text,
                    units_assumed, units_source)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        }
        let s = insertForecast!
        s.reset()
        s.set(1, sourceID); s.set(2, Int64(line)); s.set(3, f.provider); s.set(4, f.product); s.set(5, f.model)
        s.set(6, locationID); s.set(7, UTCTime.iso8601(f.issuedAt)); s.set(8, f.issuedAtSource.rawValue)
        s.set(9, f.period.rawValue); s.set(10, UTCTime.iso8601(f.validFrom)); s.set(11, UTCTime.iso8601(f.validTo))
        s.set(12, UTCTime.iso8601(f.validAt)); s.set(13, Convert.round(f.leadHours, 3)); s.set(14, f.targetDate)
        s.set(15, f.tempC); s.set(16, f.tempMaxC); s.set(17, f.tempMinC); s.set(18, f.feelsLikeC); s.set(19, f.dewPointC)
        s.set(20, f.humidityPct); s.set(21, f.pressureHpa); s.set(22, f.windSpeedMs); s.set(23, f.windGustMs)
        s.set(24, f.windDirDeg); s.set(25, f.cloudCoverPct); s.set(26, f.visibilityM); s.set(27, f.precipMm)
        s.set(28, Int64(f.precipEstimated ? 1 : 0)); s.set(29, f.precipRateMmh); s.set(30, f.precipProbPct)
        s.set(31, f.snowfallCm); s.set(32, f.uvIndex); s.set(33, f.condition?.rawValue); s.set(34, f.conditionCode)
        s.set(35, f.conditionText); s.set(36, f.unitsAssumed); s.set(37, f.unitsSource)
        try s.execute()
        return database.changes > 0
    }

    /// A remark on an accepted document that a user should see: a variable left missing because
    /// its unit was not understood, a time zone not known here.
    /// A value set aside (quarantined) also names its field path, value and rule.
    public func insertWarning(_ message: String, format: String, origin: Origin, sourceID: Int64,
                              fieldPath: String? = nil, value: String? = nil, rule: String? = nil) throws(StoreError) {
        if insertWarningStatement == nil {
            insertWarningStatement = try database.prepare(
                "INSERT INTO warnings(source_id, path, member, line, format, message, field_path, value, rule) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
        }
        try insertWarningStatement!.run([.integer(sourceID), .text(origin.path), .optional(origin.member),
                                         .integer(Int64(origin.line)), .text(format), .text(message),
                                         .optional(fieldPath), .optional(value), .optional(rule)])
    }

    public func insert(_ r: Reject, sourceID: Int64) throws(StoreError) {
        if insertReject == nil {
            insertReject = try database.prepare("""
                INSERT INTO rejects(source_id, path, member, line, byte_offset, reason, message, field_path, format, excerpt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        }
        try insertReject!.run([.integer(sourceID), .text(r.origin.path), .optional(r.origin.member),
                               .integer(Int64(r.origin.line)), .integer(Int64(r.origin.byteOffset)),
                               .text(r.reason.rawValue), .text(r.message), .optional(r.fieldPath),
                               .optional(r.format), .text(r.excerpt)])
    }
}
