import Foundation
import Testing
import TestSupport
import WeatherCore
import WeatherStore
@testable import WeatherPipeline

/// Station archives end to end: a pipeline location's `station` places replies that name only a
/// station; without it each such reply is one reject that says which setting to give, and
/// declaring the station later reads the same files again (the stations are in the fingerprint).
struct StationArchiveIngestTests {
    static let iem = repositoryRoot + "/Fixtures/providers/iem"

    func pipeline(_ folder: TemporaryFolder, locations: String) throws -> PipelineFile {
        let text = #"{"inputs": [{"path": "\#(Self.iem)"}], "store": "s.sqlite", "locations": [\#(locations)]}"#
        try text.write(toFile: folder.path + "/p.json", atomically: true, encoding: .utf8)
        return try PipelineFile.load(path: folder.path + "/p.json")
    }

    func ingest(_ p: PipelineFile) throws -> (IngestSummary, Database) {
        let store = try Store(path: p.store)
        let summary = try IngestRunner(store: store, declaredLocations: p.locations)
            .run(p.inputs.map { IngestInput(path: $0.path, settings: $0.settings) })
        return (summary, store.database)
    }

    static let stations = #"{"id": "dsm", "lat": 41.534, "lon": -93.653, "timezone": "America/Chicago", "station": "KDSM"}, "#
        + #"{"id": "dsm-climate", "lat": 41.534, "lon": -93.653, "timezone": "America/Chicago", "station": "IATDSM", "radius_km": 1}"#

    @Test func declaredStationsPlaceTheArchives() throws {
        let folder = try TemporaryFolder("stages")
        defer { folder.remove() }
        let without = try pipeline(folder, locations: #"{"id": "elsewhere", "lat": 0, "lon": 0}"#)
        let (first, db) = try ingest(without)
        #expect(first.documents == 3 && first.rejected == 3 && first.balanced)
        let messages = try db.rows("SELECT message FROM rejects ORDER BY message").compactMap { $0.first?.string }
        #expect(messages.count == 3 && messages.allSatisfy { $0.contains("names no coordinates") && $0.contains("--place LAT,LON") })
        #expect(messages.contains { $0.contains(#""station": "KDSM""#) } && messages.contains { $0.contains(#""station": "IATDSM""#) })

        let with = try pipeline(folder, locations: Self.stations)
        #expect(with.locations.map(\.station) == ["KDSM", "IATDSM"])
        let (second, db2) = try ingest(with)
        #expect(second.accepted == 3 && second.rejected == 0 && second.observations == 4 + 3 + 3, "read again: the stations changed")
        #expect(try db2.scalar("SELECT COUNT(*) FROM rejects")?.int == 0)
        let rows = try db2.rows("SELECT provider || '/' || product, location_id, station_id, COUNT(*) FROM observations GROUP BY 1, 2, 3 ORDER BY 1")
        #expect(rows == [[.text("iem/cli"), .text("dsm"), .text("KDSM"), .integer(3)],
                         [.text("iem/daily"), .text("dsm-climate"), .text("IATDSM"), .integer(3)],
                         [.text("iem/obhistory"), .text("dsm"), .text("KDSM"), .integer(4)]])
        // The climate day of 2024-03-10 ends at 01:00 CDT: one observation there, a 24-hour window.
        let day = try db2.rows("SELECT temp_min_c, extremes_window_h, precip_mm, precip_window_h FROM observations "
                               + "WHERE product = 'cli' AND observed_at_utc = '2024-03-11T06:00:00Z'")
        #expect(day.count == 1 && day[0][1] == .real(24) && day[0][3] == .real(24))
        #expect(try db2.scalar("SELECT settings_fingerprint FROM sources LIMIT 1")?.string == "stations=IATDSM@dsm-climate KDSM@dsm")
        // Nothing changed: the third run reads nothing.
        let (third, _) = try ingest(with)
        #expect(third.accepted == 0 && third.observations == 0)
    }

    @Test func aLocationsStationIsChecked() throws {
        let folder = try TemporaryFolder("stages")
        defer { folder.remove() }
        #expect(throws: PipelineFile.Problem.self) { try pipeline(folder, locations: #"{"id": "x", "lat": 1, "lon": 2, "station": ""}"#) }
        #expect(throws: PipelineFile.Problem.self) { try pipeline(folder, locations: #"{"id": "x", "lat": 1, "lon": 2, "station": 7}"#) }
    }
}

/// `Pipelines/station-archives.json`: every archive fixture, its stations declared.
struct StationArchivePipelineTests {
    @Test func theShippedPipelineIngestsEveryArchive() throws {
        let tmp = try TemporaryFolder("pipeline")
        defer { tmp.remove() }
        let p = try PipelineFile.load(path: repositoryRoot + "/Pipelines/station-archives.json")
        #expect(p.locations.count == 7 && p.locations.allSatisfy { $0.station != nil && $0.timeZone != nil })
        let store = try Store(path: tmp.path + "/s.sqlite")
        let s = try IngestRunner(store: store, declaredLocations: p.locations).run(p.inputs.map { IngestInput(path: $0.path, settings: $0.settings) })
        // 14 replies: the bare ACIS county reply (no request) and the Synoptic error are the two rejects.
        #expect(s.documents == 14 && s.accepted == 12 && s.rejected == 2 && s.balanced)
        #expect(s.observations == 4 + 3 + 3 + 3 + 3 + 2 + 28 + 3 + 2 + 2 + 2)
        let reasons = try store.database.rows("SELECT reason FROM rejects ORDER BY reason").compactMap { $0.first?.string }
        #expect(reasons == ["missing_field", "provider_error"])
        // Only Salt Lake City, placed by its own coordinates, is a location nobody declared.
        #expect(try store.database.scalar("SELECT COUNT(*) FROM locations")?.int == 8)
    }
}
