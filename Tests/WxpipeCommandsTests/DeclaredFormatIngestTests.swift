import Foundation
import Testing
import TestSupport
import WeatherStore

/// Declared formats end to end, as a user runs them: `ingest --format-file`, a pipeline's
/// `"formats"`, `inspect`, a changed format file re-reading its inputs, and a mutated corpus
/// whose counts add up.
struct DeclaredFormatIngestTests {
    static let formats = repositoryRoot + "/Formats/"
    static let fixtures = repositoryRoot + "/Fixtures/formats/"

    static func rows(_ store: String, _ sql: String) throws -> [[SQLValue]] {
        try Database(path: store, readOnly: true).rows(sql)
    }

    /// `documents read: N = accepted A + rejected R + duplicates D`, as numbers.
    static func counts(_ stderr: String) -> [Int]? {
        guard let line = stderr.split(separator: "\n").first(where: { $0.hasPrefix("documents read:") }) else { return nil }
        return line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    }

    /// Each shipped format ingests its fixture; the rows are the hand-checked ones, and the
    /// store keeps provider and product from the format's name.
    @Test func theShippedFormatsIngestTheirFixtures() throws {
        let folder = try TemporaryFolder("declared-ingest")
        defer { folder.remove() }
        let store = folder.path + "/s.sqlite"
        let r = try CLI.run(["ingest", "--db", store,
                             "--format-file", Self.formats + "backyard-logger.json",
                             "--format-file", Self.formats + "regional-point-forecast.json",
                             "--format-file", Self.formats + "citynet-hourly.json", Self.fixtures])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Self.counts(r.stderr) == [3, 3, 0, 0], "\(r.stderr)")
        let observed = try Self.rows(store, """
            SELECT provider, product, location_id, observed_at_utc, temp_c, precip_mm, precip_window_h, role
            FROM observations WHERE provider = 'backyard' ORDER BY observed_at_utc
            """)
        #expect(observed.count == 4)
        #expect(observed.first == [.text("backyard"), .text("logger"), .text("backyard-1"), .text("2024-05-01T06:00:00Z"),
                                   .real(10), .real(2.54), .real(1), .text("observed")])
        #expect(observed[2][3] == .text("2024-05-01T15:00:00Z") && observed[2][4] == .null)
        let city = try Self.rows(store, "SELECT observed_at_utc FROM observations WHERE provider = 'citynet' ORDER BY observed_at_utc")
        #expect(city.map { $0[0] } == ["04:30", "05:30", "06:30", "07:30"].map { .text("2024-11-03T\($0):00Z") })
        let forecasts = try Self.rows(store, """
            SELECT provider, product, period, issued_at_utc, issued_at_source, valid_from_utc, valid_to_utc, lead_hours, precip_prob_pct
            FROM forecasts ORDER BY valid_from_utc
            """)
        #expect(forecasts.count == 3)
        #expect(forecasts[1] == [.text("regional"), .text("point-forecast"), .text("3h"), .text("2024-03-09T06:00:00Z"), .text("body"),
                                 .text("2024-03-09T09:00:00Z"), .text("2024-03-09T12:00:00Z"), .real(3), .real(65)])
        // The places' names and zones reach their locations, a forecast's too.
        let locations = try Self.rows(store, "SELECT id, name, timezone FROM locations ORDER BY id")
        #expect(locations == [[.text("backyard-1"), .null, .null], [.text("cn-014"), .text("Lower Manhattan"), .text("America/New_York")],
                              [.text("harbour"), .text("Harbour"), .null]], "\(locations)")
        // The 212 °F reading is set aside with its record's index in the path.
        let warnings = try Self.rows(store, "SELECT format, field_path, rule FROM warnings")
        #expect(warnings == [[.text("backyard/logger"), .text("readings[3].tempF"), .text("temperature -90…60 °C")]])
        let sources = try Self.rows(store, "SELECT documents, accepted, rejected, duplicates FROM sources")
        #expect(sources.count == 3 && sources.allSatisfy { $0 == [.integer(1), .integer(1), .integer(0), .integer(0)] })

        let inspect = try CLI.run(["inspect", "--format-file", Self.formats + "citynet-hourly.json", Self.fixtures + "citynet-hourly.json"])
        #expect(inspect.status == 0)
        #expect(inspect.stdout.contains("citynet/hourly (recognised by declared format from \(Self.formats)citynet-hourly.json: the keys sensor, rows)"),
                "\(inspect.stdout)")
    }

    /// A pipeline's top-level `"formats"` apply to every input, an input's own after them; both
    /// are relative to the pipeline file. The run aggregates the declared observations too.
    @Test func aPipelineWithFormats() throws {
        let folder = try TemporaryFolder("declared-pipeline")
        defer { folder.remove() }
        let fm = FileManager.default
        for sub in ["formats", "in/logger", "in/city"] { try fm.createDirectory(atPath: folder.path + "/" + sub, withIntermediateDirectories: true) }
        try fm.copyItem(atPath: Self.formats + "backyard-logger.json", toPath: folder.path + "/formats/backyard-logger.json")
        try fm.copyItem(atPath: Self.formats + "citynet-hourly.json", toPath: folder.path + "/formats/citynet-hourly.json")
        try fm.copyItem(atPath: Self.fixtures + "backyard-logger.json", toPath: folder.path + "/in/logger/day.json")
        try fm.copyItem(atPath: Self.fixtures + "citynet-hourly.json", toPath: folder.path + "/in/city/hours.json")
        try fm.copyItem(atPath: Self.fixtures + "backyard-logger.json", toPath: folder.path + "/in/city/logger.json")
        try """
            {"name": "declared", "store": "out/s.sqlite", "formats": ["formats/backyard-logger.json"],
             "inputs": ["in/logger", {"path": "in/city", "formats": ["formats/citynet-hourly.json"]}]}
            """.write(toFile: folder.path + "/p.json", atomically: true, encoding: .utf8)
        let plan = try CLI.run(["run", "--dry-run", folder.path + "/p.json"])
        #expect(plan.stdout.contains("in/city: 2 file(s)") && plan.stdout.contains("declared formats backyard/logger, citynet/hourly"), "\(plan.stdout)")
        let r = try CLI.run(["run", folder.path + "/p.json"])
        #expect(r.status == 0, "\(r.stderr)")
        let store = folder.path + "/out/s.sqlite"
        let byFeed = try Self.rows(store, "SELECT provider, count(*) FROM observations GROUP BY provider ORDER BY provider")
        // The logger's day twice (one file per input, both with the backyard format; the same
        // records under the same key), the city's four hours once.
        #expect(byFeed == [[.text("backyard"), .integer(4)], [.text("citynet"), .integer(4)]], "\(byFeed)")
        let fingerprints = try Self.rows(store, "SELECT path, settings_fingerprint FROM sources ORDER BY path")
        #expect(fingerprints.count == 3)
        let city = fingerprints.first { ($0[0].string ?? "").hasSuffix("in/city/hours.json") }?[1].string ?? ""
        #expect(city.hasPrefix("formats=backyard/logger@") && city.contains("citynet/hourly@"), "\(city)")
        let logger = fingerprints.first { ($0[0].string ?? "").hasSuffix("in/logger/day.json") }?[1].string ?? ""
        #expect(logger.hasPrefix("formats=backyard/logger@") && !logger.contains("citynet"), "\(logger)")
        let daily = try Self.rows(store, "SELECT count(*) FROM daily_observed WHERE truth_source = 'citynet/hourly'")
        #expect(daily.first?.first.flatMap(\.int).map { $0 > 0 } == true, "\(daily)")
    }

    /// The format file's bytes are in the settings fingerprint: the same input with a changed
    /// format is read again and its records replaced; with the same format it is skipped.
    @Test func aChangedFormatFileReReadsItsInputs() throws {
        let folder = try TemporaryFolder("declared-changed")
        defer { folder.remove() }
        let format = folder.path + "/logger.json"
        let original = try String(contentsOfFile: Self.formats + "backyard-logger.json", encoding: .utf8)
        try original.write(toFile: format, atomically: true, encoding: .utf8)
        let store = folder.path + "/s.sqlite"
        let args = ["ingest", "--db", store, "--format-file", format, Self.fixtures + "backyard-logger.json"]
        #expect(try CLI.run(args).status == 0)
        let again = try CLI.run(args)
        #expect(again.stderr.contains("inputs: 1 (1 unchanged since an earlier run, skipped)"), "\(again.stderr)")

        // The logger was in °C all along: the same readings, read with the fixed format.
        try original.replacingOccurrences(of: "\"unit\": \"°F\"", with: "\"unit\": \"°C\"").write(toFile: format, atomically: true, encoding: .utf8)
        let fixed = try CLI.run(args)
        #expect(fixed.status == 0)
        #expect(fixed.stderr.contains("1 read before with other settings, ingested again"), "\(fixed.stderr)")
        let temps = try Self.rows(store, "SELECT temp_c FROM observations ORDER BY observed_at_utc")
        // 50, 53.6, null, and 212 °C still implausible.
        #expect(temps == [[.real(50)], [.real(53.6)], [.null], [.null]], "\(temps)")
        #expect(try Self.rows(store, "SELECT count(*) FROM sources") == [[.integer(1)]])
    }

    /// Mutants of the declared fixtures, one file each, ingested with their formats: the run
    /// ends normally, every document is accepted, rejected or a duplicate, and the store's
    /// per-source counts add up to the summary's.
    @Test func aMutatedCorpusIngestsAndItsCountsAddUp() throws {
        let folder = try TemporaryFolder("declared-mutants")
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path + "/in", withIntermediateDirectories: true)
        var written = 0
        for name in ["backyard-logger", "regional-point-forecast", "citynet-hourly"] {
            let doc = try String(contentsOfFile: Self.fixtures + name + ".json", encoding: .utf8)
            // Truncations, dropped keys, wrong types and hostile values, with the seeds themselves.
            var mutants = [doc]
            for k in stride(from: 7, to: doc.utf8.count, by: max(1, doc.utf8.count / 9)) { mutants.append(String(doc.utf8.prefix(k))!) }
            for (from, to) in [("\"t\"", "\"x\""), ("\"readings\"", "\"reading\""), ("50.0", "\"warm\""), ("47.6062", "\"north\""),
                               ("1709964000", "\"soon\""), ("\"start\"", "\"begin\""), ("2024-11-03 01:30", "2024-11-03 25:30"),
                               ("30.0", "null"), ("\"rows\": [", "\"rows\": [7, "), (": 0.1", ": 1e400"), (": 4.5", ": -1e308")] {
                if doc.contains(from) { mutants.append(doc.replacingOccurrences(of: from, with: to)) }
            }
            for m in mutants {
                try m.write(toFile: folder.path + "/in/\(name)-\(written).json", atomically: true, encoding: .utf8)
                written += 1
            }
        }
        let store = folder.path + "/s.sqlite"
        let r = try CLI.run(["ingest", "--db", store, "--format-file", Self.formats + "backyard-logger.json",
                             "--format-file", Self.formats + "regional-point-forecast.json",
                             "--format-file", Self.formats + "citynet-hourly.json", folder.path + "/in"])
        #expect(!r.signaled && r.status == 0, "\(r.stderr)")
        let c = try #require(Self.counts(r.stderr), "\(r.stderr)")
        #expect(c.count == 4 && c[0] == c[1] + c[2] + c[3] && c[0] >= written, "\(c)")
        let sums = try Self.rows(store, "SELECT sum(documents), sum(accepted), sum(rejected), sum(duplicates), count(*) FROM sources")
        #expect(sums.first?.prefix(4).map { Int($0.int ?? -1) } == c, "\(sums)")
        #expect(sums.first?.last == .integer(Int64(written)))
        let rejects = try Self.rows(store, "SELECT count(*), count(DISTINCT reason) FROM rejects")
        #expect(rejects.first?.first == .integer(Int64(c[2])))
        #expect(c[1] > 0 && c[2] > 0)
    }
}
