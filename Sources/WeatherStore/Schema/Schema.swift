/// The store's tables. Every column name carries its unit. Record rows are kept lean for bulk
/// loads — integer keys, instants as Unix seconds — and read through the views `observations`
/// and `forecasts` (`RecordViews`), whose columns are those of schema version 1: names, ISO
/// 8601 UTC text instants (`2024-05-01T06:00:00Z`), the same in SQL, CSV and a spreadsheet.
public enum Schema {
    /// 2: integer keys and instants in `observation_rows` and `forecast_rows` (issue 12);
    /// 1: text keys and ISO text instants in the tables `observations` and `forecasts`.
    public static let version = 2

    public static let sql = """
    CREATE TABLE IF NOT EXISTS meta (
        key TEXT PRIMARY KEY,
        value TEXT
    );
    CREATE TABLE IF NOT EXISTS sources (
        id INTEGER PRIMARY KEY,
        path TEXT NOT NULL,
        member TEXT,
        input_hash TEXT,
        content_hash TEXT,
        bytes INTEGER,
        modified_at_utc TEXT,
        documents INTEGER NOT NULL DEFAULT 0,
        accepted INTEGER NOT NULL DEFAULT 0,
        rejected INTEGER NOT NULL DEFAULT 0,
        duplicates INTEGER NOT NULL DEFAULT 0,
        records INTEGER NOT NULL DEFAULT 0,
        status TEXT NOT NULL,
        ingested_at_utc TEXT NOT NULL,
        settings_fingerprint TEXT
    );
    CREATE INDEX IF NOT EXISTS sources_input_hash ON sources(input_hash);
    CREATE INDEX IF NOT EXISTS sources_path ON sources(path);
    CREATE TABLE IF NOT EXISTS locations (
        id TEXT PRIMARY KEY,
        name TEXT,
        country TEXT,
        state TEXT,
        lat REAL NOT NULL,
        lon REAL NOT NULL,
        timezone TEXT,
        utc_offset_s INTEGER,
        radius_km REAL NOT NULL,
        declared INTEGER NOT NULL DEFAULT 0
    );
    -- Integer keys for the text that repeats on every record row: a location's id, and a feed —
    -- the provider, product, model, period and station a row came from. Rows carry the small
    -- integer, the views below give the text back (issue 12: text keys made SQLite compare long
    -- strings on every insert, and took a third of the store's bytes).
    CREATE TABLE IF NOT EXISTS location_keys (
        key INTEGER PRIMARY KEY,
        location_id TEXT NOT NULL UNIQUE REFERENCES locations(id)
    );
    -- Every location gets its key when it is first written, whoever writes it (ingest, merge).
    CREATE TRIGGER IF NOT EXISTS locations_key AFTER INSERT ON locations
    BEGIN INSERT OR IGNORE INTO location_keys(location_id) VALUES (new.id); END;
    CREATE TABLE IF NOT EXISTS feeds (
        key INTEGER PRIMARY KEY,
        provider TEXT NOT NULL,
        product TEXT NOT NULL,
        -- '' rather than NULL, so that they can be part of the key (NULLs are distinct in UNIQUE):
        -- model for single-model replies, period for observations, station for non-station rows.
        model TEXT NOT NULL DEFAULT '',
        period TEXT NOT NULL DEFAULT '',
        station_id TEXT NOT NULL DEFAULT '',
        UNIQUE (provider, product, model, period, station_id)
    );
    -- Instants are INTEGER Unix seconds (`_unix`); the `observations` view gives them as ISO text.
    -- feed_key and location_key have no REFERENCES clause: SQLite would look up both parents on
    -- every insert, and the keys only ever come from the lookup tables, which never lose a row.
    CREATE TABLE IF NOT EXISTS observation_rows (
        id INTEGER PRIMARY KEY,
        source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
        line INTEGER,
        feed_key INTEGER NOT NULL,
        location_key INTEGER NOT NULL,
        observed_at_unix INTEGER NOT NULL,
        temp_c REAL,
        feels_like_c REAL,
        dew_point_c REAL,
        pressure_hpa REAL,
        humidity_pct REAL,
        wind_speed_ms REAL,
        wind_gust_ms REAL,
        wind_dir_deg REAL,
        cloud_cover_pct REAL,
        visibility_m REAL,
        uv_index REAL,
        rain_mm REAL,
        snow_mm REAL,
        precip_mm REAL,
        precip_window_h REAL,
        precip_rate_mmh REAL,
        condition TEXT,
        condition_code TEXT,
        condition_text TEXT,
        place_name TEXT,
        country TEXT,
        lat REAL NOT NULL,
        lon REAL NOT NULL,
        utc_offset_s INTEGER,
        timezone TEXT,
        sunrise_unix INTEGER,
        sunset_unix INTEGER,
        units_assumed TEXT,
        units_source TEXT,
        -- observed (reports what happened) or nowcast (the current block of a forecast reply):
        -- only observed rows are the truth unless a pipeline names the source in `reference`.
        role TEXT,
        qc_flag TEXT,
        precip_trace INTEGER NOT NULL DEFAULT 0,
        temp_max_6h_c REAL,
        temp_min_6h_c REAL,
        temp_max_24h_c REAL,
        temp_min_24h_c REAL,
        -- Location first: the key also serves the aggregate stage's per-location, time-ordered reads.
        -- Stations within one location's radius (KJFK, KLGA, KNYC) report at the same minute: one
        -- row each, as each station is a feed of its own.
        UNIQUE (location_key, observed_at_unix, feed_key)
    );
    CREATE INDEX IF NOT EXISTS observation_rows_source ON observation_rows(source_id, line);
    CREATE TABLE IF NOT EXISTS forecast_rows (
        id INTEGER PRIMARY KEY,
        source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
        line INTEGER,
        feed_key INTEGER NOT NULL,
        location_key INTEGER NOT NULL,
        issued_at_unix INTEGER NOT NULL,
        issued_at_source TEXT NOT NULL,
        valid_from_unix INTEGER NOT NULL,
        valid_to_unix INTEGER NOT NULL,
        valid_at_unix INTEGER NOT NULL,
        lead_hours REAL NOT NULL,
        target_date TEXT,
        temp_c REAL,
        temp_max_c REAL,
        temp_min_c REAL,
        feels_like_c REAL,
        dew_point_c REAL,
        humidity_pct REAL,
        pressure_hpa REAL,
        wind_speed_ms REAL,
        wind_gust_ms REAL,
        wind_dir_deg REAL,
        cloud_cover_pct REAL,
        visibility_m REAL,
        precip_mm REAL,
        precip_estimated INTEGER NOT NULL DEFAULT 0,
        precip_rate_mmh REAL,
        precip_prob_pct REAL,
        snowfall_cm REAL,
        uv_index REAL,
        condition TEXT,
        condition_code TEXT,
        condition_text TEXT,
        units_assumed TEXT,
        units_source TEXT,
        wind_speed_max_ms REAL,
        period_hours REAL,
        -- The feed holds provider, product, model and period; location first for the aggregate's reads.
        UNIQUE (location_key, feed_key, issued_at_unix, valid_from_unix)
    );
    CREATE INDEX IF NOT EXISTS forecast_rows_source ON forecast_rows(source_id, line);
    CREATE TABLE IF NOT EXISTS rejects (
        id INTEGER PRIMARY KEY,
        source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
        path TEXT NOT NULL,
        member TEXT,
        line INTEGER,
        byte_offset INTEGER,
        reason TEXT NOT NULL,
        message TEXT NOT NULL,
        field_path TEXT,
        format TEXT,
        excerpt TEXT
    );
    CREATE INDEX IF NOT EXISTS rejects_source ON rejects(source_id);
    CREATE TABLE IF NOT EXISTS warnings (
        id INTEGER PRIMARY KEY,
        source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
        path TEXT NOT NULL,
        member TEXT,
        line INTEGER,
        format TEXT,
        message TEXT NOT NULL,
        field_path TEXT,
        value TEXT,
        rule TEXT
    );
    CREATE INDEX IF NOT EXISTS warnings_source ON warnings(source_id);
    """

    /// Columns added to tables after stores were first written: a store made by an earlier
    /// version gets them on open (`CREATE TABLE IF NOT EXISTS` leaves an existing table as it is).
    /// A new column goes at the end of its table above and here.
    public static let addedColumns: [(table: String, column: String, type: String)] = [
        ("warnings", "field_path", "TEXT"), ("warnings", "value", "TEXT"), ("warnings", "rule", "TEXT"),
        ("sources", "settings_fingerprint", "TEXT"),
    ]

    /// Adds the `addedColumns` a store lacks. Names come from the list above, never from input.
    static func addMissingColumns(_ database: Database,
                                  _ columns: [(table: String, column: String, type: String)] = addedColumns) throws(StoreError) {
        for added in columns {
            let existing = try database.rows("SELECT name FROM pragma_table_info(?)", [.text(added.table)]).compactMap { $0.first?.string }
            if !existing.contains(added.column) {
                try database.execute("ALTER TABLE \(Database.quoteIdentifier(added.table)) ADD COLUMN \(Database.quoteIdentifier(added.column)) \(added.type)")
            }
        }
    }

    /// Tables a user exports by default, in a stable order.
    public static let dataTables = ["sources", "locations", "observations", "forecasts", "rejects", "warnings"]
}
