/// The store's tables. Every column name carries its unit; instants are ISO 8601 UTC text
/// (`2024-05-01T06:00:00Z`), so they sort and read the same in SQL, CSV and a spreadsheet.
public enum Schema {
    public static let version = 1

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
    CREATE TABLE IF NOT EXISTS observations (
        id INTEGER PRIMARY KEY,
        source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
        line INTEGER,
        provider TEXT NOT NULL,
        product TEXT NOT NULL,
        location_id TEXT NOT NULL REFERENCES locations(id),
        observed_at_utc TEXT NOT NULL,
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
        sunrise_utc TEXT,
        sunset_utc TEXT,
        units_assumed TEXT,
        units_source TEXT,
        -- observed (reports what happened) or nowcast (the current block of a forecast reply):
        -- only observed rows are the truth unless a pipeline names the source in `reference`.
        role TEXT,
        -- '' for records that are not station observations, so it can be part of the key below.
        station_id TEXT NOT NULL DEFAULT '',
        qc_flag TEXT,
        precip_trace INTEGER NOT NULL DEFAULT 0,
        temp_max_6h_c REAL,
        temp_min_6h_c REAL,
        temp_max_24h_c REAL,
        temp_min_24h_c REAL,
        -- Location first: the key also serves the aggregate stage's per-location, time-ordered reads.
        -- Stations within one location's radius (KJFK, KLGA, KNYC) report at the same minute: one row each.
        UNIQUE (location_id, observed_at_utc, provider, product, station_id)
    );
    CREATE INDEX IF NOT EXISTS observations_source ON observations(source_id);
    CREATE TABLE IF NOT EXISTS forecasts (
        id INTEGER PRIMARY KEY,
        source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
        line INTEGER,
        provider TEXT NOT NULL,
        product TEXT NOT NULL,
        model TEXT,
        location_id TEXT NOT NULL REFERENCES locations(id),
        issued_at_utc TEXT NOT NULL,
        issued_at_source TEXT NOT NULL,
        period TEXT NOT NULL,
        valid_from_utc TEXT NOT NULL,
        valid_to_utc TEXT NOT NULL,
        valid_at_utc TEXT NOT NULL,
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
        period_hours REAL
    );
    -- NULLs are distinct in UNIQUE constraints, so the model (NULL for single-model replies)
    -- goes into the key through IFNULL.
    -- Location and period first: the key also serves the aggregate stage's per-location reads.
    CREATE UNIQUE INDEX IF NOT EXISTS forecasts_key ON forecasts(location_id, period, provider, product, IFNULL(model, ''),
        issued_at_utc, valid_from_utc);
    CREATE INDEX IF NOT EXISTS forecasts_source ON forecasts(source_id);
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
        ("observations", "role", "TEXT"),
        ("observations", "station_id", "TEXT NOT NULL DEFAULT ''"), ("observations", "qc_flag", "TEXT"),
        ("observations", "precip_trace", "INTEGER NOT NULL DEFAULT 0"),
        ("observations", "temp_max_6h_c", "REAL"), ("observations", "temp_min_6h_c", "REAL"),
        ("observations", "temp_max_24h_c", "REAL"), ("observations", "temp_min_24h_c", "REAL"),
        ("forecasts", "wind_speed_max_ms", "REAL"), ("forecasts", "period_hours", "REAL"),
        ("warnings", "field_path", "TEXT"), ("warnings", "value", "TEXT"), ("warnings", "rule", "TEXT"),
        ("sources", "settings_fingerprint", "TEXT"),
    ]

    /// Adds the `addedColumns` a store lacks. Names come from the list above, never from input.
    static func addMissingColumns(_ database: Database) throws(StoreError) {
        for added in addedColumns {
            let existing = try database.rows("SELECT name FROM pragma_table_info(?)", [.text(added.table)]).compactMap { $0.first?.string }
            if !existing.contains(added.column) {
                try database.execute("ALTER TABLE \(Database.quoteIdentifier(added.table)) ADD COLUMN \(Database.quoteIdentifier(added.column)) \(added.type)")
            }
        }
    }

    /// Tables a user exports by default, in a stable order.
    public static let dataTables = ["sources", "locations", "observations", "forecasts", "rejects", "warnings"]
}
