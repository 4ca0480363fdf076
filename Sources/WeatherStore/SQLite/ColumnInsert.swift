/// One column of an INSERT: its name and how to bind its value from a record.
///
/// A record type's columns are one array; the SQL and the parameter positions are derived
/// from it, so adding a column is one line and cannot shift the positions of the others.
public struct InsertColumn<Record>: Sendable {
    public let name: String
    public let bind: @Sendable (Statement, Int32, Record) throws(StoreError) -> Void

    public init(_ name: String, _ bind: @escaping @Sendable (Statement, Int32, Record) throws(StoreError) -> Void) {
        self.name = name
        self.bind = bind
    }
}

/// A prepared INSERT built from a column list, reused for every record (most of SQLite's insert
/// speed). Binds are positional, by index in the list, and each bind's result is checked.
public final class ColumnInsert<Record> {
    public let statement: Statement
    private let columns: [InsertColumn<Record>]

    /// `INSERT [verb] INTO table(columns…) VALUES (?, …) [suffix]`; `verb` is e.g. `OR IGNORE`,
    /// `suffix` e.g. an `ON CONFLICT` clause. Names come from code, never from input.
    public init(_ database: Database, table: String, columns: [InsertColumn<Record>], verb: String = "",
                suffix: String = "") throws(StoreError) {
        self.columns = columns
        self.statement = try database.prepare(ColumnInsert.sql(table: table, columns: columns.map(\.name), verb: verb, suffix: suffix))
    }

    public static func sql(table: String, columns: [String], verb: String = "", suffix: String = "") -> String {
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        var sql = "INSERT \(verb.isEmpty ? "" : verb + " ")INTO \(table)(\(columns.joined(separator: ", "))) VALUES (\(placeholders))"
        if !suffix.isEmpty { sql += "\n" + suffix }
        return sql
    }

    /// Binds every column of `record` and runs the statement.
    public func insert(_ record: Record) throws(StoreError) {
        statement.reset()
        var i: Int32 = 1
        for column in columns {
            try column.bind(statement, i, record)
            i += 1
        }
        try statement.execute()
    }
}
