import Foundation
import Testing
import TestSupport
import WeatherCore
import WeatherIngest
import WeatherStore
@testable import WeatherPipeline


let fixtures = repositoryRoot + "/Fixtures/inputs"

func freshStore(in folder: TemporaryFolder) throws -> Store {
    try Store(path: folder.path + "/weather.sqlite")
}

let fixtureInputs = [
    IngestInput(path: fixtures + "/standard"),
    IngestInput(path: fixtures + "/metric", units: .metric),
    IngestInput(path: fixtures + "/imperial", units: .imperial),
    IngestInput(path: fixtures + "/mixed"),
    IngestInput(path: fixtures + "/bad"),
]

struct IngestRunnerTests {
    @Test func fixturesGiveTheRightCountsAndUnits() throws {
        let tmp = try TemporaryFolder("pipeline")
        defer { tmp.remove() }
        let store = try freshStore(in: tmp)
        let runner = try IngestRunner(store: store)
        let s = try runner.run(fixtureInputs)
        // standard 168 + metric 72 + imperial 72 + mixed 3 (all repeats) + bad 14 (12 broken, 2 good lines)
        #expect(s.documents == 329)
        #expect(s.accepted == 314)
        #expect(s.rejected == 12)
        #expect(s.duplicates == 3)
        #expect(s.balanced)
        #expect(s.observations == 314)
        let db = store.database
        #expect(try db.scalar("SELECT COUNT(*) FROM observations")?.int == 314)
        // Every unit system lands in canonical units: all temperatures are plausible May values.
        let range = try db.rows("SELECT MIN(temp_c), MAX(temp_c) FROM observations")[0]
        #expect(range[0].double! > 0 && range[1].double! < 30)
        #expect(try db.scalar("SELECT COUNT(*) FROM observations WHERE units_source = 'envelope_url' AND units_assumed = 'imperial'")?.int == 6)
        #expect(try db.scalar("SELECT COUNT(*) FROM observations WHERE units_assumed = 'metric'")?.int == 72)
        // Per source and in total, documents = accepted + rejected + duplicates.
        #expect(try db.scalar("SELECT COUNT(*) FROM sources WHERE documents <> accepted + rejected + duplicates")?.int == 0)
        #expect(try db.scalar("SELECT SUM(documents) FROM sources")?.int == 329)
        #expect(try db.scalar("SELECT COUNT(*) FROM sources WHERE status <> 'complete'")?.int == 0)
        // Records from tar members keep their member name.
        #expect(try db.scalar("SELECT COUNT(*) FROM sources WHERE member LIKE '%very-long-folder-name%'")?.int == 12)
    }

    @Test func everyBadFixtureGivesItsExpectedReject() throws {
        let tmp = try TemporaryFolder("pipeline")
        defer { tmp.remove() }
        let store = try freshStore(in: tmp)
        _ = try IngestRunner(store: store).run(fixtureInputs)
        let expected = try String(contentsOfFile: repositoryRoot + "/Fixtures/expected/rejects.tsv", encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(expected.count == 12)
        // Every reject reason a document can get has a fixture (unreadable needs a file that
        // vanishes between listing and reading: see UnreadableInputTests).
        let reasons = Set(expected.map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[2]) })
        #expect(reasons == Set(RejectReason.allCases.map(\.rawValue)).subtracting(["unreadable"]))
        for line in expected {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let rows = try store.database.rows(
                "SELECT line, reason, COALESCE(field_path, ''), message FROM rejects WHERE path = ?", [.text(fixtures + "/" + f[0])])
            #expect(rows.count == 1, "\(f[0])")
            guard let r = rows.first else { continue }
            #expect(r[0].int == Int64(f[1]), "\(f[0]) line")
            #expect(r[1].string == f[2], "\(f[0]) reason")
            #expect(r[2].string == f[3], "\(f[0]) field path")
            #expect(r[3].string?.contains(f[4]) == true, "\(f[0]): \(r[3])")
        }
    }

    @Test func reingestIsIdempotent() throws {
        let tmp = try TemporaryFolder("pipeline")
        defer { tmp.remove() }
        let store = try freshStore(in: tmp)
        _ = try IngestRunner(store: store).run(fixtureInputs)
        let before = try snapshot(store)
        let again = try IngestRunner(store: store).run(fixtureInputs)
        #expect(again.inputsUnchanged == again.inputs)
        #expect(again.documents == 0)
        #expect(try snapshot(store) == before)
    }

    /// Savepoints' sub-journals stay in memory while files are written (on disk each page a
    /// file changes was one more write), and temporary files are on disk again afterwards, for
    /// the aggregate's sorts of every pair on the same connection.
    @Test func temporaryFilesAreInMemoryOnlyWhileFilesAreWritten() throws {
        let tmp = try TemporaryFolder("pipeline")
        defer { tmp.remove() }
        let store = try freshStore(in: tmp)
        let runner = try IngestRunner(store: store)
        var during: [Int64] = []
        runner.onSource = { _, _, _ in
            if case .integer(let v)? = try? store.database.scalar("PRAGMA temp_store") { during.append(v) }
        }
        _ = try runner.run([IngestInput(path: fixtures + "/standard")])
        #expect(!during.isEmpty && during.allSatisfy { $0 == 2 })
        #expect(try store.database.scalar("PRAGMA temp_store") == .integer(0))
    }

    @Test func changedFileReplacesItsRecords() throws {
        let tmp = try TemporaryFolder("pipeline")
        defer { tmp.remove() }
        let store = try freshStore(in: tmp)
        let dir = tmp.path + "/inputs"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let lines = try String(contentsOfFile: fixtures + "/standard/london-2024-05-01.ndjson", encoding: .utf8).split(separator: "\n")
        try (lines[0..<4].joined(separator: "\n") + "\n").write(toFile: dir + "/a.ndjson", atomically: true, encoding: .utf8)
        _ = try IngestRunner(store: store).run([IngestInput(path: dir)])
        try (lines[0..<10].joined(separator: "\n") + "\n").write(toFile: dir + "/a.ndjson", atomically: true, encoding: .utf8)
        let s = try IngestRunner(store: store).run([IngestInput(path: dir)])
        #expect(s.accepted == 10 && s.duplicates == 0)
        #expect(try store.database.scalar("SELECT COUNT(*) FROM observations")?.int == 10)
        #expect(try store.database.scalar("SELECT COUNT(*) FROM sources")?.int == 1)
    }

    @Test func declaredLocationsWinAndNearbyRecordsJoin() throws {
        let tmp = try TemporaryFolder("pipeline")
        defer { tmp.remove() }
        let store = try freshStore(in: tmp)
        let london = Location(id: "london", name: "London", latitude: 51.5085, longitude: -0.1257, timeZone: "Europe/London", declared: true)
        _ = try IngestRunner(store: store, declaredLocations: [london]).run([IngestInput(path: fixtures + "/standard")])
        #expect(try store.database.scalar("SELECT COUNT(DISTINCT location_id) FROM observations")?.int == 1)
        #expect(try store.database.scalar("SELECT timezone FROM locations WHERE id = 'london'")?.string == "Europe/London")
    }

    func snapshot(_ store: Store) throws -> [[SQLValue]] {
        try store.database.rows("SELECT * FROM observations ORDER BY id")
            + store.database.rows("SELECT * FROM rejects ORDER BY id")
            + store.database.rows("SELECT id, path, member, documents, accepted, rejected, duplicates FROM sources ORDER BY id")
    }
}

struct ProviderIngestTests {
    @Test func everyProviderFixtureLands() throws {
        let tmp = try TemporaryFolder("pipeline")
        defer { tmp.remove() }
        let store = try freshStore(in: tmp)
        let london = Location(id: "london", latitude: 51.5085, longitude: -0.1257, declared: true)
        let s = try IngestRunner(store: store, declaredLocations: [london]).run([IngestInput(path: fixtures + "/providers")])
        #expect(s.rejected == 0 && s.balanced)
        let db = store.database
        let formats = try db.rows("SELECT DISTINCT provider || '/' || product FROM observations UNION SELECT DISTINCT provider || '/' || product FROM forecasts ORDER BY 1")
            .compactMap { $0.first?.string }
        #expect(formats == ["darksky/forecast", "darksky/timemachine", "open-meteo/archive", "open-meteo/forecast",
                            "openweathermap/forecast5", "openweathermap/onecall", "openweathermap/timemachine", "weatherkit/weather"])
        // Issue times come from the envelope, the body clock and the file name.
        let sources = Set(try db.rows("SELECT DISTINCT issued_at_source FROM forecasts").compactMap { $0.first?.string })
        #expect(sources == ["envelope", "body", "file_name"])
        // Geocoding named London and gave its state, without creating records.
        #expect(try db.scalar("SELECT state FROM locations WHERE id = 'london'")?.string == "England")
        #expect(try db.scalar("SELECT COUNT(*) FROM locations WHERE country = 'CA'")?.int == 1)
    }

    /// A zone learned from one provider serves the others at that location: WeatherKit bodies
    /// carry none, the Open-Meteo reply for the same place does.
    @Test func zonesAreSharedAcrossProviders() throws {
        let tmp = try TemporaryFolder("pipeline")
        defer { tmp.remove() }
        let store = try freshStore(in: tmp)
        _ = try IngestRunner(store: store).run([IngestInput(path: fixtures + "/providers/weatherkit"),
                                                 IngestInput(path: fixtures + "/providers/open-meteo")])
        let rows = try store.database.rows("SELECT DISTINCT o.location_id, l.timezone FROM observations o JOIN locations l ON l.id = o.location_id WHERE o.provider = 'weatherkit'")
        #expect(rows.count == 1)
        #expect(rows.first?[1].string == "Australia/Sydney")
    }

    @Test func providerSamplesPipelineRejectsOnlyTheErrorBodies() throws {
        let p = try PipelineFile.load(path: repositoryRoot + "/Pipelines/provider-samples.json")
        #expect(p.inputs.allSatisfy { $0.path.hasPrefix(repositoryRoot + "/Fixtures/providers/") })
        try Self.expectAllButErrorBodiesLand(p)
    }

    /// Optional extended check: the same pipeline over the recordings of ../shared/provider-samples,
    /// when that folder is beside the repository (a plain clone skips it).
    @Test func sharedSamplesPipelineWhenPresent() throws {
        let samples = URL(fileURLWithPath: repositoryRoot).deletingLastPathComponent().path + "/shared/provider-samples"
        guard FileManager.default.fileExists(atPath: samples) else {
            print("extended check skipped: ../shared/provider-samples is not beside the repository")
            return
        }
        let p = try PipelineFile.load(path: repositoryRoot + "/Pipelines/shared-samples.json")
        try Self.expectAllButErrorBodiesLand(p)
        print("extended check ran: Pipelines/shared-samples.json ingested \(p.inputs.count) inputs from \(samples)")
    }

    /// 46 replies: the three error bodies are rejected, everything else lands; geocoding (6) and
    /// the all-excluded Dark Sky reply hold no records.
    static func expectAllButErrorBodiesLand(_ p: PipelineFile) throws {
        let tmp = try TemporaryFolder("pipeline")
        defer { tmp.remove() }
        let store = try freshStore(in: tmp)
        let s = try IngestRunner(store: store).run(p.inputs.map { IngestInput(path: $0.path, units: $0.units) })
        #expect(s.documents == 46)
        #expect(s.rejected == 3)
        #expect(s.rejectsByReason == [.providerError: 3])
        #expect(s.balanced)
        #expect(try store.database.scalar("SELECT COUNT(*) FROM sources WHERE records = 0 AND rejected = 0 AND duplicates = 0")?.int == 7)
    }
}

struct PipelineFileTests {
    func load(_ json: String) throws(PipelineFile.Problem) -> PipelineFile {
        let dir = try! temporaryFolder("pf")
        defer { removeFolder(dir) }
        try? json.write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
        return try PipelineFile.load(path: dir + "/p.json")
    }

    @Test func defaultPipelineLoads() throws {
        let p = try PipelineFile.load(path: repositoryRoot + "/Pipelines/default.json")
        #expect(p.inputs.count == 8)
        #expect(p.inputs[1].units == .metric)
        #expect(p.store.hasSuffix("/out/weather.sqlite"))
        #expect(!p.store.contains(".."))
        #expect(p.locations.first?.id == "london")
        #expect(p.export.csv?.hasSuffix("/out/csv") == true)
    }

    @Test(arguments: [
        (#"{"inputs": ["a"], "store": "s", "stroe": 1}"#, "stroe"),
        (#"{"inputs": "a", "store": "s"}"#, "inputs"),
        (#"{"store": "s"}"#, "inputs"),
        (#"{"inputs": ["a"]}"#, "store"),
        (#"{"inputs": [{"path": "a", "units": "kelvin"}], "store": "s"}"#, "inputs[0].units"),
        (#"{"inputs": ["a"], "store": "s", "locations": [{"id": "x", "lat": 100, "lon": 0}]}"#, "locations[0].lat"),
        (#"{"inputs": ["a"], "store": "s", "export": {"csv": 3}}"#, "export.csv"),
        (#"{"inputs": ["a"], "store": "s", "export": {"ods": "a"}}"#, "export.ods"),
        (#"{"inputs": ["a"], "store": "s", "strict": "yes"}"#, "strict"),
    ])
    func problemsNameTheKey(_ json: String, _ key: String) {
        do {
            _ = try load(json)
            Issue.record("should fail: \(json)")
        } catch {
            #expect(error.key == key)
            #expect(error.description.contains("p.json"))
        }
    }

    @Test func invalidJSONSaysWhere() {
        do {
            _ = try load("{\n\"inputs\": [\"a\",]\n}")
            Issue.record("should fail")
        } catch {
            #expect(error.description.contains("line 2"))
        }
    }

    @Test func pathsAreNormalised() {
        #expect(PipelineFile.normalize("Pipelines/../Fixtures/./x") == "Fixtures/x")
        #expect(PipelineFile.normalize("../a/b/../c") == "../a/c")
        #expect(PipelineFile.normalize("/a/../../b") == "/b")
    }
}

struct UnreadableInputTests {
    /// A file listed but gone (or unreadable) when it is opened becomes a reject, and the run goes on.
    @Test func vanishedFileIsAnUnreadableReject() throws {
        let tmp = try TemporaryFolder("pipeline")
        defer { tmp.remove() }
        let store = try freshStore(in: tmp)
        let runner = try IngestRunner(store: store)
        let dir = tmp.path + "/inputs"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // A dangling symbolic link is listed by name and fails to open.
        try FileManager.default.createSymbolicLink(atPath: dir + "/gone.json", withDestinationPath: dir + "/nowhere.json")
        var events: [String] = []
        let file = InputFile(path: dir + "/gone.json", size: 0, modifiedAt: nil)
        runner.ingestor.ingest(file) { e in
            if case .failed(_, let error, _) = e { events.append(error.kind.rawValue) }
            return true
        }
        #expect(events == ["unreadable"])
        let r = Reject(IngestError(.cannotOpen(reason: "No such file or directory")), origin: Origin(path: file.path), partial: [])
        #expect(r.reason == .unreadable)
    }
}

/// A container's failure: the error carries its place as a field, the stored message names it,
/// and the reject's `byte_offset` stays where the lost document began (0 for a one-document
/// file), as `Fixtures/stores/v1`'s exports have it.
struct ContainerRejectPlaceTests {
    @Test func aTruncatedGzipsErrorHasItsCompressedByteOffset() throws {
        let tmp = try TemporaryFolder("place")
        defer { tmp.remove() }
        let store = try freshStore(in: tmp)
        let path = fixtures + "/bad/truncated.json.gz"
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        var errors: [IngestError] = []
        Ingestor().ingest(InputFile(path: path, size: size, modifiedAt: nil)) { event in
            if case .failed(_, let error, _) = event { errors.append(error) }
            return true
        }
        // The whole file was read before the member was found unfinished.
        #expect(errors.map(\.byteOffset) == [size])
        #expect(errors.first?.offsetKind == .compressed)
        _ = try IngestRunner(store: store).run([IngestInput(path: path)])
        let rows = try store.database.rows("SELECT byte_offset, line, reason, message FROM rejects")
        #expect(rows.count == 1)
        let r = try #require(rows.first)
        #expect(r[0].int == 0)
        #expect(r[1].int == 1)
        #expect(r[2].string == "truncated_input")
        #expect(r[3].string == "gzip stream ends inside a member at compressed byte \(size) (truncated file?)", "\(r[3])")
    }

    @Test func aCorruptGzipsMessageNamesItsErrorsOffset() throws {
        let tmp = try TemporaryFolder("place")
        defer { tmp.remove() }
        let store = try freshStore(in: tmp)
        let path = fixtures + "/bad/bad-crc.json.gz"
        var offsets: [Int?] = []
        Ingestor().ingest(InputFile(path: path, size: 0, modifiedAt: nil)) { event in
            if case .failed(_, let error, _) = event { offsets.append(error.byteOffset) }
            return true
        }
        let offset = try #require(offsets.first ?? nil)
        #expect(offset > 0)
        _ = try IngestRunner(store: store).run([IngestInput(path: path)])
        let message = try store.database.scalar("SELECT message FROM rejects WHERE reason = 'corrupt_input'")?.string
        #expect(message?.hasPrefix("gzip data corrupt at compressed byte \(offset): ") == true, "\(String(describing: message))")
    }
}
