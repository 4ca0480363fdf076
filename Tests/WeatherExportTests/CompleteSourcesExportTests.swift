import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherExport
import WeatherStore

/// An ingest running beside an export commits its file in batches that stay `in_progress`: the
/// CSV export (which reads the record tables from their row tables, not through the views)
/// leaves those rows out, and writes the rows of complete sources as the views show them.
@Suite struct CompleteSourcesExportTests {
    @Test func rowsOfSourcesInProgressAreNotExported() throws {
        let folder = try TemporaryFolder("complete")
        defer { folder.remove() }
        let store = try Store(path: folder.path + "/s.sqlite")
        try store.saveLocation(Location(id: "l", latitude: 51.5, longitude: -0.12))
        func observation(_ t: Int64, _ temp: Double) -> Observation {
            var o = Observation(provider: "openweathermap", product: "current", observedAt: t, latitude: 51.5, longitude: -0.12)
            o.tempC = temp
            return o
        }
        let done = try store.beginSource(path: "done.json", member: nil, inputHash: "a", modifiedAt: nil, now: 0)
        _ = try store.insert(observation(1_714_550_400, 12.5), locationID: "l", sourceID: done, line: 1)
        try store.finishSource(id: done, bytes: 1, contentHash: "a", counts: .init())
        let running = try store.beginSource(path: "running.json", member: nil, inputHash: "b", modifiedAt: nil, now: 0)
        _ = try store.insert(observation(1_714_554_000, 99.5), locationID: "l", sourceID: running, line: 1)

        let out = folder.path + "/csv"
        let written = try Exporter(database: store.database).exportCSV(tables: ["observations", "sources"], to: out)
        #expect(written.map(\.1) == [1, 1])
        let csv = try String(contentsOfFile: out + "/observations.csv", encoding: .utf8)
        #expect(csv.contains(",2024-05-01T08:00:00Z,12.5,") && !csv.contains("99.5"), "\(csv)")
        // The same row as the view gives it, cell for cell (through SQLite's own CSV of the view).
        let view = try store.database.rows("SELECT * FROM observations WHERE source_id = ?", [.integer(done)])
        #expect(view.count == 1)
        let line = try #require(csv.split(separator: "\n").last)
        #expect(line.split(separator: ",", omittingEmptySubsequences: false).count == view[0].count)
    }
}
