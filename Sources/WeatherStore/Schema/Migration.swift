/// Upgrades a store in place to the current schema (`Schema.version`), in one transaction: an
/// interrupted upgrade leaves the store as it was. Run when a store is opened for writing
/// (ingest, aggregate, report, merge, forget); a store opened read-only (export, sql) is read as
/// it is — the names users read are the same in every version.
public enum Migration {
    /// The schema version a store declares (`meta.schema_version`); 0 for an empty database.
    public static func version(of database: Database) throws(StoreError) -> Int {
        let hasMeta = try database.scalar("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'meta'")?.int == 1
        guard hasMeta else { return 0 }
        return try database.scalar("SELECT value FROM meta WHERE key = 'schema_version'")?.string.flatMap { Int($0) } ?? 1
    }

    /// Whether `database` holds the record tables of schema version 1 (`observations` a table).
    public static func isVersion1(_ database: Database) throws(StoreError) -> Bool {
        try database.scalar("SELECT type FROM sqlite_master WHERE name = 'observations'")?.string == "table"
    }

    /// Creates the schema in an empty database, or upgrades an older one; on a current store it
    /// recreates the views only. Returns the version the store had (0: it was new).
    ///
    /// All in one `BEGIN IMMEDIATE` transaction, the version read inside it: two connections that
    /// open an old store at once upgrade it once, the second finding it done; and a reader that takes no lock (export, sql) never sees the store between
    /// `Views.create`'s drop and create of the record views, without `observations`.
    @discardableResult
    public static func upgrade(_ database: Database) throws -> Int {
        try database.inTransaction {
            let before = try version(of: database)
            if before > Schema.version {
                throw StoreError.newerSchema(path: database.path, found: before, supported: Schema.version)
            }
            if try isVersion1(database) {
                try fromVersion1(database)
                try leadHoursToValidAt(database)
                return before
            }
            try database.execute(Schema.sql)
            try Schema.addMissingColumns(database)
            try Views.create(in: database)
            try database.run("INSERT OR REPLACE INTO meta(key, value) VALUES ('schema_version', ?)", [.text(String(Schema.version))])
            try leadHoursToValidAt(database)
            return before
        }
    }

    /// `meta` key saying what `forecasts.lead_hours` measures to: stores written while it was
    /// `valid_from − issued` lack it.
    static let leadHoursBasisKey = "forecasts.lead_hours"

    /// Recomputes `forecasts.lead_hours` as `valid_at − issued` (rounded as ingest rounds it) in a
    /// store written when it measured to `valid_from`, once: the record table and the pairs must
    /// give one lead for one value. The instants are in the rows, so nothing needs ingesting again.
    static func leadHoursToValidAt(_ database: Database) throws(StoreError) {
        let basis = try database.scalar("SELECT value FROM meta WHERE key = ?", [.text(leadHoursBasisKey)])?.string
        guard basis != "valid_at" else { return }
        try database.execute("""
            UPDATE forecast_rows SET lead_hours = round((valid_at_unix - issued_at_unix) / 3600.0, 3)
            WHERE lead_hours IS NOT round((valid_at_unix - issued_at_unix) / 3600.0, 3)
            """)
        try database.run("INSERT OR REPLACE INTO meta(key, value) VALUES (?, 'valid_at')", [.text(leadHoursBasisKey)])
    }

    /// What a command prints after `upgrade` returned `before` (nil when nothing was upgraded).
    public static func notice(path: String, before: Int) -> String? {
        guard before > 0 && before < Schema.version else { return nil }
        return "upgraded \(path) from store schema \(before) to \(Schema.version) "
            + "(integer keys; the tables and columns you read are unchanged)"
    }

    /// Version 1 → 2: the record tables become `observation_rows` and `forecast_rows` with
    /// integer keys (`feeds`, `location_keys`) and Unix-second instants; rows keep their ids, so
    /// the aggregate's tables, which name them, stay valid.
    static func fromVersion1(_ database: Database) throws(StoreError) {
        try Schema.addMissingColumns(database, SchemaV1.addedColumns)
        try Schema.addMissingColumns(database)
        try database.execute(Schema.sql)
        try database.execute("""
            INSERT OR IGNORE INTO location_keys(location_id) SELECT id FROM locations ORDER BY rowid;
            INSERT OR IGNORE INTO feeds(provider, product, station_id)
                SELECT DISTINCT provider, product, station_id FROM observations ORDER BY provider, product, station_id;
            INSERT OR IGNORE INTO feeds(provider, product, model, period)
                SELECT DISTINCT provider, product, IFNULL(model, ''), period FROM forecasts ORDER BY 1, 2, 3, 4;
            INSERT INTO observation_rows(id, source_id, line, feed_key, location_key, observed_at_unix, temp_c, feels_like_c,
                dew_point_c, pressure_hpa, humidity_pct, wind_speed_ms, wind_gust_ms, wind_dir_deg, cloud_cover_pct, visibility_m,
                uv_index, rain_mm, snow_mm, precip_mm, precip_window_h, precip_rate_mmh, condition, condition_code, condition_text,
                place_name, country, lat, lon, utc_offset_s, timezone, sunrise_unix, sunset_unix, units_assumed, units_source,
                role, qc_flag, precip_trace, temp_max_6h_c, temp_min_6h_c, temp_max_24h_c, temp_min_24h_c)
            SELECT o.id, o.source_id, o.line, d.key, k.key, CAST(strftime('%s', o.observed_at_utc) AS INTEGER), o.temp_c,
                o.feels_like_c, o.dew_point_c, o.pressure_hpa, o.humidity_pct, o.wind_speed_ms, o.wind_gust_ms, o.wind_dir_deg,
                o.cloud_cover_pct, o.visibility_m, o.uv_index, o.rain_mm, o.snow_mm, o.precip_mm, o.precip_window_h,
                o.precip_rate_mmh, o.condition, o.condition_code, o.condition_text, o.place_name, o.country, o.lat, o.lon,
                o.utc_offset_s, o.timezone, CAST(strftime('%s', o.sunrise_utc) AS INTEGER), CAST(strftime('%s', o.sunset_utc) AS INTEGER),
                o.units_assumed, o.units_source, o.role, o.qc_flag, o.precip_trace, o.temp_max_6h_c, o.temp_min_6h_c,
                o.temp_max_24h_c, o.temp_min_24h_c
            FROM observations o JOIN location_keys k ON k.location_id = o.location_id
            JOIN feeds d ON d.provider = o.provider AND d.product = o.product AND d.model = '' AND d.period = ''
                AND d.station_id = o.station_id
            ORDER BY o.id;
            INSERT INTO forecast_rows(id, source_id, line, feed_key, location_key, issued_at_unix, issued_at_source,
                valid_from_unix, valid_to_unix, valid_at_unix, lead_hours, target_date, temp_c, temp_max_c, temp_min_c, feels_like_c,
                dew_point_c, humidity_pct, pressure_hpa, wind_speed_ms, wind_gust_ms, wind_dir_deg, cloud_cover_pct, visibility_m,
                precip_mm, precip_estimated, precip_rate_mmh, precip_prob_pct, snowfall_cm, uv_index, condition, condition_code,
                condition_text, units_assumed, units_source, wind_speed_max_ms, period_hours)
            SELECT f.id, f.source_id, f.line, d.key, k.key, CAST(strftime('%s', f.issued_at_utc) AS INTEGER), f.issued_at_source,
                CAST(strftime('%s', f.valid_from_utc) AS INTEGER), CAST(strftime('%s', f.valid_to_utc) AS INTEGER),
                CAST(strftime('%s', f.valid_at_utc) AS INTEGER), f.lead_hours, f.target_date, f.temp_c, f.temp_max_c, f.temp_min_c,
                f.feels_like_c, f.dew_point_c, f.humidity_pct, f.pressure_hpa, f.wind_speed_ms, f.wind_gust_ms, f.wind_dir_deg,
                f.cloud_cover_pct, f.visibility_m, f.precip_mm, f.precip_estimated, f.precip_rate_mmh, f.precip_prob_pct,
                f.snowfall_cm, f.uv_index, f.condition, f.condition_code, f.condition_text, f.units_assumed, f.units_source,
                f.wind_speed_max_ms, f.period_hours
            FROM forecasts f JOIN location_keys k ON k.location_id = f.location_id
            JOIN feeds d ON d.provider = f.provider AND d.product = f.product AND d.model = IFNULL(f.model, '')
                AND d.period = f.period AND d.station_id = ''
            ORDER BY f.id;
            """)
        // Every row must have come across: a row the joins lost would vanish silently.
        for (old, new) in [("observations", "observation_rows"), ("forecasts", "forecast_rows")] {
            let a = try database.scalar("SELECT COUNT(*) FROM \(old)")?.int ?? 0
            let b = try database.scalar("SELECT COUNT(*) FROM \(new)")?.int ?? 0
            if a != b {
                throw StoreError.inconsistent(path: database.path, what: "upgrading, \(old) has \(a) rows but \(b) were carried over; the store is left as it was")
            }
        }
        try database.execute("DROP TABLE observations; DROP TABLE forecasts;")
        try Views.create(in: database)
        try database.run("INSERT OR REPLACE INTO meta(key, value) VALUES ('schema_version', ?)", [.text(String(Schema.version))])
    }
}
