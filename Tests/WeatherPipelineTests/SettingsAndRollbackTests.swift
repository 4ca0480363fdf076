import Foundation
import Testing
import TestSupport
import WeatherCore
import WeatherExport
import WeatherStore
@testable import WeatherPipeline

/// The settings fingerprint, the rollback of a file that fails after committed batches, the
/// export filter for unfinished sources, the units advice and the decompressed progress.
struct SettingsAndRollbackTests {
    @Test func theFingerprintNamesOnlySettingsAwayFromTheirDefaults() {
        #expect(IngestSettings().fingerprint == "")
        #expect(IngestSettings(units: .metric).fingerprint == "units=metric")
        #expect(IngestSettings(units: .standard).fingerprint == "units=standard")  // explicit: units_source differs
        #expect(IngestSettings(units: .metric) == IngestSettings(units: .metric))
        #expect(IngestSettings.escape("a;b=c\\d") == "a\\;b\\=c\\\\d")
    }

    /// A 2,000-document file written in batches of 100 fails when the store fills up after some
    /// batches were committed: none of its records stay, and the next run ingests it whole.
    @Test func aFileThatFailsAfterCommittedBatchesLeavesNoRecords() throws {
        let tmp = try TemporaryFolder("rollback")
        defer { tmp.remove() }
        let template = try String(contentsOfFile: fixtures + "/standard/london-2024-05-01.ndjson", encoding: .utf8).split(separator: "\n")[0]
        let text = (0..<2000).map { k in template.replacingOccurrences(of: "\"dt\":1714550400", with: "\"dt\":\(1_600_000_000 + k * 600)") }
        try (text.joined(separator: "\n") + "\n").write(toFile: tmp.path + "/big.ndjson", atomically: true, encoding: .utf8)
        let store = try freshStore(in: tmp)
        let pages = try #require(try store.database.scalar("PRAGMA page_count")?.int)
        try store.database.execute("PRAGMA max_page_count=\(pages + 40)")
        let runner = try IngestRunner(store: store)
        runner.batchSize = 100
        var committed: Int64 = 0
        runner.onProgress = { _ in
            committed = max(committed, (try? Database(path: tmp.path + "/weather.sqlite", readOnly: true).scalar("SELECT COUNT(*) FROM observations")?.int) ?? 0)
        }
        #expect(throws: StoreError.self) { try runner.run([IngestInput(path: tmp.path + "/big.ndjson")]) }
        #expect(committed >= 100, "no batch was committed before the failure")
        #expect(try store.database.scalar("SELECT COUNT(*) FROM observations")?.int == 0)
        #expect(try store.database.scalar("SELECT COUNT(*) FROM sources")?.int == 0)
        try store.database.execute("PRAGMA max_page_count=1000000")
        let s = try IngestRunner(store: store).run([IngestInput(path: tmp.path + "/big.ndjson")])
        #expect(s.accepted == 2000 && s.inputsUnchanged == 0)
    }

    /// A file is a savepoint of its transaction: when the second of two files fails, it alone is
    /// undone, the first stays complete, and the run's transaction is closed.
    @Test func aFailedFileIsUndoneAloneAndTheFilesBeforeItStay() throws {
        let tmp = try TemporaryFolder("savepoint")
        defer { tmp.remove() }
        let text = try String(contentsOfFile: fixtures + "/standard/london-2024-05-01.ndjson", encoding: .utf8)
        try FileManager.default.createDirectory(atPath: tmp.path + "/in", withIntermediateDirectories: true)
        try text.write(toFile: tmp.path + "/in/a.ndjson", atomically: true, encoding: .utf8)
        // Other bytes (the same hours 115 days later), so b is not the same file as a.
        try text.replacingOccurrences(of: "\"dt\":171", with: "\"dt\":172").write(toFile: tmp.path + "/in/b.ndjson",
                                                                                        atomically: true, encoding: .utf8)
        let store = try freshStore(in: tmp)
        // The third observation of b fails as a full disk or a broken row would.
        try store.database.execute("""
            CREATE TRIGGER fail_b BEFORE INSERT ON observation_rows
            WHEN NEW.line = 3 AND (SELECT path FROM sources WHERE id = NEW.source_id) LIKE '%b.ndjson'
            BEGIN SELECT RAISE(ABORT, 'refused for the test'); END;
            """)
        let runner = try IngestRunner(store: store)
        #expect(throws: StoreError.self) { try runner.run([IngestInput(path: tmp.path + "/in")]) }
        #expect(store.database.isAutocommit, "the run's transaction is closed")
        #expect(try store.database.scalar("SELECT COUNT(*) FROM observations")?.int == 16)
        #expect(try store.database.rows("SELECT path, status, documents, accepted FROM sources")
            == [[.text(tmp.path + "/in/a.ndjson"), .text("complete"), .integer(16), .integer(16)]])
        try store.database.execute("DROP TRIGGER fail_b")
        let again = try IngestRunner(store: store).run([IngestInput(path: tmp.path + "/in")])
        #expect(again.inputsUnchanged == 1 && again.accepted == 16)
        #expect(try store.database.scalar("SELECT COUNT(*) FROM observations")?.int == 32)
    }

    /// Rows of a source that is not complete (an ingest running beside the export, or one that
    /// was killed) are left out of CSV and SQLite exports.
    @Test func exportsLeaveOutUnfinishedSources() throws {
        let tmp = try TemporaryFolder("export")
        defer { tmp.remove() }
        let store = try freshStore(in: tmp)
        _ = try IngestRunner(store: store).run([IngestInput(path: fixtures + "/standard/london-2024-05-01.ndjson")])
        let open = try store.beginSource(path: "half.json", member: nil, inputHash: "x", modifiedAt: nil, now: 0)
        var o = Observation(provider: "openweathermap", product: "current", observedAt: 1_500_000_000, latitude: 51.5, longitude: -0.12)
        o.tempC = 1
        let location = try #require(try store.database.scalar("SELECT id FROM locations")?.string)
        #expect(try store.insert(o, locationID: location, sourceID: open, line: 1))
        let exporter = Exporter(database: store.database)
        let csv = try exporter.exportCSV(tables: ["observations", "sources"], to: tmp.path + "/csv")
        #expect(csv.map(\.1) == [16, 1])
        try exporter.exportSQLite(tables: ["observations"], to: tmp.path + "/copy.sqlite")
        #expect(try Database(path: tmp.path + "/copy.sqlite", readOnly: true).scalar("SELECT COUNT(*) FROM observations")?.int == 16)
    }

    @Test func unitsAdviceNeedsMostRejectsToDecodeUnderOtherUnits() {
        var a = UnitsAdvice(input: "archive/", assumed: .standard)
        a.documents = 150
        a.rejected = 150
        a.decodesUnder = [.metric: 147, .imperial: 1]
        #expect(a.message == "147 of 150 documents in archive/ look like metric, not Kelvin: ingest with --units metric "
                + "(in a pipeline file: \"units\": \"metric\" on this input); the store will re-ingest them")
        a.decodesUnder = [.metric: 75]
        #expect(a.message == nil)  // not most of the rejects
        var b = UnitsAdvice(input: "us/", assumed: .metric)
        b.documents = 4
        b.rejected = 3
        b.decodesUnder = [.standard: 2]
        #expect(b.message?.hasPrefix("2 of 4 documents in us/ look like Kelvin, not metric: ingest with --units standard") == true)
    }

    /// The progress line's megabytes are decompressed, as the summary's are: for gzipped input
    /// the last progress report is far above the compressed size and never above the summary.
    @Test func progressCountsDecompressedBytes() throws {
        let tmp = try TemporaryFolder("progress")
        defer { tmp.remove() }
        let file = fixtures + "/standard/london-2024-05-03-to-07.ndjson.gz"
        let compressed = try #require(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        let runner = try IngestRunner(store: try freshStore(in: tmp))
        var last = IngestProgress(totalBytes: 0)
        runner.onProgress = { last = $0 }
        let s = try runner.run([IngestInput(path: file)])
        #expect(last.totalBytes == compressed && last.bytesRead == compressed)
        #expect(last.decompressedBytes > compressed * 2)
        #expect(last.decompressedBytes <= s.bytesRead)
        #expect(Double(last.decompressedBytes) > Double(s.bytesRead) * 0.9)
    }
}
