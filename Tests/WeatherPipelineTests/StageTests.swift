import Foundation
import Testing
import TestSupport
import WeatherCore
import WeatherExport
import WeatherStore
@testable import WeatherPipeline

/// Collects what a stage reports, for assertions.
final class RecordingLog: StageLog {
    var lines: [String] = []
    func info(_ message: String) { lines.append(message) }
    func warning(_ message: String) { lines.append("warning: " + message) }
    func error(_ message: String) { lines.append("error: " + message) }
}

struct StageTests {
    @Test func ingestUnderStrictEndsWithRejects() throws {
        let folder = try TemporaryFolder("stages")
        defer { folder.remove() }
        let log = RecordingLog()
        let store = folder.path + "/deeper/w.sqlite"  // the store's folder is created
        let (outcome, summary) = IngestStage.run(store: store, inputs: [IngestInput(path: fixtures + "/bad")],
                                                 options: IngestStage.Options(strict: true, quiet: true), log: log)
        #expect(outcome == .completedWithRejects)
        #expect((summary?.rejected ?? 0) > 0)
        #expect(log.lines.isEmpty, "\(log.lines)")  // quiet: no summary
        let again = IngestStage.run(store: store, inputs: [IngestInput(path: fixtures + "/bad")], options: .init(), log: log)
        #expect(again.outcome == .completed)
        #expect(log.lines.last?.contains("nothing new to ingest") == true)
    }

    @Test func unreadableInputsFail() throws {
        let folder = try TemporaryFolder("stages")
        defer { folder.remove() }
        let log = RecordingLog()
        let (outcome, _) = IngestStage.run(store: folder.path + "/w.sqlite", inputs: [IngestInput(path: folder.path + "/missing")],
                                           options: .init(), log: log)
        #expect(outcome == .failed)
        #expect(log.lines.contains("error: no input could be read; the store was not touched"))
        // Nothing can be read: neither the store nor its lock file is created.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func exportOfAMissingStoreFailsAndCreatesNothing() throws {
        let folder = try TemporaryFolder("stages")
        defer { folder.remove() }
        let log = RecordingLog()
        let outcome = ExportStage.run(store: folder.path + "/none.sqlite", request: try ExportRequest(format: .sqlite),
                                      to: folder.path + "/copy.sqlite", log: log)
        #expect(outcome == .failed)
        #expect(log.lines.first?.hasPrefix("error: ") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/none.sqlite"))
    }

    /// The report holds the store's lock and first removes what a killed ingest left
    /// `in_progress`, so its data-quality tables count complete sources only.
    @Test func reportRemovesLeftoversOfAKilledIngest() throws {
        let folder = try TemporaryFolder("stages")
        defer { folder.remove() }
        let path = folder.path + "/w.sqlite"
        let store = try Store(path: path)
        _ = try IngestRunner(store: store).run([IngestInput(path: fixtures + "/bad/broken.json")])
        let open = try store.beginSource(path: "half.json", member: nil, inputHash: "x", modifiedAt: nil, now: 0)
        try store.insert(Reject(origin: Origin(path: "half.json"), reason: .invalidJSON, message: "m"), sourceID: open)
        let log = RecordingLog()
        #expect(ReportStage.run(store: path, out: folder.path + "/r.html", title: nil, log: log) == .completed, "\(log.lines)")
        #expect(log.lines.contains { $0.hasPrefix("removed 1 source(s) an interrupted ingest had left incomplete") }, "\(log.lines)")
        #expect(try store.database.scalar("SELECT COUNT(*) FROM rejects WHERE path = 'half.json'")?.int == 0)
        #expect(try store.database.scalar("SELECT COUNT(*) FROM rejects")?.int == 1)
    }

    /// The file's `dialect` and `units` are its CSV's; the SQLite copy is the store as it is.
    @Test func pipelineExportsApplyUnitsToCSVOnly() throws {
        let folder = try TemporaryFolder("stages")
        defer { folder.remove() }
        let file = folder.path + "/p.json"
        try #"{"inputs": ["."], "store": "s.sqlite", "export": {"csv": "csv", "sqlite": "copy.sqlite", "xlsx": "w.xlsx", "units": "imperial", "dialect": "spreadsheet", "tables": ["observations"]}}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let pipeline = try PipelineFile.load(path: file)
        let exports = PipelineRunner.exports(of: pipeline)
        #expect(exports.map(\.0) == [try ExportRequest(format: .csv, tables: ["observations"], dialect: .spreadsheet, units: .imperial),
                                     try ExportRequest(format: .sqlite, tables: ["observations"]),
                                     try ExportRequest(format: .xlsx, tables: ["observations"], units: .imperial)])
        #expect(exports.map(\.1) == [folder.path + "/csv", folder.path + "/copy.sqlite", folder.path + "/w.xlsx"])
    }

    @Test func aPipelineRunsEveryStage() throws {
        let folder = try TemporaryFolder("stages")
        defer { folder.remove() }
        let file = folder.path + "/p.json"
        try """
        {"inputs": ["\(fixtures)/standard"], "store": "s.sqlite", "strict": true,
         "export": {"csv": "csv", "xlsx": "w.xlsx", "tables": ["observations"], "report": "r.html"}}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let log = RecordingLog()
        let outcome = PipelineRunner.run(try PipelineFile.load(path: file), options: .init(quiet: true), log: log)
        #expect(outcome == .completed, "\(log.lines)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/csv/observations.csv"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/r.html"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/w.xlsx"))
        #expect(log.lines.contains { $0.hasPrefix("aggregate: ") })
        let plan = PipelinePlan.lines(for: try PipelineFile.load(path: file), path: file)
        #expect(plan.contains("  1. ingest into \(folder.path)/s.sqlite"))
        #expect(plan.last == "dry run: nothing was written")
    }
}
