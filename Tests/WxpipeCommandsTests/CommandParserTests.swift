#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TestSupport
import WeatherAnalytics
import WeatherCore
import WeatherExport
import WeatherPipeline
import WeatherProviders
@testable import WxpipeCommands

/// Each command's options parse into the expected typed values; a wrong one is a usage error.
struct CommandParserTests {
    @Test func ingest() throws {
        let c = try IngestCommand.parse(["--db", "w.sqlite", "--units", "imperial", "--strict", "--verbose", "a/", "-"])
        #expect(c.store == "w.sqlite")
        #expect(c.units == .imperial)
        #expect(c.paths == ["a/", "-"])
        #expect(c.output == IngestStage.Options(strict: true, quiet: false, verbose: true))
        #expect(try IngestCommand.parse(["--db=w.sqlite", "x"]).units == nil)
        #expect(throws: UsageError.self) { try IngestCommand.parse(["x"]) }  // no --db
        #expect(throws: UsageError.self) { try IngestCommand.parse(["--db", "w"]) }  // no PATH
        #expect(throws: UsageError.self) { try IngestCommand.parse(["--db", "w", "--units", "kelvin", "x"]) }
        // The per-input settings, as a pipeline input's keys.
        let s = try IngestCommand.parse(["--db", "w", "--role", "observed", "--file-time-zone", "America/New_York", "--issued-at", "file_name",
                                         "--envelope-body", "data", "--envelope-fetched-at", "fetchedAt", "--strict-values", "x"]).settings
        #expect(s == IngestSettings(strictValues: true, role: .observed, fileTimeZone: "America/New_York", issuedAtSource: .fileName,
                                    envelope: EnvelopeMapping(body: "data", fetchedAt: "fetchedAt")))
        #expect(s.fingerprint == "strict_values=true;role=observed;file_time_zone=America/New_York;issued_at=file_name;envelope=data\\,fetchedAt\\,")
        let berlin = try IngestCommand.parse(["--db", "w", "--location", "id=berlin,lat=52.52,lon=13.41,tz=Europe/Berlin,name=Berlin", "x"]).locations
        #expect(berlin == [Location(id: "berlin", name: "Berlin", latitude: 52.52, longitude: 13.41, timeZone: "Europe/Berlin", radiusKm: 25, declared: true)])
        let station = try IngestCommand.parse(["--db", "w", "--location", "id=dsm,lat=41.534,lon=-93.653,tz=America/Chicago,station=KDSM",
                                               "--station-time-zone", "America/Chicago", "x"])
        #expect(station.locations.first?.station == "KDSM" && station.settings.stationTimeZone == "America/Chicago")
        for bad in [["--location", "id=x,lat=91,lon=0"], ["--location", "lat=1,lon=2"], ["--location", "id=x,lat=1,lon=2,zone=UTC"],
                    ["--location", "id=x,lat=1,lon=2,tz=Nowhere/City"], ["--role", "truth"], ["--file-time-zone", "Mars/Olympus"], ["--issued-at", "ingest_time"], ["--envelope-url", "u"], ["--station-time-zone", "Mars/Olympus"]] {
            #expect(throws: UsageError.self) { try IngestCommand.parse(["--db", "w"] + bad + ["x"]) }
        }
    }

    @Test func aggregate() throws {
        let c = try AggregateCommand.parse(["--db", "w.sqlite", "--reference", "openweathermap/current", "--reference", "darksky/current",
                                            "--min-coverage", "0.5", "--match-window-minutes", "45", "--precip-threshold-mm", "1",
                                            "--include-incomplete-days", "--homogeneous"])
        #expect(c.store == "w.sqlite")
        #expect(c.options.reference == ["openweathermap/current", "darksky/current"])
        #expect(c.options.dailyMinCoverage == 0.5 && c.options.matchWindowMinutes == 45 && c.options.precipThresholdMm == 1)
        #expect(c.options.includeIncompleteDays && c.options.homogeneous)
        #expect(try AggregateCommand.parse(["--db", "w"]).options == AggregateOptions())
        #expect(throws: UsageError.self) { try AggregateCommand.parse(["--db", "w", "--reference", "openweathermap"]) }
        let w = try AggregateCommand.parse(["--db", "w", "--pairing", "window", "--window-min-coverage", "0.5", "--issue-selection", "all"]).options
        #expect(w.pairing == .window && w.windowMinCoverage == 0.5 && w.issueSelection == .all)
        #expect(throws: UsageError.self) { try AggregateCommand.parse(["--db", "w", "--pairing", "utc_day"]) }
        let b = try AggregateCommand.parse(["--db", "w", "--bootstrap-samples", "200", "--bootstrap-block-days", "7", "--bootstrap-seed", "42",
                                            "--precip-thresholds-mm", "0.5,2"]).options
        #expect(b.bootstrap == BootstrapOptions(blockLengthDays: 7, samples: 200, seed: 42) && b.precipThresholdsMm == [0.5, 2])
        for bad in [["--bootstrap-samples", "1.5"], ["--bootstrap-seed", "-1"], ["--precip-thresholds-mm", "0,1"], ["--precip-thresholds-mm", "a"]] {
            #expect(throws: UsageError.self) { try AggregateCommand.parse(["--db", "w"] + bad) }
        }
        #expect(throws: UsageError.self) { try AggregateCommand.parse(["--db", "w", "--min-coverage", "2"]) }
    }

    @Test func export() throws {
        let c = try ExportCommand.parse(["--db", "w.sqlite", "--out", "csv", "--table", "observations", "--table", "locations",
                                         "--dialect", "spreadsheet", "--units", "imperial"])
        #expect(c.store == "w.sqlite" && c.out == "csv")
        #expect(c.request == (try ExportRequest(format: .csv, tables: ["observations", "locations"], dialect: .spreadsheet, units: .imperial)))
        let sqlite = try ExportCommand.parse(["--db", "w", "--format", "sqlite", "--out", "x.sqlite"])
        #expect(sqlite.request.format == .sqlite && sqlite.request.units == .metric && sqlite.request.tables.isEmpty)
        #expect(throws: UsageError.self) { try ExportCommand.parse(["--db", "w", "--out", "o", "--format", "ods"]) }
        #expect(throws: UsageError.self) { try ExportCommand.parse(["--db", "w", "--out", "o", "stray"]) }
        #expect(throws: UsageError.self) { try ExportCommand.parse(["--db", "w"]) }  // no --out
    }

    /// Units the SQLite copy cannot honour are a usage error (exit 2), not silently dropped.
    @Test func exportRefusesUnitsForSQLite() throws {
        #expect(throws: UsageError.self) { try ExportCommand.parse(["--db", "w", "--format", "sqlite", "--out", "x", "--units", "imperial"]) }
        #expect(throws: UsageError.self) { try ExportCommand.parse(["--db", "w", "--format", "sqlite", "--out", "x", "--dialect", "spreadsheet"]) }
        #expect(CLI.main(["export", "--db", "w.sqlite", "--format", "sqlite", "--out", "x.sqlite", "--units", "imperial"]) == 2)
    }

    @Test func report() throws {
        let c = try ReportCommand.parse(["--db", "w.sqlite", "--out", "r.html", "--title", "Mine"])
        #expect(c.store == "w.sqlite" && c.out == "r.html" && c.title == "Mine")
        #expect(try ReportCommand.parse(["--db", "w", "--out", "r"]).title == nil)
        #expect(throws: UsageError.self) { try ReportCommand.parse(["--out", "r"]) }
    }

    @Test func inspect() throws {
        let c = try InspectCommand.parse(["--units", "metric", "a.json", "b.json"])
        #expect(c.units == .metric && c.paths == ["a.json", "b.json"])
        #expect(throws: UsageError.self) { try InspectCommand.parse([]) }
        let archive = try InspectCommand.parse(["--location", "id=dsm,lat=41.534,lon=-93.653,station=KDSM", "--place", "41.5,-93.6", "cli.json"])
        #expect(archive.settings.place == IngestSettings.Place(latitude: 41.5, longitude: -93.6) && archive.settings.stations?.isEmpty == false)
    }

    @Test func run() throws {
        let c = try RunCommand.parse(["--dry-run", "--quiet", "Pipelines/x.json"])
        #expect(c.pipelinePath == "Pipelines/x.json" && c.dryRun)
        #expect(c.output == IngestStage.Options(strict: false, quiet: true, verbose: false))
        let d = try RunCommand.parse([])
        #expect(d.pipelinePath == RunCommand.defaultPipeline && !d.dryRun)
        #expect(throws: UsageError.self) { try RunCommand.parse(["a.json", "b.json"]) }
        #expect(d.output.jobs == nil)
        #expect(try RunCommand.parse(["--jobs", "2"]).output.jobs == 2)
        #expect(try IngestCommand.parse(["--db", "s", "--jobs", "1", "a"]).output.jobs == 1)
        for bad in ["0", "1.5", "x", "-3"] {
            #expect(throws: UsageError.self) { try IngestCommand.parse(["--db", "s", "--jobs", bad, "a"]) }
        }
    }

    /// Every command refuses an option it does not have, with exit code 2.
    static let commandNames = ["run", "ingest", "aggregate", "export", "report", "inspect", "forget", "sql", "compare", "rank", "merge", "merge-scores"]

    @Test func everyCommandIsCovered() {
        #expect(CLI.commands.map { $0.name } == CommandParserTests.commandNames)
    }

    @Test(arguments: CommandParserTests.commandNames)
    func unknownOptionIsAUsageError(_ name: String) throws {
        let command = try #require(CLI.commands.first { $0.name == name })
        #expect(throws: UsageError.self) { try command.parse(["--bogus"]) }
        #expect(CLI.main([name, "--bogus"]) == ExitCode.usage.rawValue)
    }

    /// `--strict`, `--quiet` and `--verbose` are declared once and shared.
    @Test func sharedOptionsAreOneDeclaration() {
        for command in [IngestCommand.self, RunCommand.self] as [any Command.Type] {
            for spec in IngestStage.Options.specs {
                #expect(command.options.filter { $0.name == spec.name }.count == 1)
                #expect(command.helpText.contains(spec.help))
            }
        }
    }

    /// The usage line and `--help` come from the same declarations the parser reads.
    @Test func usageAndHelpAreDerivedFromTheDeclarations() {
        #expect(ExportCommand.usage == "wxpipe export --db FILE [--format csv|sqlite|xlsx] --out PATH [--table NAME ...] "
                + "[--dialect rfc4180|spreadsheet|spreadsheet-eu] [--units metric|imperial]")
        #expect(IngestCommand.usage == "wxpipe ingest --db FILE [--shard K/N] [--units SYSTEM] [--role ROLE] [--file-time-zone ZONE] [--issued-at SOURCE] "
                + "[--envelope-body PATH] [--envelope-fetched-at PATH] [--envelope-url PATH] [--strict-values] [--nws-qc-accept LETTERS] [--place LAT,LON] [--station-time-zone ZONE] [--format-file FILE ...] [--location SPEC ...] [--strict] [--quiet] [--verbose] [--force] [--jobs N] PATH...")
        for command in CLI.commands {
            for o in command.options {
                #expect(command.usage.contains(o.required ? " \(o.name)" : "[\(o.name)"), "\(command.name): \(o.name)")
                #expect(command.helpText.contains("\n  \(o.name)"), "\(command.name): \(o.name)")
            }
        }
        #expect(throws: UsageError.self) { try ReportCommand.parse(["--db", "w"]) }  // --out is required
    }

    @Test func forgetAndForce() throws {
        let f = try ForgetCommand.parse(["--db", "w.sqlite", "archive/", "b.json"])
        #expect(f.store == "w.sqlite" && f.paths == ["archive/", "b.json"])
        #expect(throws: UsageError.self) { try ForgetCommand.parse(["--db", "w.sqlite"]) }  // no PATH
        #expect(throws: UsageError.self) { try ForgetCommand.parse(["archive/"]) }  // no --db
        #expect(try IngestCommand.parse(["--db", "w", "--force", "x"]).output.force)
        #expect(try RunCommand.parse(["--force"]).output.force)
        #expect(try IngestCommand.parse(["--db", "w", "x"]).output.force == false)
    }

    /// A table no store has is a usage error naming the valid tables, before any store is opened.
    @Test func aMistypedTableIsAUsageError() {
        do {
            _ = try ExportCommand.parse(["--db", "w", "--out", "o", "--table", "daily_observd"])
            Issue.record("accepted a mistyped table")
        } catch {
            #expect(error.message.contains("'daily_observd'") && error.message.contains("daily_observed"))
            #expect(!error.message.contains("SQLite"))
        }
        #expect(CLI.main(["export", "--db", "/nonexistent/w.sqlite", "--out", "/nonexistent/o", "--table", "daily_observd"]) == 2)
    }

    /// `ingest --help` and docs/INPUTS.md list the extensions skipped inside folders, the walker's own list.
    @Test func ingestHelpAndTheInputsPageListTheSkippedExtensions() throws {
        #expect(IngestCommand.helpText.contains(".txt") && IngestCommand.helpText.contains(".csv"))
        let page = try String(contentsOfFile: repositoryRoot + "/docs/INPUTS.md", encoding: .utf8)
        let listed = IngestPlan.skippedExtensions.map { "`." + $0 + "`" }.joined(separator: " ")
        #expect(page.contains(listed), "docs/INPUTS.md should list: \(listed)")
        for ext in IngestPlan.skippedExtensions { #expect(IngestCommand.helpText.contains("." + ext), "\(ext)") }
    }

    @Test func outcomesMapToExitCodes() {
        #expect(ExitCode(.completed) == .success)
        #expect(ExitCode(.failed) == .failure)
        #expect(ExitCode(.completedWithRejects) == .rejectsUnderStrict)
        #expect(ExitCode(.interrupted(signal: SIGINT)) == .interrupted)
        #expect(ExitCode(.interrupted(signal: SIGTERM)) == .terminated)
    }
}

/// The progress line shows decompressed megabytes (the summary's measure) and the share of the
/// stored input read.
struct ProgressLineTests {
    @Test func decompressedMegabytesAndShareOfTheInput() {
        var p = IngestProgress(totalBytes: 10_000_000)
        p.doneBytes = 2_500_000
        p.decompressedBytes = 40_000_000
        p.documents = 1234
        p.currentPath = "a.ndjson.gz"
        let line = ProgressLine.text(p, elapsed: 10, width: 200)
        #expect(line.hasPrefix("ingest: 40.0 MB decompressed (25% of the input), 1234 documents, 4.0 MB/s, ETA 0:30 — a.ndjson.gz"), "\(line)")
    }
}
