import CSQLite

/// One value of the current row as SQLite holds it, text as its bytes in SQLite's buffer: what
/// an export formats millions of times, read without a `SQLValue` or a `String`.
public enum RowCell {
    case null
    case integer(Int64)
    case real(Double)
    /// UTF-8 bytes without the terminating NUL; SQLite keeps the NUL after them, so the start
    /// is also a C string for writers that take one.
    case text(UnsafeBufferPointer<UInt8>)
    case blob
}

extension Statement {
    /// Columns `0..<cells.count` of the current row into `cells`, one call per row: each value
    /// is fetched once (`sqlite3_column_value`) and read from it, where `kind` then `double`
    /// would enter the statement twice. Text stays valid until the next `step`.
    public func readCells(into cells: UnsafeMutableBufferPointer<RowCell>) {
        for i in 0..<cells.count {
            let value = sqlite3_column_value(handle, Int32(i))
            switch sqlite3_value_type(value) {
            case SQLITE_INTEGER:
                cells[i] = .integer(sqlite3_value_int64(value))
            case SQLITE_FLOAT:
                cells[i] = .real(sqlite3_value_double(value))
            case SQLITE_TEXT:
                if let p = sqlite3_value_text(value) {
                    cells[i] = .text(UnsafeBufferPointer(start: p, count: Int(sqlite3_value_bytes(value))))
                } else {
                    cells[i] = .null  // out of memory converting: SQLite itself returns NULL
                }
            case SQLITE_BLOB:
                cells[i] = .blob
            default:
                cells[i] = .null
            }
        }
    }
}
