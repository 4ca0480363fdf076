import Testing
@testable import WeatherStore

/// Text bound from a statement's own buffer (`Statement.setRowText`) is what was bound, row after
/// row, past the buffer's end, and never seen again by a caller that binds less after `reset`.
struct RowTextTests {
    @Test func rowsKeepTheirOwnTextAndLongTextFallsBackToACopy() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t (a TEXT, b TEXT, c TEXT)")
        let insert = try db.prepare("INSERT INTO t VALUES (?, ?, ?)")
        let long = String(repeating: "x", count: Statement.rowTextCapacity - 3)
        var expected: [[SQLValue]] = []
        for k in 0..<200 {
            let row: [String?] = [k % 3 == 0 ? nil : "a\(k)", k == 7 ? long : "bé\(k)雨", k == 7 ? "over the end \(k)" : ""]
            insert.resetForRow()
            for (i, v) in row.enumerated() { try insert.setRowText(Int32(i + 1), v) }
            try insert.execute()
            expected.append(row.map { $0.map(SQLValue.text) ?? .null })
        }
        #expect(try db.rows("SELECT a, b, c FROM t ORDER BY rowid") == expected)
    }

    @Test func aPlainResetForgetsTheRowText() throws {
        let db = try Database(path: ":memory:")
        let select = try db.prepare("SELECT ?, ?")
        select.resetForRow()
        try select.setRowText(1, "first")
        try select.setRowText(2, "second")
        #expect(try select.step())
        select.reset()
        try select.set(1, "only one")
        #expect(try select.step())
        #expect(select.column(0) == .text("only one"))
        #expect(select.column(1) == .null)
    }
}
