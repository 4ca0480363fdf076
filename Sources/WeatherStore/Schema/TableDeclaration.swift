/// One column of a table users read, declared once: its name (with its unit, `temp_c`), SQL type
/// and constraints as users see them, where the store keeps it, and what it means.
///
/// Everything else about the column is derived from this: the `CREATE TABLE` of the row table,
/// the reader view over it, the shape an export copies (`--format sqlite`, CSV types), the
/// insert's column list, the column catalogue of `schema.json` and the column reference page.
public struct ColumnDeclaration: Sendable, Equatable {
    /// Where the store keeps a column a reader sees.
    public enum Storage: Sendable, Equatable {
        /// A column of the same name and type in the row table.
        case value
        /// INTEGER Unix seconds in the row table under `rowColumn`; ISO 8601 UTC text to readers.
        case instant(rowColumn: String)
        /// A field of the row's feed (`feeds`); `emptyIsNull`: the feed's '' reads as NULL.
        case feed(field: String, emptyIsNull: Bool)
        /// The location's id, kept as the integer `location_key` (`location_keys`).
        case locationID
    }

    public let name: String
    public let type: String
    public let primaryKey: Bool
    public let notNull: Bool
    /// SQL text after `DEFAULT` (a constant: `0`, `''`).
    public let defaultValue: String?
    /// SQL text after `REFERENCES` (`sources(id) ON DELETE CASCADE`).
    public let references: String?
    public let storage: Storage
    /// What the column means, for `schema.json` and the column reference.
    public let description: String
    /// A measured quantity in the unit its name ends with (shown in the `observations_named` view).
    public let measured: Bool
    /// A remark for the `CREATE TABLE` text, above the column.
    public let comment: String?

    public init(_ name: String, _ type: String, primaryKey: Bool = false, notNull: Bool = false, defaultValue: String? = nil,
                references: String? = nil, storage: Storage = .value, measured: Bool = false, comment: String? = nil,
                _ description: String) {
        self.name = name
        self.type = type
        self.primaryKey = primaryKey
        self.notNull = notNull
        self.defaultValue = defaultValue
        self.references = references
        self.storage = storage
        self.description = description
        self.measured = measured
        self.comment = comment
    }

    // MARK: The kinds of column, one line each in a declaration

    /// The row id.
    public static let id = ColumnDeclaration("id", "INTEGER", primaryKey: true, "row id")
    /// The `sources` row a row was read from; deleting the source deletes the row.
    ///
    /// The key is checked at COMMIT (`DEFERRABLE INITIALLY DEFERRED`); the cascade is immediate
    /// all the same. An immediate key lets any statement fail halfway, so SQLite keeps a statement
    /// journal for every multi-row INSERT (a copy of each page it touches): a fifth of the
    /// ingest of One Call replies. Stores created before keep their immediate keys: the same
    /// rows, a slower ingest.
    public static let sourceID = ColumnDeclaration("source_id", "INTEGER", notNull: true, references: "sources(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED",
                                                   "the sources row this record came from")
    /// A measured value, REAL, NULL when the reply did not have it.
    public static func measure(_ name: String, _ description: String) -> ColumnDeclaration {
        ColumnDeclaration(name, "REAL", measured: true, description)
    }
    public static func real(_ name: String, notNull: Bool = false, _ description: String) -> ColumnDeclaration {
        ColumnDeclaration(name, "REAL", notNull: notNull, description)
    }
    public static func integer(_ name: String, notNull: Bool = false, defaultValue: String? = nil, _ description: String) -> ColumnDeclaration {
        ColumnDeclaration(name, "INTEGER", notNull: notNull, defaultValue: defaultValue, description)
    }
    public static func text(_ name: String, notNull: Bool = false, comment: String? = nil, _ description: String) -> ColumnDeclaration {
        ColumnDeclaration(name, "TEXT", notNull: notNull, comment: comment, description)
    }
    /// 0 or 1, never NULL.
    public static func flag(_ name: String, _ description: String) -> ColumnDeclaration {
        ColumnDeclaration(name, "INTEGER", notNull: true, defaultValue: "0", description)
    }
    /// An instant: Unix seconds in the row table (`name` with `_utc` → `_unix`), ISO text to readers.
    public static func instant(_ name: String, notNull: Bool = false, _ description: String) -> ColumnDeclaration {
        ColumnDeclaration(name, "TEXT", notNull: notNull, storage: .instant(rowColumn: String(name.dropLast(4)) + "_unix"), description)
    }
    /// A field of the row's feed: provider, product, model, period or station.
    public static func feed(_ name: String, field: String? = nil, notNull: Bool = true, defaultValue: String? = nil,
                            emptyIsNull: Bool = false, comment: String? = nil, _ description: String) -> ColumnDeclaration {
        ColumnDeclaration(name, "TEXT", notNull: notNull, defaultValue: defaultValue,
                          storage: .feed(field: field ?? name, emptyIsNull: emptyIsNull), comment: comment, description)
    }
    /// The location a row belongs to.
    public static let locationID = ColumnDeclaration("location_id", "TEXT", notNull: true, references: "locations(id)",
                                                     storage: .locationID, "the locations row")

    /// `name TYPE [PRIMARY KEY] [NOT NULL] [DEFAULT v] [REFERENCES t]`, as the column is seen.
    var definition: String {
        var s = "\(name) \(type)"
        if primaryKey { s += " PRIMARY KEY" }
        if notNull { s += " NOT NULL" }
        if let defaultValue { s += " DEFAULT \(defaultValue)" }
        if let references { s += " REFERENCES \(references)" }
        return s
    }
}

/// A table users read, declared once: its columns in the order readers see them, the table
/// that holds its rows, and the constraints and indexes of that table.
///
/// A plain table (`sources`, `rejects`) is its own row table. A record table (`observations`,
/// `forecasts`) is a view over a lean row table (`observation_rows`): its feed and location
/// columns become the integer keys `feed_key` and `location_key`, at the place of the first of
/// them, and its instants Unix seconds; the view gives the text back, in the declared order.
public struct TableDeclaration: Sendable {
    public let name: String
    /// The table that holds the rows: `name` itself for a plain table.
    public let rowTable: String
    public let columns: [ColumnDeclaration]
    /// Table constraints of the row table (`UNIQUE (…)`), each with an optional remark.
    let rowConstraints: [(sql: String, comment: String?)]
    /// Table constraints of the shape users see (what `export --format sqlite` writes).
    let shapeConstraints: [String]
    /// `CREATE INDEX` statements for the row table.
    let indexes: [String]
    /// The columns of a table-level `PRIMARY KEY (…)`, in key order (empty: none, or a column's own).
    public let primaryKey: [String]

    public init(_ name: String, rowTable: String? = nil, columns: [ColumnDeclaration], primaryKey: [String] = [],
                rowConstraints: [(sql: String, comment: String?)] = [], shapeConstraints: [String] = [], indexes: [String] = []) {
        self.name = name
        self.rowTable = rowTable ?? name
        self.columns = columns
        self.primaryKey = primaryKey
        let key = primaryKey.isEmpty ? [] : ["PRIMARY KEY (\(primaryKey.joined(separator: ", ")))"]
        self.rowConstraints = key.map { (sql: $0, comment: nil) } + rowConstraints
        self.shapeConstraints = key + shapeConstraints
        self.indexes = indexes
    }

    public var isView: Bool { rowTable != name }

    public func column(_ name: String) -> ColumnDeclaration? { columns.first { $0.name == name } }

    /// A column of the row table: its name and definition, with a remark.
    struct RowColumn {
        var name: String
        var definition: String
        var comment: String?
    }

    /// The row table's columns, in order.
    var rowColumns: [RowColumn] {
        var out: [RowColumn] = []
        var keysPlaced = !isView
        for c in columns {
            switch c.storage {
            case .value:
                out.append(RowColumn(name: c.name, definition: c.definition, comment: c.comment))
            case .instant(let rowColumn):
                out.append(RowColumn(name: rowColumn, definition: "\(rowColumn) INTEGER" + (c.notNull ? " NOT NULL" : ""), comment: c.comment))
            case .feed, .locationID:
                // No REFERENCES clause: SQLite would look up both parents on every insert, and the
                // keys only ever come from the lookup tables, which never lose a row.
                if !keysPlaced {
                    out.append(RowColumn(name: "feed_key", definition: "feed_key INTEGER NOT NULL", comment: nil))
                    out.append(RowColumn(name: "location_key", definition: "location_key INTEGER NOT NULL", comment: nil))
                    keysPlaced = true
                }
            }
        }
        return out
    }

    /// The names an insert binds: every row column but an INTEGER PRIMARY KEY (SQLite's rowid,
    /// which SQLite assigns), in the row table's order.
    public var insertColumns: [String] {
        let rowID = columns.first { $0.primaryKey && $0.type == "INTEGER" }?.name
        return rowColumns.map(\.name).filter { $0 != rowID }
    }

    /// `CREATE TABLE IF NOT EXISTS` for the row table, with its indexes.
    var rowTableSQL: String {
        Self.create(rowTable, rowColumns.map { ($0.definition, $0.comment) } + rowConstraints.map { ($0.sql, $0.comment) })
            + indexes.map { "\n" + $0 + ";" }.joined()
    }

    /// `CREATE TABLE` (without `IF NOT EXISTS`) for a plain table that is dropped and made again
    /// on every rebuild, such as the aggregate's derived tables: a table left by an earlier
    /// version is then an error, never silently kept in its old shape.
    public var createSQL: String {
        precondition(!isView, "\(name) is a view over \(rowTable)")
        return Self.create(rowTable, rowColumns.map { ($0.definition, $0.comment) } + rowConstraints.map { ($0.sql, $0.comment) },
                           ifNotExists: false) + indexes.map { "\n" + $0 + ";" }.joined()
    }

    /// `CREATE TABLE IF NOT EXISTS` for the shape users see: the table of the same name that an
    /// export copies and that schema version 1 stored.
    public var shapeSQL: String {
        Self.create(name, columns.map { ($0.definition, $0.comment) } + shapeConstraints.map { ($0, nil) })
    }

    /// The reader view over the row table (nil for a plain table): `alias` for the row table,
    /// `d` for `feeds`, `k` for `location_keys`.
    var viewSQL: String? {
        guard isView else { return nil }
        let r = String(rowTable.prefix(1))
        let select = columns.map { c -> String in
            switch c.storage {
            case .value: return "\(r).\(c.name)"
            case .instant(let rowColumn): return "strftime('%Y-%m-%dT%H:%M:%SZ', \(r).\(rowColumn), 'unixepoch') AS \(c.name)"
            case .feed(let field, let emptyIsNull):
                let value = emptyIsNull ? "NULLIF(d.\(field), '')" : "d.\(field)"
                return value == "d.\(c.name)" ? value : "\(value) AS \(c.name)"
            case .locationID: return "k.location_id"
            }
        }
        return "CREATE VIEW \(name) AS\nSELECT\n    " + select.joined(separator: ",\n    ")
            + "\nFROM \(rowTable) \(r) JOIN feeds d ON d.key = \(r).feed_key JOIN location_keys k ON k.key = \(r).location_key;"
    }

    /// (name, type, notnull, pk) per column, as `pragma_table_info` gives them for the shape: `pk`
    /// is the column's place in the primary key (1-based), 0 for a column outside it.
    public var declaredColumns: [[SQLValue]] {
        columns.map { c in
            let pk = c.primaryKey ? 1 : (primaryKey.firstIndex(of: c.name).map { $0 + 1 } ?? 0)
            return [.text(c.name), .text(c.type), .integer(c.notNull ? 1 : 0), .integer(Int64(pk))]
        }
    }

    /// Refuses a layout that names a column the row table does not have: the names a layout
    /// binds are checked against its own list in debug builds (`RowBinder`), and that list here.
    public func check<Record>(_ layout: RowLayout<Record>) throws(StoreError) {
        let known = Set(rowColumns.map(\.name))
        if let unknown = layout.columns.first(where: { !known.contains($0) }) {
            throw StoreError.undeclaredColumn(table: rowTable, column: unknown)
        }
    }

    private static func create(_ table: String, _ lines: [(String, String?)], ifNotExists: Bool = true) -> String {
        var body: [String] = []
        for (k, line) in lines.enumerated() {
            if let comment = line.1 {
                body += comment.split(separator: "\n").map { "    -- " + $0 }
            }
            body.append("    " + line.0 + (k == lines.count - 1 ? "" : ","))
        }
        return "CREATE TABLE \(ifNotExists ? "IF NOT EXISTS " : "")\(table) (\n" + body.joined(separator: "\n") + "\n);"
    }
}
