import CSQLite
import Glibc

/// The current row of a stepping statement, read by column name: `row.double("temp_c")`.
///
/// A name is resolved to its column index once per statement and call site: the index is kept
/// beside the address of the name's literal (a `StaticString`), so on every later row a read is
/// a short scan of integers and one `sqlite3_column_*` call — no dictionary, no array of the
/// row's values, nothing allocated but the text of a text column. A name the statement does not
/// have is a defect in wxpipe and stops it with the name and the SQL.
///
/// A row is only valid inside the closure it is given to: the next step overwrites it.
public struct Row {
    let statement: Statement
    let names: ColumnNames

    @inline(__always)
    init(_ statement: Statement, _ names: ColumnNames) {
        self.statement = statement
        self.names = names
    }

    /// The column of `name` in this row, as its storage class gives it.
    public subscript(_ name: StaticString) -> SQLValue { statement.column(names.index(name)) }

    /// The column of a name made at run time (a column found in `pragma_table_info`); looked up
    /// on every call, so for rows read once.
    public func value(named name: String) -> SQLValue {
        guard let k = names.names.firstIndex(of: name) else { preconditionFailure("no column \(name) in: \(names.sql.prefix(300))") }
        return statement.column(Int32(k))
    }

    /// The column as an integer (a REAL that is a whole number too); nil for NULL and text.
    @inline(__always)
    public func int(_ name: StaticString) -> Int64? {
        let i = names.index(name)
        switch sqlite3_column_type(statement.handle, i) {
        case SQLITE_INTEGER: return sqlite3_column_int64(statement.handle, i)
        case SQLITE_FLOAT: return Int64(exactly: sqlite3_column_double(statement.handle, i))
        default: return nil
        }
    }

    /// The column as a number; nil for NULL and text.
    @inline(__always)
    public func double(_ name: StaticString) -> Double? {
        let i = names.index(name)
        switch sqlite3_column_type(statement.handle, i) {
        case SQLITE_INTEGER: return Double(sqlite3_column_int64(statement.handle, i))
        case SQLITE_FLOAT: return sqlite3_column_double(statement.handle, i)
        default: return nil
        }
    }

    /// The column as text; nil for NULL, numbers and blobs.
    @inline(__always)
    public func string(_ name: StaticString) -> String? {
        let i = names.index(name)
        guard sqlite3_column_type(statement.handle, i) == SQLITE_TEXT else { return nil }
        return Statement.text(statement.handle, i)
    }

    /// The column as text, as `string`, but `previous` itself when the column holds the same
    /// bytes: a reader of many rows that repeat a text (a source's name on each of its pairs)
    /// compares bytes instead of making and hashing a new string per row.
    @inline(__always)
    public func string(_ name: StaticString, reusing previous: String?) -> String? {
        let i = names.index(name)
        guard sqlite3_column_type(statement.handle, i) == SQLITE_TEXT else { return nil }
        if var previous, let p = sqlite3_column_text(statement.handle, i) {
            let n = Int(sqlite3_column_bytes(statement.handle, i))
            let same = previous.withUTF8 { $0.count == n && (n == 0 || memcmp($0.baseAddress!, p, n) == 0) }
            if same { return previous }
        }
        return Statement.text(statement.handle, i)
    }
}

/// A statement's column names, and the indexes of the names a reader asked for, by the address
/// of their literal. One per statement, made when it is first read by name.
final class ColumnNames {
    let names: [String]
    let sql: String
    private var resolved: [(address: UInt, index: Int32)] = []

    init(names: [String], sql: String) {
        self.names = names
        self.sql = sql
    }

    @inline(__always)
    func index(_ name: StaticString) -> Int32 {
        // A literal kept as a single Unicode scalar has no address to remember: looked up each time.
        guard name.hasPointerRepresentation else { return lookUp(name.description) }
        let address = UInt(bitPattern: name.utf8Start)
        for entry in resolved where entry.address == address { return entry.index }
        let k = lookUp(name.description)
        resolved.append((address, k))
        return k
    }

    private func lookUp(_ name: String) -> Int32 {
        guard let k = names.firstIndex(of: name) else { preconditionFailure("no column \(name) in: \(sql.prefix(300))") }
        return Int32(k)
    }
}

extension Statement {
    /// Calls `body` with each row, read by name (`Row`), without collecting them.
    public func forEachRow(_ values: [SQLValue] = [], named body: (Row) throws -> Void) throws {
        try bind(values)
        let names = namesByColumn
        while try step() { try body(Row(self, names)) }
    }
}
