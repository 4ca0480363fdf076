/// The views `observations` and `forecasts`: the record rows (`observation_rows`,
/// `forecast_rows`) with their text back — provider, product, model, period and station from
/// `feeds`, the location's id from `location_keys`, instants as ISO 8601 UTC text. Their
/// columns, in order, are those of the tables of schema version 1 (`SchemaV1`), so SQL written
/// against the store, every export and every CSV read the same as before the store got integer
/// keys (issue 12).
///
/// SQLite flattens a view into the query that reads it, so `WHERE location_id = ?` on the view
/// becomes a lookup in `location_keys` and a range of `observation_rows`' key.
/// https://www.sqlite.org/optoverview.html#flattening
public enum RecordViews {
    public static let names = ["observations", "forecasts"]

    /// The physical table behind each view.
    public static let rowTables = ["observations": "observation_rows", "forecasts": "forecast_rows"]

    static let sql = """
    CREATE VIEW observations AS
    SELECT
        o.id, o.source_id, o.line, d.provider, d.product, k.location_id,
        strftime('%Y-%m-%dT%H:%M:%SZ', o.observed_at_unix, 'unixepoch') AS observed_at_utc, o.temp_c,
        o.feels_like_c, o.dew_point_c, o.pressure_hpa, o.humidity_pct, o.wind_speed_ms, o.wind_gust_ms,
        o.wind_dir_deg, o.cloud_cover_pct, o.visibility_m, o.uv_index, o.rain_mm, o.snow_mm, o.precip_mm,
        o.precip_window_h, o.precip_rate_mmh, o.condition, o.condition_code, o.condition_text, o.place_name,
        o.country, o.lat, o.lon, o.utc_offset_s, o.timezone,
        strftime('%Y-%m-%dT%H:%M:%SZ', o.sunrise_unix, 'unixepoch') AS sunrise_utc,
        strftime('%Y-%m-%dT%H:%M:%SZ', o.sunset_unix, 'unixepoch') AS sunset_utc, o.units_assumed,
        o.units_source, o.role, d.station_id, o.qc_flag, o.precip_trace, o.temp_max_6h_c, o.temp_min_6h_c,
        o.temp_max_24h_c, o.temp_min_24h_c
    FROM observation_rows o JOIN feeds d ON d.key = o.feed_key JOIN location_keys k ON k.key = o.location_key;

    CREATE VIEW forecasts AS
    SELECT
        f.id, f.source_id, f.line, d.provider, d.product, NULLIF(d.model, '') AS model, k.location_id,
        strftime('%Y-%m-%dT%H:%M:%SZ', f.issued_at_unix, 'unixepoch') AS issued_at_utc, f.issued_at_source,
        d.period, strftime('%Y-%m-%dT%H:%M:%SZ', f.valid_from_unix, 'unixepoch') AS valid_from_utc,
        strftime('%Y-%m-%dT%H:%M:%SZ', f.valid_to_unix, 'unixepoch') AS valid_to_utc,
        strftime('%Y-%m-%dT%H:%M:%SZ', f.valid_at_unix, 'unixepoch') AS valid_at_utc, f.lead_hours,
        f.target_date, f.temp_c, f.temp_max_c, f.temp_min_c, f.feels_like_c, f.dew_point_c, f.humidity_pct,
        f.pressure_hpa, f.wind_speed_ms, f.wind_gust_ms, f.wind_dir_deg, f.cloud_cover_pct, f.visibility_m,
        f.precip_mm, f.precip_estimated, f.precip_rate_mmh, f.precip_prob_pct, f.snowfall_cm, f.uv_index,
        f.condition, f.condition_code, f.condition_text, f.units_assumed, f.units_source, f.wind_speed_max_ms,
        f.period_hours
    FROM forecast_rows f JOIN feeds d ON d.key = f.feed_key JOIN location_keys k ON k.key = f.location_key;
    """

    /// The version 1 table a view stands for (its `CREATE TABLE`), nil for other names.
    public static func shape(of name: String) -> String? {
        switch name {
        case "observations": return SchemaV1.observations
        case "forecasts": return SchemaV1.forecasts
        default: return nil
        }
    }

    /// Declared columns of a view as `pragma_table_info` gives them for a table (name, type,
    /// notnull, pk), read once from its version 1 table in a scratch in-memory database: a
    /// view's own columns carry no NOT NULL, and its ISO expressions no type.
    static func declaredColumns(of name: String) -> [[SQLValue]]? { shapes[name] }

    private static let shapes: [String: [[SQLValue]]] = {
        var out: [String: [[SQLValue]]] = [:]
        guard let scratch = try? Database(path: ":memory:") else { return out }
        for name in names {
            guard let create = shape(of: name), (try? scratch.execute(create)) != nil,
                  let columns = try? scratch.rows("SELECT name, type, \"notnull\", pk FROM pragma_table_info(?)", [.text(name)])
            else { continue }
            out[name] = columns
        }
        return out
    }()
}

extension Database {
    /// What users see as the store's tables: its tables and the record views, without the
    /// lookup and row tables behind the views (`feeds`, `location_keys`, `*_rows`), sorted.
    /// A store of schema version 1 (read-only, not upgraded) lists its record tables the same.
    public func userTableNames() throws(StoreError) -> [String] {
        try rows("""
            SELECT name FROM sqlite_master WHERE (type = 'table' OR (type = 'view' AND name IN ('observations', 'forecasts')))
            AND name NOT LIKE 'sqlite_%' AND name NOT IN ('feeds', 'location_keys', 'observation_rows', 'forecast_rows')
            ORDER BY name
            """).compactMap { $0.first?.string }
    }

    /// Declared columns of a table or record view: (name, type, notnull, pk) rows.
    public func declaredColumns(of table: String) throws(StoreError) -> [[SQLValue]] {
        if try isView(table), let shape = RecordViews.declaredColumns(of: table) { return shape }
        return try rows("SELECT name, type, \"notnull\", pk FROM pragma_table_info(?)", [.text(table)])
    }

    /// The `CREATE TABLE` statement that makes a copy of `table` (for a record view, its version 1 table).
    public func createStatement(of table: String) throws(StoreError) -> String? {
        if try isView(table) { return RecordViews.shape(of: table) }
        return try scalar("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(table)])?.string
    }

    /// The order rows of `table` are exported in: by rowid, or by id for a record view (a view has no rowid).
    public func rowOrder(of table: String) throws(StoreError) -> String {
        try isView(table) ? "id" : "rowid"
    }

    func isView(_ name: String) throws(StoreError) -> Bool {
        try scalar("SELECT type FROM sqlite_master WHERE name = ?", [.text(name)])?.string == "view"
    }
}
