import Foundation
import Testing
import TestSupport
@testable import WeatherExport
import WeatherStore

/// The XLSX export read back by openpyxl (and by LibreOffice when it is installed): typed
/// cells, dates as dates, empty cells for missing values, the frozen bold header with its
/// filter, neutralised formulas, and the split of a table past a sheet's rows.
struct SpreadsheetReaderTests {
    typealias Sheet = [String: Any]

    static func sheets(_ dump: Any?) -> [String: Sheet] {
        let list = ((dump as? [String: Any])?["sheets"] as? [Sheet]) ?? []
        return Dictionary(list.map { ($0["name"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
    }

    static func rows(_ sheet: Sheet?) -> [[[String: Any]]] { (sheet?["rows"] as? [[[String: Any]]]) ?? [] }

    /// The cell of `column` (by header name) in data row `index` (0-based).
    static func cell(_ sheet: Sheet?, _ column: String, row index: Int) -> [String: Any]? {
        let r = rows(sheet)
        guard let c = r.first?.firstIndex(where: { $0["value"] as? String == column }), index + 1 < r.count else { return nil }
        return r[index + 1][c]
    }

    @Test func xlsxCellsAreTypedAndReadBackByOpenpyxl() throws {
        let folder = try TemporaryFolder("readers")
        defer { folder.remove() }
        let db = try Readers.fixtureStore(in: folder)
        // One text that a spreadsheet would run as a formula.
        try Database(path: db).run("UPDATE observation_rows SET place_name = ? WHERE id = 1", [.text("=HYPERLINK(\"http://x\",\"y\")")])
        let export = try CLI.run(["export", "--db", db, "--format", "xlsx", "--out", folder.path + "/weather.xlsx"])
        #expect(export.status == 0, "\(export.stderr)")
        let count = try Database(path: db, readOnly: true).scalar("SELECT COUNT(*) FROM observations")?.int ?? -1
        #expect(export.stderr.contains("sheet 'observations' (\(count) rows)"), "\(export.stderr)")
        guard let dump = try Python.json("xlsx_dump.py", [folder.path + "/weather.xlsx"]) else { return }
        let sheets = SpreadsheetReaderTests.sheets(dump)
        let store = try Database(path: db, readOnly: true)
        #expect(Set(sheets.keys) == Set(try store.userTableNames().filter { $0 != "meta" }))

        let obs = sheets["observations"]
        #expect(obs?["freeze"] as? String == "A2")
        let columns = try store.rows("SELECT COUNT(*) FROM pragma_table_info('observations')")[0][0].int ?? 0
        #expect(obs?["filter"] as? String == "A1:\(SpreadsheetReaderTests.columnLetters(Int(columns)))\(count + 1)")
        let header = SpreadsheetReaderTests.rows(obs).first ?? []
        #expect(header.count == columns && header.allSatisfy { $0["bold"] as? Bool == true })
        #expect(header.map { $0["value"] as? String ?? "" }.contains("temp_c"))
        let first = try store.rows("SELECT id, temp_c, observed_at_utc, dew_point_c FROM observations ORDER BY rowid LIMIT 1")[0]
        let id = SpreadsheetReaderTests.cell(obs, "id", row: 0)
        #expect(id?["type"] as? String == "n" && (id?["value"] as? NSNumber)?.int64Value == first[0].int)
        let temp = SpreadsheetReaderTests.cell(obs, "temp_c", row: 0)
        // Full precision within the 16 significant digits a workbook stores.
        let tempValue = (temp?["value"] as? NSNumber)?.doubleValue ?? .nan
        #expect(temp?["type"] as? String == "n" && abs(tempValue - (first[1].double ?? .nan)) <= 1e-12 * abs(tempValue))
        let at = SpreadsheetReaderTests.cell(obs, "observed_at_utc", row: 0)
        #expect(at?["type"] as? String == "d" && at?["format"] as? String == "yyyy-mm-dd hh:mm:ss")
        #expect(at?["value"] as? String == SpreadsheetDate.spaced(first[2].string ?? ""))  // 2024-05-01 08:00:00
        #expect(first[3] == .null)
        #expect(SpreadsheetReaderTests.cell(obs, "dew_point_c", row: 0)?["value"] is NSNull)  // missing: an empty cell
        let place = SpreadsheetReaderTests.cell(obs, "place_name", row: 0)
        #expect(place?["type"] as? String == "s" && place?["value"] as? String == "'=HYPERLINK(\"http://x\",\"y\")")

        // A local date is a date cell with a date format; counts are numbers.
        let daily = sheets["daily_observed"]
        let day = try store.rows("SELECT local_date, n_obs FROM daily_observed ORDER BY rowid LIMIT 1")[0]
        let date = SpreadsheetReaderTests.cell(daily, "local_date", row: 0)
        #expect(date?["type"] as? String == "d" && date?["format"] as? String == "yyyy-mm-dd")
        #expect((date?["value"] as? String)?.hasPrefix(day[0].string ?? "?") == true)
        #expect((SpreadsheetReaderTests.cell(daily, "n_obs", row: 0)?["value"] as? NSNumber)?.int64Value == day[1].int)
        // Widths fit the header (at least) and stay sensible.
        let widths = (obs?["widths"] as? [String: Double]) ?? [:]
        #expect(!widths.isEmpty && widths.values.allSatisfy { (8...60).contains($0) })
        #expect((widths["G"] ?? 0) >= 19)  // observed_at_utc: a whole date-time shows
    }

    @Test func aTablePastTheSheetLimitContinuesOnNumberedSheets() throws {
        let folder = try TemporaryFolder("readers")
        defer { folder.remove() }
        let db = try Readers.fixtureStore(in: folder)
        try Database(path: db).execute("DELETE FROM warnings")  // an empty table
        let count = try Database(path: db, readOnly: true).scalar("SELECT COUNT(*) FROM observations")?.int ?? 0
        try #require(count >= 5, "the fixtures hold \(count) observations")
        // A sheet size that splits the table into three sheets, the last one shorter.
        let perSheet = Int(count + 2) / 3
        let exporter = Exporter(database: try Database(path: db, readOnly: true))
        let path = folder.path + "/split.xlsx"
        let written = try exporter.exportXLSX(tables: ["observations", "warnings"], to: path, units: .metric, rowsPerSheet: perSheet)
        #expect(written.map(\.sheet) == ["observations", "observations (2)", "observations (3)", "warnings"])
        #expect(written.map(\.rows) == [perSheet, perSheet, Int(count) - 2 * perSheet, 0])
        let lines = XLSXSummary.lines(written, path: path)
        #expect(lines.contains { $0.contains("table observations has \(count) rows") && $0.contains("'observations (3)'") })
        guard let dump = try Python.json("xlsx_dump.py", [path]) else { return }
        let sheets = SpreadsheetReaderTests.sheets(dump)
        #expect(SpreadsheetReaderTests.rows(sheets["observations (2)"]).count == perSheet + 1)  // the header, then a sheet of rows
        #expect(sheets["observations (3)"]?["freeze"] as? String == "A2")
        #expect((SpreadsheetReaderTests.cell(sheets["observations (2)"], "id", row: 0)?["value"] as? NSNumber)?.intValue == perSheet + 1)
        #expect(SpreadsheetReaderTests.rows(sheets["warnings"]).count == 1)  // an empty table keeps its header
        #expect(SheetSequence.sheetName(String(repeating: "x", count: 40), part: 12).count == 31)
    }

    /// LibreOffice, when installed, reads the same values from the workbook.
    @Test func libreOfficeReadsTheSameValuesWhenInstalled() throws {
        guard let soffice = Subprocess.which("soffice") ?? Subprocess.which("libreoffice") else {
            print("skipped: LibreOffice (soffice) is not installed, so the XLSX → CSV conversion check did not run")
            return
        }
        let folder = try TemporaryFolder("readers")
        defer { folder.remove() }
        let db = try Readers.fixtureStore(in: folder)
        try CLI.run(["export", "--db", db, "--format", "xlsx", "--table", "locations", "--out", folder.path + "/l.xlsx"])
        let r = try Subprocess.run(soffice, ["--headless", "--convert-to", "csv", "--outdir", folder.path + "/lo", folder.path + "/l.xlsx"])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: folder.path + "/lo/l.csv", encoding: .utf8)
        let names = try Database(path: db, readOnly: true).rows("SELECT name FROM locations").compactMap { $0[0].string }
        for name in names { #expect(text.contains(name)) }
        print("LibreOffice check ran: \(soffice)")
    }

    /// Spreadsheet column letters of the `n`th column (1 → A, 27 → AA).
    static func columnLetters(_ n: Int) -> String {
        var n = n, out = ""
        while n > 0 {
            let r = (n - 1) % 26
            out = String(UnicodeScalar(65 + r)!) + out
            n = (n - 1) / 26
        }
        return out
    }
}
