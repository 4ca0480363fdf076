import CSQLite

/// A prepared statement: prepared once, bound and stepped many times, finalized in `deinit`.
public final class Statement {
    /// The connection, for error messages. A statement handed to a caller keeps it alive
    /// (`owner`); one the connection keeps in its own cache does not, or the two would keep
    /// each other forever and the file would never be closed.
    private unowned(unsafe) let database: Database
    private let owner: Database?
    let handle: OpaquePointer
    public let sql: String

    init(database: Database, sql: String, cached: Bool = false) throws(StoreError) {
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v2(database.handle, sql, -1, &stmt, nil)
        guard rc == SQLITE_OK, let stmt else {
            throw StoreError(sqlite: rc, message: database.lastError, sql: sql, path: database.path)
        }
        self.database = database
        self.owner = cached ? nil : database
        self.handle = stmt
        self.sql = sql
        bound = BoundValues(parameters: Int(sqlite3_bind_parameter_count(stmt)))
    }

    deinit {
        sqlite3_finalize(handle)
        rowText?.deallocate()
        bound.deallocate()
    }

    /// The text of the row being bound (`resetForRow`, `setRowText`), copied here once and bound
    /// without SQLite's own copy (`SQLITE_STATIC`): a bound text's copy was a malloc and a free
    /// per value, about 470 instructions, and a current-weather row binds eight. The bytes stay
    /// until the next row is bound, which rebinds every parameter (`ColumnInsert` checks it), and
    /// are freed only after the statement is finalized.
    private var rowText: UnsafeMutablePointer<UInt8>?
    private var rowTextUsed = 0
    private var rowTextOpen = false
    /// What the parameters hold from the rows bound before (`setRow`).
    private let bound: BoundValues
    static let rowTextCapacity = 64 << 10

    public var columnNames: [String] {
        (0..<sqlite3_column_count(handle)).map { String(cString: sqlite3_column_name(handle, $0)) }
    }

    /// The column names with the indexes readers by name resolved (`Row`), made on first use.
    private var resolvedNames: ColumnNames?
    var namesByColumn: ColumnNames {
        if let resolvedNames { return resolvedNames }
        let names = ColumnNames(names: columnNames, sql: sql)
        resolvedNames = names
        return names
    }

    /// Binds `values` to the parameters in order; their number must match the statement's, so a
    /// forgotten value is an error and not a silent NULL.
    public func bind(_ values: [SQLValue]) throws(StoreError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        bound.forgetAll()
        rowTextOpen = false
        let expected = Int(sqlite3_bind_parameter_count(handle))
        if values.count != expected {
            throw StoreError.bindingMismatch(bound: values.count, expected: expected, sql: sql)
        }
        for (k, value) in values.enumerated() {
            let i = Int32(k + 1)
            try check(bindValue(value, at: i), parameter: i)
        }
    }

    private func bindValue(_ value: SQLValue, at i: Int32) -> Int32 {
        switch value {
        case .null: return sqlite3_bind_null(handle, i)
        case .integer(let v): return sqlite3_bind_int64(handle, i, v)
        case .real(let v): return sqlite3_bind_double(handle, i, v)
        case .text(let s): return Self.bind(s, handle, i)
        case .blob(let b):
            return b.withUnsafeBytes { sqlite3_bind_blob(handle, i, $0.baseAddress, Int32($0.count), SQLITE_TRANSIENT) }
        }
    }

    // MARK: Positional binding without building an array (the ingest hot path).

    /// Readies the statement for a new row bound with `set`. Bindings are not cleared
    /// (`sqlite3_clear_bindings` walks every parameter): `set` binds each one, NULL included.
    public func reset() {
        sqlite3_reset(handle)
        // Parameters a caller does not bind again must not point at the row text of before.
        if rowTextOpen {
            sqlite3_clear_bindings(handle)
            bound.forgetAll()
            rowTextOpen = false
        }
    }

    /// Readies the statement for a row whose every parameter is bound again, text through
    /// `setRowText` and numbers through `setRow`, which leave a value bound before as it is.
    public func resetForRow() {
        sqlite3_reset(handle)
        rowTextUsed = 0
        rowTextOpen = true
    }

    /// Binds text of a row begun with `resetForRow` (nil binds NULL): a short text from its
    /// parameter's slot, left as it is when the slot holds the same bytes (`BoundValues`), a
    /// longer one from the statement's row buffer; outside such a row, or past the buffer, as
    /// `set` does.
    @inline(__always)
    public func setRowText(_ i: Int32, _ v: String?) throws(StoreError) {
        guard let v else { return try setRowNull(i) }
        guard rowTextOpen else { return try set(i, v) }
        // The text's own bytes, borrowed: `withUTF8` on a copy retained and released it on
        // every call (a third of the cost of a kept text). The copy stays for a text that is
        // not stored contiguously as UTF-8.
        let rc = v.utf8.withContiguousStorageIfAvailable { bindRowText(i, $0, v) } ?? {
            var text = v
            return text.withUTF8 { bindRowText(i, $0, v) }
        }()
        try check(rc, parameter: i)
    }

    /// `setRowText`'s binding of the bytes `buf` of `v`: in the parameter's slot, in the row
    /// buffer, or as `set` binds when neither has room.
    @inline(__always)
    private func bindRowText(_ i: Int32, _ buf: UnsafeBufferPointer<UInt8>, _ v: String) -> Int32 {
        let n = buf.count
        if let source = buf.baseAddress, n > 0, let slot = bound.textSlot(i, count: n) {
            if bound.holdsText(i, source, count: n) { return SQLITE_OK }
            bound.forget(i)
            slot.update(from: source, count: n)
            let rc = sqlite3_bind_text(handle, i, UnsafeRawPointer(slot).assumingMemoryBound(to: CChar.self), Int32(n), nil)
            if rc == SQLITE_OK { bound.note(i, .text, UInt64(n)) }
            return rc
        }
        bound.forget(i)
        guard let source = buf.baseAddress, n > 0, rowTextUsed + n <= Self.rowTextCapacity else { return Self.bind(v, handle, i) }
        if rowText == nil { rowText = .allocate(capacity: Self.rowTextCapacity) }
        let target = rowText! + rowTextUsed
        target.update(from: source, count: n)
        rowTextUsed += n
        // No destructor (SQLite's SQLITE_STATIC): SQLite reads the bytes where they are.
        return sqlite3_bind_text(handle, i, UnsafeRawPointer(target).assumingMemoryBound(to: CChar.self), Int32(n), nil)
    }

    /// Binds a number of a row begun with `resetForRow` (nil binds NULL), unless the parameter
    /// holds that value already (`BoundValues`).
    @inline(__always)
    public func setRow(_ i: Int32, _ v: Double?) throws(StoreError) {
        guard let v else { return try setRowNull(i) }
        let bits = v.bitPattern
        if bound.holds(i, .real, bits) { return }
        bound.forget(i)
        try check(sqlite3_bind_double(handle, i, v), parameter: i)
        bound.note(i, .real, bits)
    }

    @inline(__always)
    public func setRow(_ i: Int32, _ v: Int64?) throws(StoreError) {
        guard let v else { return try setRowNull(i) }
        let bits = UInt64(bitPattern: v)
        if bound.holds(i, .integer, bits) { return }
        bound.forget(i)
        try check(sqlite3_bind_int64(handle, i, v), parameter: i)
        bound.note(i, .integer, bits)
    }

    @inline(__always)
    private func setRowNull(_ i: Int32) throws(StoreError) {
        if bound.holds(i, .null, 0) { return }
        bound.forget(i)
        try check(sqlite3_bind_null(handle, i), parameter: i)
        bound.note(i, .null, 0)
    }

    /// Binds parameter `i` (1-based); nil binds NULL.
    /// Every bind's result code is checked: a wrong index (`SQLITE_RANGE`) or a value too big
    /// throws rather than leaving the parameter NULL.
    @inline(__always)
    public func set(_ i: Int32, _ v: Double?) throws(StoreError) {
        bound.forget(i)
        try check(v.map { sqlite3_bind_double(handle, i, $0) } ?? sqlite3_bind_null(handle, i), parameter: i)
    }

    @inline(__always)
    public func set(_ i: Int32, _ v: Int64?) throws(StoreError) {
        bound.forget(i)
        try check(v.map { sqlite3_bind_int64(handle, i, $0) } ?? sqlite3_bind_null(handle, i), parameter: i)
    }

    @inline(__always)
    public func set(_ i: Int32, _ v: Int?) throws(StoreError) {
        bound.forget(i)
        try check(v.map { sqlite3_bind_int64(handle, i, Int64($0)) } ?? sqlite3_bind_null(handle, i), parameter: i)
    }

    @inline(__always)
    public func set(_ i: Int32, _ v: String?) throws(StoreError) {
        bound.forget(i)
        guard let v else { return try check(sqlite3_bind_null(handle, i), parameter: i) }
        try check(Self.bind(v, handle, i), parameter: i)
    }

    /// Text bound by its length, so a NUL inside it is stored too (a C string would end there);
    /// empty text stays text, not NULL.
    @inline(__always)
    static func bind(_ text: String, _ handle: OpaquePointer, _ i: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { buf in
            guard let p = buf.baseAddress, buf.count > 0 else { return sqlite3_bind_text(handle, i, "", 0, SQLITE_TRANSIENT) }
            return sqlite3_bind_text(handle, i, UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self), Int32(buf.count), SQLITE_TRANSIENT)
        }
    }

    @inline(__always)
    public func set(_ i: Int32, _ v: SQLValue) throws(StoreError) {
        bound.forget(i)
        try check(bindValue(v, at: i), parameter: i)
    }

    @inline(__always)
    private func check(_ rc: Int32, parameter i: Int32) throws(StoreError) {
        if rc != SQLITE_OK { throw StoreError(sqlite: rc, message: "binding parameter \(i): \(database.lastError)", sql: sql, path: database.path) }
    }

    /// Steps a statement bound with `set` to completion.
    public func execute() throws(StoreError) {
        while try step() {}
    }

    /// Executes to completion (INSERT/UPDATE/DELETE).
    public func run(_ values: [SQLValue] = []) throws(StoreError) {
        try bind(values)
        while try step() {}
    }

    /// Advances one row; true while a row is available.
    public func step() throws(StoreError) -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw StoreError(sqlite: rc, message: database.lastError, sql: sql, path: database.path)
        }
    }

    /// A text column whole, by its length: a NUL inside the text is kept, as the row readers
    /// (`readCells`) keep it, where reading it as a C string would cut it there.
    @inline(__always)
    static func text(_ handle: OpaquePointer, _ i: Int32) -> String {
        guard let p = sqlite3_column_text(handle, i) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: p, count: Int(sqlite3_column_bytes(handle, i))), as: UTF8.self)
    }

    public func column(_ i: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, i) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, i))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, i))
        case SQLITE_TEXT: return .text(Self.text(handle, i))
        case SQLITE_BLOB:
            let n = Int(sqlite3_column_bytes(handle, i))
            guard n > 0, let p = sqlite3_column_blob(handle, i) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: p, count: n)))
        default: return .null
        }
    }

    public func row() -> [SQLValue] { (0..<sqlite3_column_count(handle)).map { column($0) } }

    public func rows(_ values: [SQLValue] = []) throws(StoreError) -> [[SQLValue]] {
        try bind(values)
        var out: [[SQLValue]] = []
        while try step() { out.append(row()) }
        return out
    }

    /// Calls `body` for each row without collecting them (for exports of any size).
    public func forEachRow(_ values: [SQLValue] = [], _ body: ([SQLValue]) throws -> Void) throws {
        try bind(values)
        while try step() { try body(row()) }
    }
}
