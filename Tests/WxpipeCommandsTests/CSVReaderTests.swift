import Foundation
import Testing
import TestSupport
import WeatherExport
import WeatherStore

/// Every CSV of the fixtures read by DuckDB's `read_csv_auto` gets the types `schema.json`
/// declares; and LibreOffice, when installed, opens the spreadsheet dialect typed.
struct CSVReaderTests {
    /// What DuckDB may infer for each CSVW datatype of the schema.
    static let accepted: [String: Set<String>] = [
        "integer": ["BIGINT", "INTEGER"], "double": ["DOUBLE"], "string": ["VARCHAR"], "date": ["DATE"],
        "dateTime": ["TIMESTAMP", "TIMESTAMP WITH TIME ZONE"],
    ]
    static let loadedAs = ["integer": "BIGINT", "double": "DOUBLE", "string": "VARCHAR", "date": "DATE", "dateTime": "TIMESTAMP"]

    @Test(arguments: [CSVDialect.rfc4180, .spreadsheet])
    func duckDBInfersTheDeclaredTypeOfEveryColumn(_ dialect: CSVDialect) throws {
        let folder = try TemporaryFolder("readers")
        defer { folder.remove() }
        let db = try Readers.fixtureStore(in: folder)
        let out = folder.path + "/csv-\(dialect.rawValue)"
        let r = try CLI.run(["export", "--db", db, "--out", out, "--dialect", dialect.rawValue])
        #expect(r.status == 0, "\(r.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".csv") }.sorted()
        guard let facts = try Python.json("csv_types.py", [out]) as? [String: [String: Any]] else { return }
        #expect(facts.keys.sorted() == files, "schema.json lists every CSV written")
        var checked = 0, inferred = 0
        for (file, table) in facts {
            let columns = table["columns"] as? [String: [String: Any]] ?? [:]
            #expect(Set(table["header"] as? [String] ?? []) == Set(columns.keys), "\(file): header and schema")
            for (name, c) in columns {
                let declared = c["declared"] as? String ?? "?"
                checked += 1
                // The declared types always load (an empty file or column too).
                #expect(c["loaded"] as? String == CSVReaderTests.loadedAs[declared], "\(file) \(name)")
                // Where there are values, DuckDB infers the declared type from them alone.
                guard (c["nonempty"] as? Int ?? 0) > 0 else { continue }
                inferred += 1
                #expect(CSVReaderTests.accepted[declared]?.contains(c["inferred"] as? String ?? "") == true,
                        "\(file) \(name): declared \(declared), DuckDB inferred \(c["inferred"] ?? "nothing")")
            }
        }
        #expect(checked >= 200 && inferred >= 180, "\(checked) columns, \(inferred) with values")
        // The columns of the issue: whole-valued REALs are DOUBLE in every file.
        let forecasts = (facts["forecasts.csv"]?["columns"] as? [String: [String: Any]]) ?? [:]
        #expect(forecasts["precip_prob_pct"]?["inferred"] as? String == "DOUBLE")
        let locations = (facts["locations.csv"]?["columns"] as? [String: [String: Any]]) ?? [:]
        #expect(locations["radius_km"]?["inferred"] as? String == "DOUBLE")
    }

    /// The spreadsheet dialect opened by LibreOffice's import, when LibreOffice is installed.
    @Test func libreOfficeTypesTheSpreadsheetDialectWhenInstalled() throws {
        guard let soffice = Subprocess.which("soffice") ?? Subprocess.which("libreoffice") else {
            print("skipped: LibreOffice (soffice) is not installed, so the spreadsheet-dialect import check did not run")
            return
        }
        let folder = try TemporaryFolder("readers")
        defer { folder.remove() }
        let db = try Readers.fixtureStore(in: folder)
        try CLI.run(["export", "--db", db, "--out", folder.path + "/ss", "--table", "locations", "--dialect", "spreadsheet"])
        // The import setting the README documents: comma, double quote, UTF-8 (76), from row 1.
        let r = try Subprocess.run(soffice, ["--headless", "--infilter=CSV:44,34,76,1", "--convert-to", "xlsx", "--outdir",
                                          folder.path + "/lo", folder.path + "/ss/locations.csv"])
        #expect(r.status == 0, "\(r.stderr)")
        guard let dump = try Python.json("xlsx_dump.py", [folder.path + "/lo/locations.xlsx"]) else { return }
        let sheet = SpreadsheetReaderTests.sheets(dump).values.first
        #expect(SpreadsheetReaderTests.rows(sheet).first?.first?["value"] as? String == "id")  // no BOM in the header
        #expect(SpreadsheetReaderTests.cell(sheet, "lat", row: 0)?["type"] as? String == "n")
        print("LibreOffice check ran: \(soffice)")
    }
}
