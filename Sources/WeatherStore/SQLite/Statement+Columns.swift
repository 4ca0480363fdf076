import CSQLite

/// The current row's values read in place, for writers that format millions of cells (CSV
/// export): no `SQLValue`, no `String` per cell. Valid until the next `step`.
extension Statement {
    /// What a column of the current row holds.
    public enum ColumnKind {
        case null, integer, real, text, blob
    }

    public var columnCount: Int32 { sqlite3_column_count(handle) }

    @inline(__always)
    public func kind(_ i: Int32) -> ColumnKind {
        switch sqlite3_column_type(handle, i) {
        case SQLITE_INTEGER: return .integer
        case SQLITE_FLOAT: return .real
        case SQLITE_TEXT: return .text
        case SQLITE_BLOB: return .blob
        default: return .null
        }
    }

    @inline(__always)
    public func int64(_ i: Int32) -> Int64 { sqlite3_column_int64(handle, i) }

    @inline(__always)
    public func double(_ i: Int32) -> Double { sqlite3_column_double(handle, i) }

    /// The UTF-8 bytes of a text column (no terminating NUL), valid until the next step.
    @inline(__always)
    public func textBytes(_ i: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let p = sqlite3_column_text(handle, i) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: p, count: Int(sqlite3_column_bytes(handle, i)))
    }
}
