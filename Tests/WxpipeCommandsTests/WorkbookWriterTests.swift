import Foundation
import Testing
import TestSupport
@testable import WeatherExport
import WeatherStore

/// wxpipe's own XLSX writer read back by openpyxl: text that XML cannot hold as it is, cells
/// after gaps, and a sheet whose XML spans many separately deflated chunks (the CRC-32 of
/// every zip entry checked by Python's zipfile).
struct WorkbookWriterTests {
    @Test func awkwardTextReadsBackAsItWas() throws {
        let folder = try TemporaryFolder("workbook")
        defer { folder.remove() }
        let db = try Readers.fixtureStore(in: folder)
        let query = """
            SELECT 'a & b <c> "d"' AS markup, ' lead' AS lead, 'tab' || char(9) || 'x' AS tab, 'cr' || char(13) || char(10) || 'lf' AS cr,
                   'ctl' || char(1) AS control, '_x0041_ literal' AS escape_like, 'é 雨' AS unicode, CAST(x'41ff42' AS TEXT) AS invalid,
                   NULL AS missing, 1.5 AS real, '' AS empty, 7 AS integer, '=1+1' AS formula, 'snake_case' AS plain
            """
        let r = try CLI.run(["sql", "--db", db, "--format", "xlsx", "--out", folder.path + "/q.xlsx", query])
        #expect(r.status == 0, "\(r.stderr)")
        guard let dump = try Python.json("xlsx_dump.py", [folder.path + "/q.xlsx"]) as? [String: Any] else { return }
        #expect(dump["zip_ok"] as? Bool == true)
        let sheet = SpreadsheetReaderTests.sheets(dump)["query"]
        func value(_ column: String) -> Any? { SpreadsheetReaderTests.cell(sheet, column, row: 0)?["value"] }
        #expect(value("markup") as? String == "a & b <c> \"d\"")
        #expect(value("lead") as? String == " lead")  // leading white space kept (xml:space)
        #expect(value("tab") as? String == "tab\tx")
        // Excel's escape for what XML would not keep (a carriage return) or cannot hold (control
        // characters), which Excel reads back as the character; openpyxl shows it as it is.
        #expect(value("cr") as? String == "cr_x000D_\nlf")
        #expect(value("control") as? String == "ctl_x0001_")
        #expect(value("escape_like") as? String == "_x005F_x0041_ literal")  // Excel shows _x0041_ literal
        #expect(value("unicode") as? String == "é 雨")
        #expect(value("invalid") as? String == "A\u{FFFD}B")  // invalid UTF-8 replaced, the XML stays valid
        #expect(value("missing") is NSNull && value("empty") is NSNull)
        #expect((value("real") as? NSNumber)?.doubleValue == 1.5 && (value("integer") as? NSNumber)?.intValue == 7)
        #expect(value("formula") as? String == "'=1+1")
        #expect(value("plain") as? String == "snake_case")
    }

    @Test func aSheetOfManyDeflatedChunksIsOneValidEntry() throws {
        let folder = try TemporaryFolder("workbook")
        defer { folder.remove() }
        let db = try Readers.fixtureStore(in: folder)
        let rows = 60_000
        // About 8 MB of sheet XML: eight chunks deflated apart, with a gap every seventh row.
        let query = """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
            SELECT i, i * 0.25 AS quarter, CASE WHEN i % 7 = 0 THEN NULL ELSE 'row ' || i END AS label, i * 3 AS triple,
                   printf('%08x-%d', i * 2654435761 % 4294967296, i) AS noise
            FROM n
            """
        let r = try CLI.run(["sql", "--db", db, "--format", "xlsx", "--out", folder.path + "/big.xlsx", query])
        #expect(r.status == 0 && r.stderr.contains("(\(rows) rows)"), "\(r.stderr)")
        let picks = [1, 6, 7, 8, 30_001, rows]
        guard let dump = try Python.json("xlsx_rows.py", [folder.path + "/big.xlsx"] + picks.map { String($0 + 1) }) as? [String: Any] else { return }
        #expect(dump["zip_ok"] as? Bool == true)
        #expect(dump["rows"] as? Int == rows + 1)
        #expect(dump["dimension"] as? String == "A1:E\(rows + 1)")
        let selected = dump["selected"] as? [String: [Any]] ?? [:]
        for i in picks {
            let row = selected[String(i + 1)] ?? []
            try #require(row.count == 5, "row \(i): \(row)")
            #expect((row[0] as? NSNumber)?.intValue == i)
            #expect((row[1] as? NSNumber)?.doubleValue == Double(i) * 0.25)
            if i % 7 == 0 { #expect(row[2] is NSNull) } else { #expect(row[2] as? String == "row \(i)") }
            #expect((row[3] as? NSNumber)?.intValue == 3 * i)  // in its column after the gap
            #expect((row[4] as? String)?.hasSuffix("-\(i)") == true)
        }
    }
}
