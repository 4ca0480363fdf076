import Foundation
import Testing
import TestSupport
import WeatherCore
import WeatherStore
@testable import WeatherPipeline

/// A pipeline input's settings (`role`, `file_time_zone`, `issued_at`, `envelope`,
/// `strict_values`) reach the records, and changing one re-ingests the input.
struct InputSettingsTests {
    /// An Open-Meteo forecast-shaped reply without `current`, named by a New York collector's
    /// local hour: 21:00 EDT on 2023-10-09 is 01:00Z on the 10th.
    static let reply = #"{"latitude":40.71,"longitude":-74.0,"utc_offset_seconds":-14400,"timezone":"America/New_York","hourly_units":{"time":"iso8601","temperature_2m":"°C"},"hourly":{"time":["2023-10-09T21:00","2023-10-09T22:00","2023-10-09T23:00"],"temperature_2m":[11.2,11.8,12.5]}}"#

    func pipeline(_ folder: TemporaryFolder, input: String) throws -> PipelineFile {
        try FileManager.default.createDirectory(atPath: folder.path + "/in", withIntermediateDirectories: true)
        try Self.reply.write(toFile: folder.path + "/in/2023-10-09_2100.json", atomically: true, encoding: .utf8)
        try #"{"inputs": [\#(input)], "store": "s.sqlite"}"#.write(toFile: folder.path + "/p.json", atomically: true, encoding: .utf8)
        return try PipelineFile.load(path: folder.path + "/p.json")
    }

    func ingest(_ p: PipelineFile) throws -> (IngestSummary, Database) {
        let store = try Store(path: p.store)
        let summary = try IngestRunner(store: store).run(p.inputs.map { IngestInput(path: $0.path, settings: $0.settings) })
        return (summary, store.database)
    }

    @Test func fileTimeZoneAndIssuedAtReachTheForecasts() throws {
        let folder = try TemporaryFolder("stages")
        defer { folder.remove() }
        let p = try pipeline(folder, input: #"{"path": "in", "role": "forecast", "file_time_zone": "America/New_York", "issued_at": "file_name"}"#)
        let (s, db) = try ingest(p)
        #expect(s.accepted == 1 && s.forecasts == 3)
        #expect(try db.rows("SELECT DISTINCT issued_at_utc, issued_at_source FROM forecasts") == [[.text("2023-10-10T01:00:00Z"), .text("file_name")]])
        #expect(try db.scalar("SELECT settings_fingerprint FROM sources") == .text("role=forecast;file_time_zone=America/New_York;issued_at=file_name"))
    }

    @Test func anObservedInputIsTruthAndChangingTheRoleReingests() throws {
        let folder = try TemporaryFolder("stages")
        defer { folder.remove() }
        var p = try pipeline(folder, input: #"{"path": "in", "role": "observed"}"#)
        var (s, db) = try ingest(p)
        #expect(s.observations == 3 && s.forecasts == 0)
        #expect(try db.rows("SELECT DISTINCT product, role FROM observations") == [[.text("archive"), .text("observed")]])
        // The same bytes read as forecasts: ingested again, replacing the observations.
        p = try pipeline(folder, input: #"{"path": "in", "role": "forecast", "file_time_zone": "America/New_York"}"#)
        (s, db) = try ingest(p)
        #expect(s.inputsUnchanged == 0 && s.inputsResettled == 1 && s.forecasts == 3)
        #expect(try db.scalar("SELECT COUNT(*) FROM observations") == .integer(0))
        // And once more with the same settings: skipped.
        (s, _) = try ingest(p)
        #expect(s.inputsUnchanged == 1 && s.forecasts == 0)
    }

    @Test func aDeclaredEnvelopeUnwrapsTheCollectorsShape() throws {
        let folder = try TemporaryFolder("stages")
        defer { folder.remove() }
        let wrapped = fixtures + "/wrappers/declared-request-url.json"
        try #"{"inputs": [{"path": "\#(wrapped)", "envelope": {"body": "data", "fetched_at": "meta.fetchedAt", "url": "request.url"}}], "store": "s.sqlite"}"#
            .write(toFile: folder.path + "/p.json", atomically: true, encoding: .utf8)
        let (s, db) = try ingest(try PipelineFile.load(path: folder.path + "/p.json"))
        #expect(s.accepted == 1 && s.rejected == 0)
        // The wrapper's URL says units=imperial: 54.5 °F is 12.5 °C.
        let temp = try db.scalar("SELECT temp_c FROM observations")?.double ?? .nan
        #expect(abs(temp - 12.5) < 1e-9)
        #expect(try db.scalar("SELECT units_source FROM observations") == .text("envelope_url"))
    }

    @Test func strictValuesRejectsWhatQuarantineSetsAside() throws {
        let folder = try TemporaryFolder("stages")
        defer { folder.remove() }
        let file = fixtures + "/quarantine/openmeteo-336h-cloud-cover-101-and-minus-1.json"
        try #"{"inputs": [{"path": "\#(file)", "strict_values": true}], "store": "s.sqlite"}"#
            .write(toFile: folder.path + "/p.json", atomically: true, encoding: .utf8)
        let (s, _) = try ingest(try PipelineFile.load(path: folder.path + "/p.json"))
        #expect(s.accepted == 0 && s.rejected == 1 && s.rejectsByReason[.implausibleValue] == 1)
    }

    @Test func nwsQCAcceptKeepsTheFlagsItNames() throws {
        let file = fixtures + "/stations/nws-knyc-observations-2024-05-02.json"
        func temperatures(_ input: String) throws -> Int64 {
            let folder = try TemporaryFolder("stages")
            defer { folder.remove() }
            try #"{"inputs": [\#(input)], "store": "s.sqlite"}"#.write(toFile: folder.path + "/p.json", atomically: true, encoding: .utf8)
            let (_, db) = try ingest(try PipelineFile.load(path: folder.path + "/p.json"))
            return try db.scalar("SELECT COUNT(temp_c) FROM observations")?.int ?? -1
        }
        let standard = try temperatures(#""\#(file)""#)
        // The fixture has one temperature flagged X (rejected by MADIS): kept only when X is accepted.
        #expect(try temperatures(#"{"path": "\#(file)", "nws_qc_accept": "VCSZGX"}"#) == standard + 1)
        let folder = try TemporaryFolder("stages")
        defer { folder.remove() }
        try #"{"inputs": [{"path": ".", "nws_qc_accept": "VW"}], "store": "s"}"#.write(toFile: folder.path + "/p.json", atomically: true, encoding: .utf8)
        #expect(throws: PipelineFile.Problem.self) { try PipelineFile.load(path: folder.path + "/p.json") }
    }
}
