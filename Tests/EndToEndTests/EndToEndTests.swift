import Foundation
import Testing
import TestSupport
import WeatherStore

/// Runs the built `wxpipe` binary as a user would and checks exit codes, stderr, and the
/// SQLite and CSV it wrote.
struct EndToEndTests {
    @Test func ingestFixturesThenExportCSV() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        let db = dir + "/w.sqlite"
        let fx = repositoryRoot + "/Fixtures/inputs"
        let r = try CLI.run(["ingest", "--db", db, fx + "/standard", fx + "/mixed", fx + "/bad"])
        #expect(r.status == 0, "\(r.stderr)")
        // The counts of the same inputs by the rules of README.md, counted without wxpipe.
        let first = try #require(try FixtureCounts.of([fx + "/standard", fx + "/mixed", fx + "/bad"]))
        #expect(r.stderr.contains(first.summaryLine), "\(first.summaryLine)\n\(r.stderr)")
        for line in first.reasonLines { #expect(r.stderr.contains(line), "\(line)\n\(r.stderr)") }
        // The bad inputs give exactly the rejects Fixtures/expected/rejects.tsv lists for them.
        #expect(first.rejectedByReason == (try ExpectedRejects.byReason()))
        try CLI.run(["ingest", "--db", db, "--units", "metric", fx + "/metric"])
        try CLI.run(["ingest", "--db", db, "--units", "imperial", fx + "/imperial"])
        let all = try #require(try FixtureCounts.of([fx + "/standard", fx + "/mixed", fx + "/bad",
                                                     "--units", "metric", fx + "/metric", "--units", "imperial", fx + "/imperial"]))
        try all.expectSources(in: Database(path: db, readOnly: true))

        let again = try CLI.run(["ingest", "--db", db, fx + "/standard"])
        #expect(again.status == 0)
        #expect(again.stderr.contains("nothing new to ingest"))

        let e = try CLI.run(["export", "--db", db, "--format", "csv", "--out", dir + "/csv"])
        #expect(e.status == 0, "\(e.stderr)")
        let csv = try String(contentsOfFile: dir + "/csv/observations.csv", encoding: .utf8)
        let rows = csv.split(separator: "\n")
        #expect(rows.count == all.observations + 1, "a header and one row per counted observation")
        let header = rows[0].split(separator: ",").map(String.init)
        #expect(header.contains("temp_c") && header.contains("observed_at_utc") && header.contains("precip_mm"))
        // Read it back independently with the sqlite3 client for the same numbers.
        let line = try Subprocess.run("/usr/bin/sqlite3", [db, "SELECT COUNT(*), ROUND(AVG(temp_c), 2) FROM observations"]).stdout
        #expect(line.hasPrefix("\(all.observations)|"), "\(line)")
        // No cell of any CSV can run as a formula: every text cell starting with = + - @ is quoted with '.
        for file in try FileManager.default.contentsOfDirectory(atPath: dir + "/csv") {
            let text = try String(contentsOfFile: dir + "/csv/" + file, encoding: .utf8)
            for cell in text.split(whereSeparator: { $0 == "," || $0 == "\n" }) {
                let c = cell.hasPrefix("\"") ? cell.dropFirst() : cell[...]
                guard let first = c.first, "=+-@".contains(first) else { continue }
                #expect(Double(c) != nil, "\(file): formula-like cell \(c)")
            }
        }
    }

    @Test func stdinAndStrict() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        let body = try Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Fixtures/inputs/standard/london-2024-05-01.ndjson"))
        let r = try CLI.run(["ingest", "--db", dir + "/w.sqlite", "-"], stdin: body)
        #expect(r.status == 0, "\(r.stderr)")
        // Standard input has no name: the counter reads the same bytes from a file without an
        // extension, so NDJSON must be told by its first document alone on its first line, as for stdin.
        try body.write(to: URL(fileURLWithPath: dir + "/stdin"))
        let piped = try #require(try FixtureCounts.of([dir + "/stdin"]))
        #expect(piped.accepted > 0 && r.stderr.contains(piped.summaryLine), "\(piped.summaryLine)\n\(r.stderr)")
        let bad = try CLI.run(["ingest", "--strict", "--db", dir + "/w.sqlite", repositoryRoot + "/Fixtures/inputs/bad"])
        #expect(bad.status == 3)
        // One reject per row of Fixtures/expected/rejects.tsv, which lists the reject each bad input must give.
        #expect(bad.stderr.contains("rejected \(try ExpectedRejects.reasons().count)"), "\(bad.stderr)")
    }

    @Test func runDefaultPipelineWritesStoreAndCSV() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        try CLI.layOutPipeline("default.json", in: dir)
        let r = try CLI.run(["run"], cwd: dir)
        #expect(r.status == 0, "\(r.stderr)")
        // The counts of the pipeline's inputs by the rules of README.md, counted without wxpipe.
        let counted = try #require(try FixtureCounts.of(["--pipeline", dir + "/Pipelines/default.json"]))
        #expect(r.stderr.contains(counted.summaryLine), "\(counted.summaryLine)\n\(r.stderr)")
        for line in counted.reasonLines { #expect(r.stderr.contains(line), "\(line)\n\(r.stderr)") }
        #expect(r.stderr.contains("records written: \(counted.observations) observations, \(counted.forecasts) forecasts"), "\(r.stderr)")
        for table in ["observations", "forecasts", "locations", "rejects", "sources", "daily_observed", "rainfall_monthly",
                      "forecast_pairs", "forecast_scores", "scores_by_lead"] {
            #expect(FileManager.default.fileExists(atPath: dir + "/out/csv/\(table).csv"), "\(table)")
        }
        let exported = try Database(path: dir + "/out/export.sqlite", readOnly: true)
        #expect(try exported.scalar("SELECT COUNT(*) FROM observations")?.int == Int64(counted.observations))
        #expect(try exported.scalar("SELECT COUNT(*) FROM forecasts")?.int == Int64(counted.forecasts))
        try counted.expectSources(in: Database(path: dir + "/out/weather.sqlite", readOnly: true))
        // Where each reply's issue time came from, as the store keeps it per forecast row.
        let issueSources = try Database(path: dir + "/out/weather.sqlite", readOnly: true).rows("""
            SELECT issued_at_source, COUNT(*) FROM (SELECT DISTINCT source_id, IFNULL(line, 0), issued_at_source FROM forecasts)
            GROUP BY 1
            """).reduce(into: [String: Int64]()) { $0[$1[0].string ?? ""] = $1[1].int ?? 0 }
        let issueLine = try #require(r.stderr.split(separator: "\n").first { $0.hasPrefix("issue times of ") }, "\(r.stderr)")
        #expect(issueLine.hasPrefix("issue times of \(issueSources.values.reduce(0, +)) forecast replies: "), "\(issueLine)")
        #expect(issueSources["body"].map { issueLine.contains("\($0) from their body") } ?? true, "\(issueLine) \(issueSources)")
        #expect(issueSources["envelope"].map { issueLine.contains("\($0) from the envelope") } ?? true, "\(issueLine) \(issueSources)")
        #expect(issueSources["file_name"].map { issueLine.contains("\($0) from the file name") } ?? true, "\(issueLine) \(issueSources)")
        #expect(issueSources.keys.count >= 2, "the default pipeline's replies take their issue times from more than one place: \(issueSources)")
        #expect(r.stderr.contains("aggregate: "), "\(r.stderr)")
        // Daily values agree with the same computed independently in SQL (London is UTC+1 in May).
        let independent = try Database(path: dir + "/out/weather.sqlite", readOnly: true).rows("""
            SELECT MAX(temp_c), MIN(temp_c) FROM observations WHERE location_id = 'london'
            AND observed_at_utc >= '2024-05-02T23:00:00Z' AND observed_at_utc < '2024-05-03T23:00:00Z'
            """)
        let daily = try Database(path: dir + "/out/weather.sqlite", readOnly: true)
            .rows("SELECT temp_max_c, temp_min_c FROM daily_observed WHERE location_id = 'london' AND local_date = '2024-05-03'")
        #expect(daily == independent)
        let byLead = try String(contentsOfFile: dir + "/out/csv/scores_by_lead.csv", encoding: .utf8)
        // Day-0 day forecasts were issued after their day began (partial hindcasts): One Call starts at lead 1;
        // lead 0 comes from NWS 12-hour periods issued before they began.
        // The days derived from One Call's hours are a row of their own beside its daily product.
        #expect(byLead.hasPrefix("provider,product,model,derived_from,variable,mae_lead_0d,mae_lead_1d"))
        #expect(byLead.contains("openweathermap,onecall,,,temp_max_c,,"))
        #expect(byLead.contains("openweathermap,onecall,,hour,temp_max_c,,"))
        #expect(byLead.contains("nws,forecast,,,temp_max_c,0."))
        let second = try CLI.run(["run"], cwd: dir)
        #expect(second.stderr.contains("nothing new to ingest"))
        let store = try Database(path: dir + "/out/weather.sqlite", readOnly: true)
        #expect(try store.scalar("SELECT COUNT(*) FROM observations")?.int == Int64(counted.observations))
        #expect(try store.scalar("PRAGMA integrity_check")?.string == "ok")
    }

    @Test func usageErrorsAndBadPipelines() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        #expect(try CLI.run([]).status == 2)
        #expect(try CLI.run(["frobnicate"]).status == 2)
        let missing = try CLI.run(["ingest", "x.json"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("error: missing --db"))
        #expect(try CLI.run(["ingest", "--db", dir + "/w", "--bogus", "x"]).stderr.contains("unknown option '--bogus'"))
        try #"{"inputs": ["a"], "store": "s", "exprot": {}}"#.write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
        let bad = try CLI.run(["run", dir + "/p.json"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("p.json") && bad.stderr.contains("'exprot'"))
        #expect(try CLI.run(["run", dir + "/none.json"]).status == 2)
    }

    @Test func unwritableOutputIsExitOne() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        let db = dir + "/w.sqlite"
        try CLI.run(["ingest", "--db", db, repositoryRoot + "/Fixtures/inputs/mixed"])
        _ = FileManager.default.createFile(atPath: dir + "/file", contents: Data())
        let r = try CLI.run(["export", "--db", db, "--format", "csv", "--out", dir + "/file/csv"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("not a directory"))
    }

    @Test func helpDocumentsEveryCommandAndOption() throws {
        let top = try CLI.run(["--help"])
        #expect(top.status == 0)
        for command in ["run", "ingest", "aggregate", "export", "report", "inspect", "forget", "sql", "compare"] {
            #expect(top.stdout.contains("  \(command) "), "\(command) missing from --help")
            let help = try CLI.run([command, "--help"])
            #expect(help.status == 0)
            #expect(help.stdout.contains("Usage: wxpipe \(command)"))
            #expect(help.stdout.contains("Examples:"))
            // Every option in the usage line is explained below it.
            let usage = help.stdout.split(separator: "\n").first { $0.hasPrefix("Usage:") } ?? ""
            for word in usage.split(separator: " ") where word.hasPrefix("[--") || word.hasPrefix("--") {
                let name = word.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: " ")[0]
                #expect(help.stdout.contains("\n  \(name)"), "\(command): \(name) undocumented")
            }
        }
        #expect(try CLI.run(["--version"]).stdout.hasPrefix("wxpipe "))
    }

    @Test func inspectNamesFormatAndProblems() throws {
        let r = try CLI.run(["inspect", repositoryRoot + "/Fixtures/inputs/bad/wrong-type.json", repositoryRoot + "/Fixtures/inputs/standard/london-2024-05-01T00-00-00Z.json"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("reject wrong_type: field 'main.temp' should be a number"))
        #expect(r.stdout.contains("openweathermap/current (recognised by keys coord, main, weather, dt): 1 observation(s), 0 forecast(s)"))
        // A path that cannot be read is a failure, as for ingest.
        let missing = try CLI.run(["inspect", repositoryRoot + "/Fixtures/inputs/no-such-file.json"])
        #expect(missing.status == 1 && missing.stderr.contains("1 path(s) could not be read"), "\(missing.stderr)")
    }
}
