/// Store schema version 1 (before integer keys): `observations` and `forecasts` were tables with text
/// keys and ISO 8601 text instants. Frozen: this is what `Migration` upgrades from and what tests
/// build old stores with. What users read today is declared in `RecordTables`, whose shapes
/// must keep these tables' columns (a test compares them), so SQL written for schema 1 still runs.
public enum SchemaV1 {
    /// The `observations` table of version 1.
    public static let observations = """
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
    """

    /// The `forecasts` table of version 1 (its unique key was a separate index, not copied to exports).
    public static let forecasts = """
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
    """

    /// Columns version 1 added to its record tables after stores were first written: a store of
    /// version 1 may lack them, and gets them before it is upgraded.
    static let addedColumns: [(table: String, column: String, type: String)] = [
        ("observations", "role", "TEXT"),
        ("observations", "station_id", "TEXT NOT NULL DEFAULT ''"), ("observations", "qc_flag", "TEXT"),
        ("observations", "precip_trace", "INTEGER NOT NULL DEFAULT 0"),
        ("observations", "temp_max_6h_c", "REAL"), ("observations", "temp_min_6h_c", "REAL"),
        ("observations", "temp_max_24h_c", "REAL"), ("observations", "temp_min_24h_c", "REAL"),
        ("forecasts", "wind_speed_max_ms", "REAL"), ("forecasts", "period_hours", "REAL"),
    ]
}
