import Foundation
import Testing
import TestSupport
import WeatherStore
@testable import WxpipeCommands

/// `wxpipe sql` reads and never writes; its formats; the views; the README's example.
struct SQLCommandTests {
    @Test func parsing() throws {
        let c = try SQLCommand.parse(["--db", "w.sqlite", "--format", "json", "SELECT 1"])
        #expect(c.store == "w.sqlite" && c.format == .json && c.query == "SELECT 1" && c.out == nil)
        #expect(try SQLCommand.parse(["--db", "w", "SELECT 1"]).format == .table)
        #expect(throws: UsageError.self) { try SQLCommand.parse(["--db", "w"]) }  // no query
        #expect(throws: UsageError.self) { try SQLCommand.parse(["--db", "w", "SELECT", "1"]) }  // unquoted
        #expect(throws: UsageError.self) { try SQLCommand.parse(["--db", "w", "--format", "xlsx", "SELECT 1"]) }  // no --out
    }

    @Test func writesAreRefusedAndTheStoreIsUnchanged() throws {
        let folder = try TemporaryFolder("readers")
        defer { folder.remove() }
        let db = try Readers.fixtureStore(in: folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let statements = [
            "DELETE FROM observations", "UPDATE locations SET name = 'x'", "INSERT INTO meta VALUES ('k', 'v')",
            "DROP TABLE observations", "CREATE TABLE t (a)", "CREATE TEMP TABLE t (a)", "PRAGMA user_version = 7",
            "SELECT 1; DELETE FROM observations", "ATTACH '\(folder.path)/new.sqlite' AS n",
            "VACUUM INTO '\(folder.path)/copy.sqlite'", "", "-- only a comment",
        ]
        for sql in statements {
            let r = try CLI.run(["sql", "--db", db, sql])
            #expect(r.status == 2, "\(sql): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains("error:") && r.stdout.isEmpty, "\(sql)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/new.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/copy.sqlite"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)  // and still readable, every row there
        #expect((try Database(path: db, readOnly: true).scalar("SELECT COUNT(*) FROM observations")?.int ?? 0) > 0)
    }

    @Test func aMissingStoreFailsAndIsNotCreated() throws {
        let folder = try TemporaryFolder("readers")
        defer { folder.remove() }
        let r = try CLI.run(["sql", "--db", folder.path + "/none.sqlite", "SELECT 1"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("no store at \(folder.path)/none.sqlite"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        let bad = try CLI.run(["sql", "--db", repositoryRoot + "/Package.swift", "SELECT 1"])
        #expect(bad.status == 1 && bad.stderr.contains("Package.swift is not a SQLite file, so not a wxpipe store"), "\(bad.stderr)")
    }

    @Test func formats() throws {
        let folder = try TemporaryFolder("readers")
        defer { folder.remove() }
        let db = try Readers.fixtureStore(in: folder)
        let query = "SELECT id, name, lat, radius_km, utc_offset_s FROM locations WHERE declared = 1 ORDER BY id"
        let table = try CLI.run(["sql", "--db", db, query])
        #expect(table.status == 0, "\(table.stderr)")
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0] == "id        name           lat  radius_km  utc_offset_s")  // numeric headers align right
        #expect(lines[1].hasPrefix("--------  --------  --------  ---------"))
        #expect(lines[2].hasPrefix("london    London     51.5085       25.0"))  // numbers right-aligned, REAL as 25.0
        let csv = try CLI.run(["sql", "--db", db, "--format", "csv", query])
        #expect(csv.stdout.hasPrefix("id,name,lat,radius_km,utc_offset_s\nlondon,London,51.5085,25.0,\n"))
        let json = try CLI.run(["sql", "--db", db, "--format", "json", query])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(objects.count == 3 && objects[0]["name"] as? String == "London" && objects[0]["utc_offset_s"] is NSNull)
        let empty = try CLI.run(["sql", "--db", db, "--format", "json", "SELECT * FROM locations WHERE 0"])
        #expect(empty.stdout == "[]\n")
        let file = folder.path + "/q/locations.csv"
        let toFile = try CLI.run(["sql", "--db", db, "--format", "csv", "--out", file, query])
        #expect(toFile.stdout.isEmpty && toFile.stderr.contains("wrote \(file) (3 rows)"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == csv.stdout)
        let failed = try CLI.run(["sql", "--db", db, "--out", folder.path + "/q/bad.csv", "SELECT nosuch FROM locations"])
        #expect(failed.status == 1 && failed.stderr.contains("no such column"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/q/bad.csv"))

        let xlsx = try CLI.run(["sql", "--db", db, "--format", "xlsx", "--out", folder.path + "/q.xlsx",
                                   "SELECT location_id, local_date, temp_max_c FROM daily_named ORDER BY 1, 2"])
        #expect(xlsx.status == 0, "\(xlsx.stderr)")
        guard let dump = try Python.json("xlsx_dump.py", [folder.path + "/q.xlsx"]) else { return }
        let sheet = SpreadsheetReaderTests.sheets(dump)["query"]
        #expect(SpreadsheetReaderTests.cell(sheet, "local_date", row: 0)?["type"] as? String == "d")
        #expect(SpreadsheetReaderTests.cell(sheet, "temp_max_c", row: 0)?["type"] as? String == "n")
    }

    /// The views answer as their definitions say, checked against the tables they read.
    @Test func viewsJoinNamesLocalTimesAndPoolScores() throws {
        let folder = try TemporaryFolder("readers")
        defer { folder.remove() }
        let store = try Database(path: try Readers.fixtureStore(in: folder), readOnly: true)
        let named = try store.rows("""
            SELECT location_name, observed_at_utc, observed_at_local, local_offset_s FROM observations_named WHERE id = 1
            """)[0]
        #expect(named[0].string == "London" && named[1].string == "2024-05-01T08:00:00Z")
        #expect(named[2].string == "2024-05-01 09:00:00" && named[3].int == 3600)  // BST
        #expect(try store.scalar("SELECT COUNT(*) FROM observations_named")?.int == store.scalar("SELECT COUNT(*) FROM observations")?.int)
        #expect(try store.scalar("SELECT COUNT(*) FROM daily_named")?.int == store.scalar("SELECT COUNT(*) FROM daily_observed")?.int)
        #expect(try store.scalar("SELECT COUNT(*) FROM daily_named WHERE location_name IS NULL")?.int == 0)
        // Pooled over leads from the sums: n adds up, MAE is total absolute error over n.
        let leads = try store.rows("""
            SELECT n, sum_abs_error, sum_f, sum_o FROM forecast_scores
            WHERE provider = 'openweathermap' AND product = 'onecall' AND variable = 'temp_max_c' AND location_id = '*'
            """)
        let n = leads.reduce(0) { $0 + ($1[0].int ?? 0) }
        let pooled = try store.rows("""
            SELECT n, mae, bias, min_lead_days, max_lead_days FROM scores_pooled
            WHERE provider = 'openweathermap' AND product = 'onecall' AND variable = 'temp_max_c'
            """)
        #expect(pooled.count == 1 && leads.count > 1)
        #expect(pooled[0][0].int == Int64(n))
        let mae = leads.reduce(0.0) { $0 + ($1[1].double ?? 0) } / Double(n)
        let bias = leads.reduce(0.0) { $0 + ($1[2].double ?? 0) - ($1[3].double ?? 0) } / Double(n)
        #expect(abs((pooled[0][1].double ?? -1) - mae) < 1e-9 && abs((pooled[0][2].double ?? -1) - bias) < 1e-9)
        #expect(pooled[0][3].int == 1 && (pooled[0][4].int ?? 0) > 1)  // day 0 is never scored (docs/VERIFICATION.md)
        // The within-2 °C share is for temperatures only.
        #expect(try store.scalar("SELECT COUNT(*) FROM scores_pooled WHERE variable = 'precip_mm' AND within_2c_pct IS NOT NULL") == .integer(0))
        #expect((try store.scalar("SELECT COUNT(*) FROM scores_pooled WHERE variable = 'temp_max_c' AND within_2c_pct IS NOT NULL")?.int ?? 0) > 0)
    }

    /// Every `wxpipe sql` line of docs/SQL.md and of the README runs as written (on the store
    /// `make run` builds) and prints rows.
    @Test func theDocumentedExamplesRun() throws {
        let section = try String(contentsOfFile: repositoryRoot + "/docs/SQL.md", encoding: .utf8)
            + String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
        let examples = section.split(separator: "\n").map(String.init).filter { $0.hasPrefix(".build/release/wxpipe sql --db out/weather.sqlite ") }
        #expect(examples.count >= 2)
        let folder = try TemporaryFolder("readers")
        defer { folder.remove() }
        let db = try Readers.fixtureStore(in: folder)
        for line in examples {
            let query = try #require(line.firstIndex(of: "\"").map { String(line[$0...].dropFirst().dropLast()) }, "\(line)")
            #expect(line.hasSuffix("\""), "\(line): the query is the last, quoted argument")
            let options = line.dropFirst(".build/release/wxpipe sql --db out/weather.sqlite ".count).prefix { $0 != "\"" }
                .split(separator: " ").map(String.init)
            let r = try CLI.run(["sql", "--db", db] + options + [query])
            #expect(r.status == 0, "\(line): \(r.stderr)")
            #expect(r.stdout.split(separator: "\n").count >= 3, "\(line) printed \(r.stdout)")
        }
    }
}
