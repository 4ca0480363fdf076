import Testing
@testable import WeatherStore

/// `ColumnInsert.insert(_:)` of many rows: full groups, then groups of half, a quarter, … and
/// single rows for the last, every row once and in order, duplicates counted as not written.
struct GroupedInsertTests {
    static let layout = RowLayout<Int64>(columns: ["k", "v"]) { b, n throws(StoreError) in
        try b("k", n)
        try b("v", n * 10)
    }

    @Test(arguments: [1, 5, 16])
    func everyCountOfRowsIsInsertedOnceInOrder(rowsPerStatement: Int) throws {
        for count in 0...40 {
            let db = try Database(path: ":memory:")
            try db.execute("CREATE TABLE t(k INTEGER UNIQUE, v INTEGER)")
            let insert = try ColumnInsert(db, table: "t", layout: Self.layout, verb: "OR IGNORE", rowsPerStatement: rowsPerStatement)
            let keys = (0..<Int64(count)).map { $0 * 7 % 41 }
            #expect(try insert.insert(keys) == count)
            // Again with every third key new: the others are duplicates, not written.
            let again = keys.map { $0 % 3 == 0 ? $0 + 1000 : $0 }
            #expect(try insert.insert(again) == again.filter { $0 >= 1000 }.count)
            let stored = try db.rows("SELECT k, v FROM t ORDER BY rowid")
            let expected = keys + again.filter { $0 >= 1000 }
            #expect(stored == expected.map { [.integer($0), .integer($0 * 10)] }, "\(count) rows")
        }
    }
}
