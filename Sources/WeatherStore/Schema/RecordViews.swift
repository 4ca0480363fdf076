/// The views `observations` and `forecasts`: the record rows (`observation_rows`,
/// `forecast_rows`) with their text back — provider, product, model, period and station from
/// `feeds`, the location's id from `location_keys`, instants as ISO 8601 UTC text. Their
/// columns, in order, are the declared ones (`RecordTables`), which are those of the tables of
/// schema version 1, so SQL written against the store, every export and every CSV read the
/// same as before the store got integer keys.
///
/// SQLite flattens a view into the query that reads it, so `WHERE location_id = ?` on the view
/// becomes a lookup in `location_keys` and a range of `observation_rows`' key.
/// https://www.sqlite.org/optoverview.html#flattening
public enum RecordViews {
    public static let names = RecordTables.all.map(\.name)

    /// The physical table behind each view.
    public static let rowTables = Dictionary(uniqueKeysWithValues: RecordTables.all.map { ($0.name, $0.rowTable) })

    static let sql = RecordTables.all.compactMap(\.viewSQL).joined(separator: "\n\n")

    /// The table a view stands for (its `CREATE TABLE`, what an export copies), nil for other names.
    public static func shape(of name: String) -> String? {
        RecordTables.all.first { $0.name == name }?.shapeSQL
    }

    /// Declared columns of a view as `pragma_table_info` gives them for a table (name, type,
    /// notnull, pk): a view's own columns carry no NOT NULL, and its ISO expressions no type.
    static func declaredColumns(of name: String) -> [[SQLValue]]? {
        RecordTables.all.first { $0.name == name }?.declaredColumns
    }
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

    /// True when `name` is a view of this store (the record tables of a current store).
    public func isView(_ name: String) throws(StoreError) -> Bool {
        try scalar("SELECT type FROM sqlite_master WHERE name = ?", [.text(name)])?.string == "view"
    }
}
