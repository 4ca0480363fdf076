import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherExport
import WeatherStore

/// Cells typed by their column, the spreadsheet dialects, spreadsheet dates, the schema file and
/// the XLSX request, without any outside reader (those are in WxpipeCommandsTests).
struct TypedExportTests {
    @Test(arguments: [(25.0, "25.0"), (8.720000000000027, "8.72"), (12.364000000000033, "12.364"), (-0.5, "-0.5"),
                      (0, "0.0"), (1e20, "1e+20"), (1013.25, "1013.25"), (-3.0, "-3.0"), (0.1 + 0.2, "0.3")])
    func realsAreFloatsAtTenSignificantDigits(_ value: Double, _ text: String) {
        #expect(CSV.formatReal(value) == text)
        #expect(CSV.cell(.real(value), as: .real) == text)
    }

    @Test func cellsFollowTheirColumnsType() {
        #expect(CSV.cell(.integer(25), as: .real) == "25.0")      // a REAL column holding a whole number
        #expect(CSV.cell(.real(3), as: .integer) == "3")
        #expect(CSV.cell(.real(2.5), as: .integer) == "2.5")      // never loses a value
        #expect(CSV.cell(.integer(-12), as: .integer) == "-12")
        #expect(CSV.cell(.null, as: .real) == "")
        #expect(CSV.cell(.text("2024-05-01T08:00:00Z"), as: .dateTime) == "2024-05-01T08:00:00Z")
        #expect(CSV.cell(.text("2024-05-01T08:00:00Z"), as: .dateTime, dialect: .spreadsheet) == "2024-05-01 08:00:00")
        #expect(CSV.cell(.text("2024-05-01T08:00:00Z"), as: .text, dialect: .spreadsheet) == "2024-05-01T08:00:00Z")
    }

    @Test func theEuropeanDialectUsesSemicolonsAndDecimalCommas() {
        let eu = CSVDialect.spreadsheetEU
        #expect(eu.rawValue == "spreadsheet-eu" && eu.separator == ";")
        #expect(CSV.cell(.real(12.5), as: .real, dialect: eu) == "12,5")
        #expect(CSV.cell(.real(25), as: .real, dialect: eu) == "25,0")
        #expect(CSV.cell(.integer(1013), as: .integer, dialect: eu) == "1013")
        #expect(CSV.cell(.text("a;b"), dialect: eu) == "\"a;b\"")
        #expect(CSV.cell(.text("a,b"), dialect: eu) == "a,b")
        #expect(CSV.cell(.text("=1+1"), dialect: eu) == "'=1+1")
        #expect(CSV.cell(.text("2024-05-01T08:00:00Z"), as: .dateTime, dialect: eu) == "2024-05-01 08:00:00")
    }

    @Test func anExportInTheEuropeanDialect() throws {
        let folder = try TemporaryFolder("export")
        defer { folder.remove() }
        let store = try ExporterTests().sampleStore(in: folder)
        try Exporter(database: store.database).exportCSV(tables: ["observations"], to: folder.path + "/eu", dialect: .spreadsheetEU)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/eu/observations.csv"))
        #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])
        let lines = String(decoding: bytes.dropFirst(3), as: UTF8.self).components(separatedBy: "\r\n")
        #expect(lines[0].hasPrefix("id;source_id;line;provider;product;location_id;observed_at_utc;temp_c;"))
        #expect(lines[1].contains(";2024-05-01 08:00:00;12,5;") && lines[1].contains(";2,54;"))
    }

    @Test func spreadsheetDatesAreDaysSince1899() {
        #expect(SpreadsheetDate.serial("2024-05-01") == 45413)
        #expect(SpreadsheetDate.serial("2024-05-01T06:00:00Z") == 45413.25)
        #expect(SpreadsheetDate.serial("2024-05-01 18:00:00") == 45413.75)
        #expect(SpreadsheetDate.serial("1900-03-01") == 61)
        // Before Excel's 1900-02-29 (serial 60), a day less: 1900-01-01 is serial 1.
        #expect(SpreadsheetDate.serial("1900-02-28") == 59 && SpreadsheetDate.serial("1900-01-01") == 1)
        #expect(SpreadsheetDate.serial("1900-01-01 12:00:00") == 1.5)
        // A blob as SQL writes it, two hex digits a byte (leading zeros kept).
        #expect(CSV.blobText([0x00, 0xff, 0x05]) == "x'00ff05'" && CSV.blobText([]) == "x''")
        #expect(CSV.cell(.blob([0x0a]), as: .text, dialect: .rfc4180) == "x'0a'")
        #expect(SpreadsheetDate.serial("2024-02-29") == 45351)
        for bad in ["2023-02-29", "2024-13-01", "2024-05-01T25:00:00Z", "May 1", "2024-05-01T06:00:00+02:00", "", "1850-01-01"] {
            #expect(SpreadsheetDate.serial(bad) == nil, "\(bad)")
        }
    }

    @Test func columnTypesComeFromDeclarationsAndNames() {
        #expect(ColumnType(declared: "REAL", name: "temp_c") == .real)
        #expect(ColumnType(declared: "INTEGER", name: "id") == .integer)
        #expect(ColumnType(declared: "TEXT", name: "observed_at_utc") == .dateTime)
        #expect(ColumnType(declared: "TEXT", name: "local_date") == .date)
        #expect(ColumnType(declared: nil, name: "observed_at_local") == .dateTime)
        #expect(ColumnType(declared: "TEXT", name: "month") == .text)
        #expect(ColumnType(declared: "TEXT", name: "provider") == .text)
        #expect(ColumnType(value: .real(1), name: "x") == .real)
    }

    @Test func unitsComeFromTheNamesSuffix() {
        let cases: [(String, String?)] = [("temp_c", "°C"), ("temp_f", "°F"), ("wind_speed_ms", "m/s"), ("wind_speed_mph", "mph"),
                                          ("precip_rate_mmh", "mm/h"), ("precip_mm", "mm"), ("pressure_inhg", "inHg"),
                                          ("visibility_m", "m"), ("humidity_pct", "%"), ("lat", "°"), ("utc_offset_s", "s"),
                                          ("provider", nil), ("observed_at_utc", nil), ("n_obs", nil)]
        for (name, unit) in cases { #expect(ColumnCatalog.unit(of: name, perVariable: false) == unit, "\(name)") }
        #expect(ColumnCatalog.unit(of: "sum_f", perVariable: true) == nil)  // in the unit of `variable`
        #expect(ColumnCatalog.unit(of: "mae_lead_1d", perVariable: true) == nil)
        #expect(ColumnCatalog.description(of: "temp_c", table: "observations", perVariable: false) == "air temperature")
    }

    @Test func theSchemaFileDescribesEveryColumn() throws {
        let folder = try TemporaryFolder("export")
        defer { folder.remove() }
        let store = try ExporterTests().sampleStore(in: folder)
        let exporter = Exporter(database: store.database)
        for (dialect, units) in [(CSVDialect.rfc4180, Units.metric), (.spreadsheetEU, .imperial)] {
            let out = folder.path + "/\(dialect.rawValue)"
            try exporter.exportCSV(tables: ["observations", "locations"], to: out, dialect: dialect, units: units)
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/schema.json"))) as? [String: Any]
            let tables = try #require(json?["tables"] as? [[String: Any]])
            #expect(tables.map { $0["url"] as? String } == ["observations.csv", "locations.csv"])
            let schema = try #require(tables[0]["tableSchema"] as? [String: Any])
            let columns = try #require(schema["columns"] as? [[String: Any]])
            let header = try String(contentsOfFile: out + "/observations.csv", encoding: .utf8)
                .trimmingCharacters(in: ["\u{FEFF}"]).components(separatedBy: dialect.lineEnding)[0]
            #expect(columns.map { $0["name"] as? String ?? "" }.joined(separator: dialect.separator) == header)
            let byName = Dictionary(columns.map { ($0["name"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
            let temp = byName[units == .metric ? "temp_c" : "temp_f"]
            #expect(temp?["unit"] as? String == (units == .metric ? "°C" : "°F"))
            #expect(byName["id"]?["datatype"] as? String == "integer" && byName["id"]?["required"] as? Bool == true)
            #expect(byName["provider"]?["datatype"] as? String == "string" && byName["provider"]?["unit"] is NSNull)
            let at = byName["observed_at_utc"]?["datatype"] as? [String: Any]
            #expect(at?["base"] as? String == "dateTime")
            #expect(at?["format"] as? String == (dialect.spreadsheetDates ? "yyyy-MM-dd HH:mm:ss" : "yyyy-MM-ddTHH:mm:ssX"))
            if dialect == .spreadsheetEU {
                #expect((temp?["datatype"] as? [String: Any])?["format"] as? [String: String] == ["decimalChar": ","])
            } else {
                #expect(temp?["datatype"] as? String == "double")
            }
            #expect(byName["place_name"]?["dc:description"] as? String == "place name in the reply")
        }
    }

    @Test func anXLSXRequestWritesOneWorkbook() throws {
        let folder = try TemporaryFolder("export")
        defer { folder.remove() }
        let store = try ExporterTests().sampleStore(in: folder)
        let exporter = Exporter(database: store.database)
        #expect(throws: ExportError.self) { try ExportRequest(format: .xlsx, dialect: .spreadsheet) }
        let request = try ExportRequest(format: .xlsx, tables: ["observations", "locations"], units: .imperial)
        let written = try exporter.export(request, to: folder.path + "/out/w.xlsx")
        #expect(written == .workbook([Exporter.WrittenSheet(table: "observations", sheet: "observations", rows: 1),
                                      Exporter.WrittenSheet(table: "locations", sheet: "locations", rows: 1)]))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/out/w.xlsx"))
        #expect(Array(bytes.prefix(2)) == [0x50, 0x4B])  // a ZIP container
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/out") == ["w.xlsx"])  // no temporary left
        // A workbook that cannot be written is an error, and leaves nothing behind.
        _ = FileManager.default.createFile(atPath: folder.path + "/blocker", contents: Data("x".utf8))
        #expect(throws: ExportError.self) { try exporter.exportXLSX(tables: [], to: folder.path + "/blocker/w.xlsx") }
        #expect(throws: ExportError.self) { try exporter.exportXLSX(tables: ["nope"], to: folder.path + "/n.xlsx") }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/n.xlsx"))
    }
}
