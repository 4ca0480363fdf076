import Foundation
import TestSupport
import XCTest

/// The store's schema may change (schema 2 replaced text keys by integer feed and location keys,
/// for the size and speed of big stores); what users read may not.
/// `Fixtures/stores/v1` holds a store of schema version 1 and the CSVs that version exported
/// (its README says how they were made): both a fresh run of the default pipeline and that old
/// store, upgraded in place, must export the same bytes.
final class StoreSchemaTests: XCTestCase {
    static let golden = repositoryRoot + "/Fixtures/stores/v1"

    /// Columns that hold the time of a run or of a checkout, not data: blanked before comparing.
    static let clockColumns: [String: Set<String>] = ["sources.csv": ["modified_at_utc", "ingested_at_utc"]]

    /// Columns added since schema version 1: the golden export has none of them, so they are left
    /// out before comparing; every column version 1 exported is still compared byte for byte, in
    /// its order. They come last in their files, except that `excluded_pairs` keeps its `reason`
    /// after the pair columns it shares with `forecast_pairs`.
    static let addedSinceVersion1: [String: [String]] = [
        "observations.csv": ["temp_max_c", "temp_min_c", "extremes_window_h", "elevation_m"],
        "forecasts.csv": ["elevation_m"],
        "daily_observed.csv": ["truth_basis", "precip_basis"],
        "forecast_pairs.csv": ["truth_basis", "elevation_correction_c"],
        "excluded_pairs.csv": ["truth_basis", "elevation_correction_c"],
    ]

    /// `csv` (exported today as `name`) without the columns added since version 1; nil when they
    /// are not where they belong. Trailing ones are cut at the last commas of each line (their
    /// cells are names, numbers or empty); others are removed by position from lines without quotes.
    static func withoutAddedColumns(_ csv: String, _ name: String) -> String? {
        let added = addedSinceVersion1[name] ?? []
        guard !added.isEmpty else { return csv }
        var lines = csv.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = lines.first?.split(separator: ",").map(String.init) ?? []
        if Array(header.suffix(added.count)) == added {
            for k in lines.indices where !lines[k].isEmpty {
                for _ in added {
                    guard let comma = lines[k].lastIndex(of: ",") else { return nil }
                    lines[k] = String(lines[k][..<comma])
                }
            }
            return lines.joined(separator: "\n")
        }
        let positions = Set(header.indices.filter { added.contains(header[$0]) })
        guard positions.count == added.count else { return nil }
        for k in lines.indices where !lines[k].isEmpty {
            guard !lines[k].contains("\"") else { return nil }
            let cells = lines[k].split(separator: ",", omittingEmptySubsequences: false)
            guard cells.count == header.count else { return nil }
            lines[k] = cells.indices.filter { !positions.contains($0) }.map { String(cells[$0]) }.joined(separator: ",")
        }
        return lines.joined(separator: "\n")
    }

    /// `schema.json` as parsed JSON, without the columns added since version 1.
    static func schemaWithoutAddedColumns(_ text: String) -> NSDictionary? {
        guard let data = text.data(using: .utf8),
              var schema = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let tables = schema["tables"] as? [[String: Any]] else { return nil }
        schema["tables"] = tables.map { table -> [String: Any] in
            let added = Set(addedSinceVersion1[table["url"] as? String ?? ""] ?? [])
            guard !added.isEmpty, var tableSchema = table["tableSchema"] as? [String: Any],
                  let columns = tableSchema["columns"] as? [[String: Any]] else { return table }
            tableSchema["columns"] = columns.filter { !added.contains($0["name"] as? String ?? "") }
            var t = table
            t["tableSchema"] = tableSchema
            return t
        }
        return schema as NSDictionary
    }

    func testFreshRunExportsTheSameCSVAsSchemaVersion1() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        try FileManager.default.createDirectory(atPath: dir + "/Pipelines", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
        // The default pipeline as it was when version 1 wrote the goldens (today's also reads the season).
        try FileManager.default.copyItem(atPath: Self.golden + "/default-pipeline.json", toPath: dir + "/Pipelines/default.json")
        try FileManager.default.createSymbolicLink(atPath: dir + "/Fixtures", withDestinationPath: repositoryRoot + "/Fixtures")
        let run = try CLI.run(["run", "Pipelines/default.json"], cwd: dir)
        XCTAssertEqual(run.status, 0, run.stderr)
        try assertSameCSV(dir + "/out/csv", masking: Self.clockColumns)
    }

    func testSchemaVersion1StoreIsUpgradedInPlaceAndExportsTheSame() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        let store = dir + "/weather.sqlite"
        try Self.gunzip(Self.golden + "/weather.sqlite.gz", to: store)

        // The aggregate stage opens the store for writing: it upgrades it, then rebuilds its tables.
        let aggregate = try CLI.run(["aggregate", "--db", store, "--issue-selection", "latest_before", "--issue-cutoff", "12:00"])
        XCTAssertEqual(aggregate.status, 0, aggregate.stderr)
        let export = try CLI.run(["export", "--db", store, "--format", "csv", "--out", dir + "/csv"])
        XCTAssertEqual(export.status, 0, export.stderr)
        try assertSameCSV(dir + "/csv", masking: [:])
        let version = try CLI.run(["sql", "--db", store, "SELECT value FROM meta WHERE key = 'schema_version'"])
        XCTAssertEqual(version.stdout.split(separator: "\n").last.map(String.init), "2", version.stdout + version.stderr)
    }

    /// An ingest into a schema 1 store upgrades it and says so, once.
    func testAnIngestSaysItUpgradedTheStore() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        let store = dir + "/weather.sqlite"
        try Self.gunzip(Self.golden + "/weather.sqlite.gz", to: store)
        let first = try CLI.run(["ingest", "--db", store, repositoryRoot + "/Fixtures/inputs/mixed"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stderr.contains("from store schema 1 to 2"), first.stderr)
        let again = try CLI.run(["ingest", "--db", store, repositoryRoot + "/Fixtures/inputs/mixed"])
        XCTAssertFalse(again.stderr.contains("upgraded"), again.stderr)
    }

    static func gunzip(_ path: String, to out: String) throws {
        let gunzip = try Subprocess.shell("gzip -dc '\(path)' > '\(out)'")
        XCTAssertEqual(gunzip.status, 0, gunzip.stderr)
    }

    /// Every CSV (and `schema.json`) of the golden folder has its twin in `folder`, equal byte
    /// for byte once `masking`'s columns are blanked in both.
    private func assertSameCSV(_ folder: String, masking: [String: Set<String>], file: StaticString = #filePath, line: UInt = #line) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.golden + "/csv").sorted()
        XCTAssertFalse(names.isEmpty, file: file, line: line)
        for name in names {
            let expected = try String(contentsOfFile: Self.golden + "/csv/" + name, encoding: .utf8)
            guard let exported = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8) else {
                XCTFail("\(name) was not exported", file: file, line: line)
                continue
            }
            if name == "schema.json" {
                let (e, a) = (Self.schemaWithoutAddedColumns(expected), Self.schemaWithoutAddedColumns(exported))
                XCTAssertNotNil(a, "schema.json does not parse", file: file, line: line)
                XCTAssertEqual(e, a, "schema.json differs beyond the columns added since version 1", file: file, line: line)
                continue
            }
            guard let actual = Self.withoutAddedColumns(exported, name) else {
                XCTFail("\(name): the columns added since version 1 are not where they belong", file: file, line: line)
                continue
            }
            let columns = masking[name] ?? []
            let (e, a) = (Self.blank(columns, in: expected), Self.blank(columns, in: actual))
            if e != a {
                let el = e.split(separator: "\n", omittingEmptySubsequences: false)
                let al = a.split(separator: "\n", omittingEmptySubsequences: false)
                let k = (0..<min(el.count, al.count)).first { el[$0] != al[$0] } ?? min(el.count, al.count)
                XCTFail("\(name) differs at line \(k + 1) (\(el.count) vs \(al.count) lines):\n  expected \(k < el.count ? String(el[k]) : "<end>")\n  actual   \(k < al.count ? String(al[k]) : "<end>")",
                        file: file, line: line)
            }
        }
    }

    /// The CSV with the named columns emptied (the fixture CSVs quote no field holding a comma
    /// in these columns, so a split on commas finds them).
    static func blank(_ columns: Set<String>, in csv: String) -> String {
        guard !columns.isEmpty else { return csv }
        var lines = csv.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let header = lines.first else { return csv }
        let names = header.trimmingCharacters(in: CharacterSet(charactersIn: "\u{FEFF}\r")).split(separator: ",").map(String.init)
        let indexes = Set(names.indices.filter { columns.contains(names[$0]) })
        for k in lines.indices.dropFirst() where !lines[k].isEmpty {
            var cells = lines[k].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            for i in indexes where i < cells.count { cells[i] = "" }
            lines[k] = cells.joined(separator: ",")
        }
        return lines.joined(separator: "\n")
    }
}
