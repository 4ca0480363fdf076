import Foundation
import Testing
import TestSupport
import WeatherCore
import WeatherStore
@testable import WeatherPipeline

/// A run with nothing new hashes files in windows on several threads and answers "read
/// before?" from one query; a file changed among many is still the only one read again.
struct IncrementalRunTests {
    @Test func unchangedFilesAcrossHashWindowsAreSkippedAndAChangedOneIsRead() throws {
        let tmp = try TemporaryFolder("incremental")
        defer { tmp.remove() }
        let folder = tmp.path + "/archive"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let template = try String(contentsOfFile: fixtures + "/standard/london-2024-05-01.ndjson", encoding: .utf8).split(separator: "\n")[0]
        let count = IngestRunner.hashWindow + 44
        func write(_ k: Int, dt: Int) throws {
            let text = template.replacingOccurrences(of: "\"dt\":1714550400", with: "\"dt\":\(dt)")
            try text.write(toFile: folder + String(format: "/%04d.json", k), atomically: true, encoding: .utf8)
        }
        for k in 0..<count { try write(k, dt: 1_600_000_000 + k * 600) }
        let store = try freshStore(in: tmp)
        let first = try IngestRunner(store: store).run([IngestInput(path: folder)])
        #expect(first.accepted == count && first.observations == count)
        let again = try IngestRunner(store: store).run([IngestInput(path: folder)])
        #expect(again.inputsUnchanged == count && again.documents == 0)
        try write(count - 1, dt: 1_500_000_000)   // the last window's last file changes
        let changed = try IngestRunner(store: store).run([IngestInput(path: folder)])
        #expect(changed.inputsUnchanged == count - 1 && changed.documents == 1)
        #expect(try store.database.scalar("SELECT COUNT(*) FROM observations")?.int == Int64(count))
        let metric = try IngestRunner(store: store).run([IngestInput(path: folder, settings: IngestSettings(units: .metric))])
        #expect(metric.inputsUnchanged == 0 && metric.documents == count, "other settings read every file again")
    }
}

/// Freed heap is given back every `interval` bytes of JSON, counted across files.
struct MemoryTrimTests {
    @Test func trimsEveryIntervalOfBytes() {
        var trim = MemoryTrim(interval: 100)
        trim.add(60)
        #expect(trim.trims == 0)
        trim.add(40)
        #expect(trim.trims == 1)
        trim.add(99)
        #expect(trim.trims == 1)
        trim.add(250)
        #expect(trim.trims == 2)
    }

    /// A folder of one-document files counts each file's bytes (its only document starts at 0).
    @Test func aRunCountsTheBytesOfOneDocumentFiles() throws {
        let tmp = try TemporaryFolder("trim")
        defer { tmp.remove() }
        let store = try freshStore(in: tmp)
        let runner = try IngestRunner(store: store)
        runner.memoryTrim = MemoryTrim(interval: 1)
        _ = try runner.run([IngestInput(path: fixtures + "/standard/london-2024-05-01T00-00-00Z.json")])
        #expect(runner.memoryTrim.trims == 1)
    }
}
