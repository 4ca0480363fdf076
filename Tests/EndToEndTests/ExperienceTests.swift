import Foundation
import Testing
import TestSupport
import WeatherStore

/// Pipelines, dry runs, progress, spreadsheet CSV: the everyday experience.
struct ExperienceTests {
    /// A copy of the project layout (Pipelines/ beside a link to Fixtures/) so outputs land in a
    /// temp folder; the test removes it with `defer { removeFolder(dir) }` (the link is not followed).
    func sandbox() throws -> String {
        let dir = try temporaryFolder("e2e")
        try FileManager.default.createDirectory(atPath: dir + "/Pipelines", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/Fixtures", withDestinationPath: repositoryRoot + "/Fixtures")
        for p in ["default", "forecast-accuracy", "daily-csv"] {
            try FileManager.default.copyItem(atPath: repositoryRoot + "/Pipelines/\(p).json", toPath: dir + "/Pipelines/\(p).json")
        }
        return dir
    }

    @Test func everyPipelineRuns() throws {
        let dir = try sandbox()
        defer { removeFolder(dir) }
        let accuracy = try CLI.run(["run", "Pipelines/forecast-accuracy.json"], cwd: dir)
        #expect(accuracy.status == 0, "\(accuracy.stderr)")
        let pairs = try Database(path: dir + "/out/forecast-accuracy.sqlite", readOnly: true).scalar("SELECT COUNT(*) FROM forecast_pairs")?.int ?? 0
        #expect(pairs > 0)
        #expect(FileManager.default.fileExists(atPath: dir + "/out/forecast-accuracy-csv/scores_by_lead.csv"))
        let daily = try CLI.run(["run", "Pipelines/daily-csv.json"], cwd: dir)
        #expect(daily.status == 0, "\(daily.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/out/daily-csv").sorted()
        #expect(files == ["daily_observed.csv", "rainfall_monthly.csv", "schema.json"])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/out/daily-csv/daily_observed.csv")))
        #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])            // BOM
        let text = String(decoding: bytes.dropFirst(3), as: UTF8.self)
        #expect(text.hasPrefix("location_id,local_date,temp_max_c"))
        #expect(text.contains("\r\n") && !text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))  // CRLF only
    }

    @Test func defaultRunWritesTheReportAndSecondRunIsQuick() throws {
        let dir = try sandbox()
        defer { removeFolder(dir) }
        #expect(try CLI.run(["run"], cwd: dir).status == 0)
        let html = try String(contentsOfFile: dir + "/out/report.html", encoding: .utf8)
        #expect(html.contains("Forecast accuracy by lead time") && html.contains("Monthly rainfall") && html.contains("Data quality"))
        let again = try CLI.run(["run"], cwd: dir)
        #expect(again.status == 0)
        #expect(again.stderr.contains("nothing new to ingest"))
    }

    @Test func dryRunPrintsThePlanAndWritesNothing() throws {
        let dir = try sandbox()
        defer { removeFolder(dir) }
        let r = try CLI.run(["run", "--dry-run"], cwd: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Fixtures/inputs/standard: 8 file(s)"))
        #expect(r.stdout.contains("1. ingest into out/weather.sqlite"))
        #expect(r.stdout.contains("write the HTML report out/report.html"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }

    @Test func pipelineWithAMissingPathIsRefusedNamingTheKey() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        try #"{"inputs": ["here", "not-there"], "store": "s.sqlite"}"#.write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir + "/here", withIntermediateDirectories: true)
        let r = try CLI.run(["run", dir + "/p.json"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("p.json: key 'inputs[1]': no such file or directory"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/s.sqlite"))
    }

    /// Under a terminal (a pty from `script`) the progress line shows; in a pipe it does not.
    @Test func progressOnATerminalOnly() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        let db = dir + "/w.sqlite"
        let inputs = repositoryRoot + "/Fixtures/inputs/standard"
        let tty = try Subprocess.start("/usr/bin/script", ["-qec", "'\(CLI.binary)' ingest --db '\(db)' '\(inputs)'", "/dev/null"]).1()
        #expect(tty.status == 0)
        #expect(tty.stdout.contains("ingest: ") && tty.stdout.contains("documents"), "\(tty.stdout)")
        let piped = try CLI.run(["ingest", "--db", dir + "/w2.sqlite", inputs])
        #expect(!piped.stderr.contains("ingest: ") && !piped.stderr.contains("\u{1B}"))
        let quiet = try Subprocess.start("/usr/bin/script", ["-qec", "'\(CLI.binary)' ingest --quiet --db '\(dir)/w3.sqlite' '\(inputs)'", "/dev/null"]).1()
        #expect(!quiet.stdout.contains("ingest: "))
        // NO_COLOR: plain "error:" on a terminal.
        let plain = try Subprocess.start("/usr/bin/script", ["-qec", "NO_COLOR=1 '\(CLI.binary)' ingest x.json", "/dev/null"]).1()
        #expect(plain.stdout.contains("error: missing --db") && !plain.stdout.contains("\u{1B}[1;31m"))
        let coloured = try Subprocess.start("/usr/bin/script", ["-qec", "env -u NO_COLOR '\(CLI.binary)' ingest x.json", "/dev/null"]).1()
        #expect(coloured.stdout.contains("\u{1B}[1;31merror:"))
    }

    @Test func verboseListsEachSource() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        let r = try CLI.run(["ingest", "--verbose", "--db", dir + "/w.sqlite", repositoryRoot + "/Fixtures/inputs/bad"])
        #expect(r.stderr.contains("source ") && r.stderr.contains("bad/broken.json: 1 documents = 0 accepted + 1 rejected + 0 duplicates"), "\(r.stderr)")
        #expect(r.stderr.contains("reject: "))
    }

    @Test func spreadsheetDialectAndImperialUnits() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        let db = dir + "/w.sqlite"
        try CLI.run(["ingest", "--quiet", "--db", db, repositoryRoot + "/Fixtures/inputs/standard/london-2024-05-01T00-00-00Z.json"])
        let r = try CLI.run(["export", "--db", db, "--out", dir + "/csv", "--table", "observations", "--dialect", "spreadsheet", "--units", "imperial"])
        #expect(r.status == 0, "\(r.stderr)")
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: dir + "/csv/observations.csv")).dropFirst(3), as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n")
        let header = lines[0].split(separator: ",").map(String.init)
        #expect(header.contains("temp_f") && header.contains("precip_in") && header.contains("wind_speed_mph") && !header.contains("temp_c"))
        let row = lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let metric = try Database(path: db, readOnly: true).rows("SELECT temp_c, wind_speed_ms, observed_at_utc FROM observations")[0]
        let tempF = try #require(Double(row[header.firstIndex(of: "temp_f")!]))
        #expect(abs(tempF - (metric[0].double! * 9 / 5 + 32)) < 0.001)
        let mph = try #require(Double(row[header.firstIndex(of: "wind_speed_mph")!]))
        #expect(abs(mph - metric[1].double! / 0.44704) < 0.001)
        // `2024-05-01T00:00:00Z` → `2024-05-01 00:00:00`
        #expect(row[header.firstIndex(of: "observed_at_utc")!] == metric[2].string!.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: ""))
    }
}
