#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import WeatherAnalytics
import WeatherCore
import WeatherExport
import WeatherPipeline
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
        #expect(throws: UsageError.self) { try AggregateCommand.parse(["--db", "w", "--min-coverage", "2"]) }
    }

    @Test func export() throws {
        let c = try ExportCommand.parse(["--db", "w.sqlite", "--out", "csv", "--table", "observations", "--table", "locations",
                                         "--dialect", "spreadsheet", "--units", "imperial"])
        #expect(c.store == "w.sqlite" && c.out == "csv")
        #expect(c.request == (try ExportRequest(format: .csv, tables: ["observations", "locations"], dialect: .spreadsheet, units: .imperial)))
        let sqlite = try ExportCommand.parse(["--db", "w", "--format", "sqlite", "--out", "x.sqlite"])
        #expect(sqlite.request.format == .sqlite && sqlite.request.units == .metric && sqlite.request.tables.isEmpty)
        #expect(throws: UsageError.self) { try ExportCommand.parse(["--db", "w", "--out", "o", "--format", "xlsx"]) }
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
    }

    @Test func run() throws {
        let c = try RunCommand.parse(["--dry-run", "--quiet", "Pipelines/x.json"])
        #expect(c.pipelinePath == "Pipelines/x.json" && c.dryRun)
        #expect(c.output == IngestStage.Options(strict: false, quiet: true, verbose: false))
        let d = try RunCommand.parse([])
        #expect(d.pipelinePath == RunCommand.defaultPipeline && !d.dryRun)
        #expect(throws: UsageError.self) { try RunCommand.parse(["a.json", "b.json"]) }
    }

    /// Every command refuses an option it does not have, with exit code 2.
    static let commandNames = ["run", "ingest", "aggregate", "export", "report", "inspect", "merge", "merge-scores"]

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
        #expect(ExportCommand.usage == "wxpipe export --db FILE [--format csv|sqlite] --out PATH [--table NAME ...] "
                + "[--dialect rfc4180|spreadsheet] [--units metric|imperial]")
        #expect(IngestCommand.usage == "wxpipe ingest --db FILE [--units SYSTEM] [--shard K/N] [--strict] [--quiet] [--verbose] PATH...")
        for command in CLI.commands {
            for o in command.options {
                #expect(command.usage.contains(o.required ? " \(o.name)" : "[\(o.name)"), "\(command.name): \(o.name)")
                #expect(command.helpText.contains("\n  \(o.name)"), "\(command.name): \(o.name)")
            }
        }
        #expect(throws: UsageError.self) { try ReportCommand.parse(["--db", "w"]) }  // --out is required
    }

    @Test func outcomesMapToExitCodes() {
        #expect(ExitCode(.completed) == .success)
        #expect(ExitCode(.failed) == .failure)
        #expect(ExitCode(.completedWithRejects) == .rejectsUnderStrict)
        #expect(ExitCode(.interrupted(signal: SIGINT)) == .interrupted)
        #expect(ExitCode(.interrupted(signal: SIGTERM)) == .terminated)
    }
}
