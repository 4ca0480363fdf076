import Testing
@testable import WeatherStore

/// `Row.string(_:reusing:)` gives back the previous string only for the same bytes, and reads
/// every other text (longer, shorter, one byte different, empty, NULL, a number) as `string` does.
struct RowReuseTests {
    @Test func aRepeatedTextIsThePreviousStringAndEveryOtherTextIsRead() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t (a)")
        let values: [SQLValue] = [.text("ECMWF"), .text("ECMWF"), .text("ECMWG"), .text("ECMWFx"), .text("ECMW"), .text(""), .text(""),
                                  .null, .text("ECMWF"), .integer(5), .text("雨"), .text("雨")]
        for v in values { try db.run("INSERT INTO t VALUES (?)", [v]) }
        var previous: String?
        var read: [String?] = [], plain: [String?] = []
        try db.prepare("SELECT a FROM t ORDER BY rowid").forEachRow(named: { r in
            previous = r.string("a", reusing: previous)
            read.append(previous)
            plain.append(r.string("a"))
        })
        #expect(read == plain)
        #expect(read == ["ECMWF", "ECMWF", "ECMWG", "ECMWFx", "ECMW", "", "", nil, "ECMWF", nil, "雨", "雨"])
    }
}
