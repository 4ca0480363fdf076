import Testing
@testable import WeatherStore

/// A row binder leaves a parameter bound when the new row's value is the one it holds
/// (`BoundValues`): every row must still store exactly its own values, whatever the previous
/// rows, the statement (single or grouped rows) and the other ways of binding in between did.
struct KeptBindingTests {
    struct Row: Equatable {
        var real: Double?
        var integer: Int64?
        var text: String?
    }

    static let layout = RowLayout<Row>(columns: ["r", "i", "t"]) { b, row throws(StoreError) in
        try b("r", row.real)
        try b("i", row.integer)
        try b("t", row.text)
    }

    /// Rows that repeat a value, switch a column between NULL, numbers and text (short texts are
    /// kept, long ones not), texts of one length but other bytes, repeat a value
    /// after another kind, and bind 0.0 beside -0.0 (equal as numbers, not as bits; SQLite
    /// stores both as 0).
    static let rows: [Row] = [
        Row(real: 1.5, integer: 7, text: "a"),
        Row(real: 1.5, integer: 7, text: "a"),
        Row(real: nil, integer: 7, text: nil),
        Row(real: nil, integer: nil, text: nil),
        Row(real: 1.5, integer: nil, text: "b"),
        Row(real: 0.0, integer: 0, text: ""),
        Row(real: -0.0, integer: 0, text: "b"),
        Row(real: 2, integer: 2, text: "2"),
        Row(real: 2, integer: 2, text: "2"),
        Row(real: 1.5, integer: 7, text: "a"),
        Row(real: 3, integer: 3, text: String(repeating: "long ", count: 9)),
        Row(real: 3, integer: 3, text: "a"),
        Row(real: 3, integer: 3, text: String(repeating: "long ", count: 9)),
        Row(real: 3, integer: 3, text: "ab"),
        Row(real: 3, integer: 3, text: "ba"),
        Row(real: 3, integer: 3, text: "ba"),
        Row(real: 3, integer: 3, text: "b"),
    ]

    static func stored(_ db: Database) throws -> [Row] {
        try db.rows("SELECT r, i, t FROM k ORDER BY rowid").map { v in
            func real(_ x: SQLValue) -> Double? { if case .real(let d) = x { return d }; return nil }
            func integer(_ x: SQLValue) -> Int64? { if case .integer(let n) = x { return n }; return nil }
            func text(_ x: SQLValue) -> String? { if case .text(let s) = x { return s }; return nil }
            return Row(real: real(v[0]), integer: integer(v[1]), text: text(v[2]))
        }
    }

    static func table() throws -> Database {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE k(r REAL, i INTEGER, t TEXT)")
        return db
    }

    @Test(arguments: [1, 2, 3, 4])
    func everyRowStoresItsOwnValues(rowsPerStatement: Int) throws {
        let db = try Self.table()
        let insert = try ColumnInsert(db, table: "k", layout: Self.layout, rowsPerStatement: rowsPerStatement)
        // Twice over, so that groups start at other rows the second time.
        _ = try insert.insert(Self.rows)
        _ = try insert.insert(Self.rows.dropFirst())
        let stored = try Self.stored(db)
        #expect(stored == Self.rows + Self.rows.dropFirst())
    }

    /// A value bound another way (`set`, `bind`, a cleared statement) is not taken for the one
    /// the binder bound before.
    @Test func otherBindsBetweenRowsAreNotMistakenForKeptValues() throws {
        let db = try Self.table()
        let insert = try ColumnInsert(db, table: "k", layout: Self.layout)
        try insert.insert(Row(real: 1.5, integer: 7, text: "a"))
        insert.statement.reset()
        try insert.statement.set(1, 9.25)
        try insert.statement.set(2, Int64(3))
        try insert.statement.set(3, "x")
        try insert.statement.execute()
        try insert.insert(Row(real: 1.5, integer: 7, text: "a"))
        try insert.statement.bind([.null, .null, .null])
        try insert.statement.execute()
        try insert.insert(Row(real: 1.5, integer: 7, text: "a"))
        insert.statement.reset()  // clears the bindings: the row before bound text from its buffer
        try insert.statement.execute()
        try insert.insert(Row(real: 1.5, integer: 7, text: "a"))
        #expect(try Self.stored(db) == [
            Row(real: 1.5, integer: 7, text: "a"),
            Row(real: 9.25, integer: 3, text: "x"),
            Row(real: 1.5, integer: 7, text: "a"),
            Row(real: nil, integer: nil, text: nil),
            Row(real: 1.5, integer: 7, text: "a"),
            Row(real: nil, integer: nil, text: nil),
            Row(real: 1.5, integer: 7, text: "a"),
        ])
    }
}
