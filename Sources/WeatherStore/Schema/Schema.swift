/// The store's tables. Every column name carries its unit. Record rows are kept lean for bulk
/// loads — integer keys, instants as Unix seconds — and read through the views `observations`
/// and `forecasts` (`RecordViews`), whose columns are those of schema version 1: names, ISO
/// 8601 UTC text instants (`2024-05-01T06:00:00Z`), the same in SQL, CSV and a spreadsheet.
public enum Schema {
    /// 2: integer keys and instants in `observation_rows` and `forecast_rows`;
    /// 1: text keys and ISO text instants in the tables `observations` and `forecasts`.
    public static let version = 2

    /// The store's tables, created with `IF NOT EXISTS`: the declared tables (`IngestTables`,
    /// `RecordTables`) and the lookup tables behind the record views.
    public static let sql: String = [
        meta,
        IngestTables.sources.rowTableSQL,
        IngestTables.locations.rowTableSQL,
        lookupTables,
        RecordTables.observations.rowTableSQL,
        RecordTables.forecasts.rowTableSQL,
        IngestTables.rejects.rowTableSQL,
        IngestTables.warnings.rowTableSQL,
    ].joined(separator: "\n")

    /// Every table users read, declared once, in the order of `dataTables`.
    public static let declarations: [TableDeclaration] = [
        IngestTables.sources, IngestTables.locations, RecordTables.observations, RecordTables.forecasts,
        IngestTables.rejects, IngestTables.warnings,
    ]

    /// The declaration of a table users read (`observations`, `sources`, …), nil for others.
    public static func declaration(of table: String) -> TableDeclaration? {
        declarations.first { $0.name == table }
    }

    static let meta = """
    CREATE TABLE IF NOT EXISTS meta (
        key TEXT PRIMARY KEY,
        value TEXT
    );
    """

    /// Integer keys for the text that repeats on every record row: a location's id, and a feed —
    /// the provider, product, model, period and station a row came from. Rows carry the small
    /// integer, the record views give the text back: text keys made SQLite compare long strings
    /// on every insert, and took a third of the store's bytes.
    static let lookupTables = """
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
    """

    /// Columns added to tables after stores were first written: a store made by an earlier
    /// version gets them on open (`CREATE TABLE IF NOT EXISTS` leaves an existing table as it is).
    /// A new column goes at the end of its table above and here.
    public static let addedColumns: [(table: String, column: String, type: String)] = [
        ("warnings", "field_path", "TEXT"), ("warnings", "value", "TEXT"), ("warnings", "rule", "TEXT"),
        ("sources", "settings_fingerprint", "TEXT"),
        ("observation_rows", "temp_max_c", "REAL"), ("observation_rows", "temp_min_c", "REAL"),
        ("observation_rows", "extremes_window_h", "REAL"), ("observation_rows", "elevation_m", "REAL"),
        ("forecast_rows", "elevation_m", "REAL"),
    ]

    /// Adds the `addedColumns` a store lacks. Names come from the list above, never from input.
    static func addMissingColumns(_ database: Database,
                                  _ columns: [(table: String, column: String, type: String)] = addedColumns) throws(StoreError) {
        for added in columns {
            let existing = try database.rows("SELECT name FROM pragma_table_info(?)", [.text(added.table)]).compactMap { $0.first?.string }
            // A table not there yet is created whole by `Schema.sql` (a version 1 store has no row tables).
            if !existing.isEmpty && !existing.contains(added.column) {
                try database.execute("ALTER TABLE \(Database.quoteIdentifier(added.table)) ADD COLUMN \(Database.quoteIdentifier(added.column)) \(added.type)")
            }
        }
    }

    /// Tables a user exports by default, in a stable order.
    public static let dataTables = declarations.map(\.name)
}
