import Foundation
import Testing
import TestSupport

/// The report's headline, read from the HTML a user opens, against counts taken with the
/// sqlite3 shell straight from the row tables (not through wxpipe's views or its own counts).
@Suite struct ReportHeadlineTests {
    /// The cells of the headline table, by header.
    static func headline(_ html: String) -> [String: Int64] {
        guard let start = html.range(of: "<table data-table=\"headline\">"),
              let end = html.range(of: "</table>", range: start.upperBound..<html.endIndex) else { return [:] }
        let table = String(html[start.upperBound..<end.lowerBound])
        func cells(_ tag: String) -> [String] {
            table.components(separatedBy: "<\(tag)").dropFirst().compactMap { piece in
                guard let open = piece.firstIndex(of: ">"), let close = piece.range(of: "</\(tag)>") else { return nil }
                return String(piece[piece.index(after: open)..<close.lowerBound])
            }
        }
        return Dictionary(uniqueKeysWithValues: zip(cells("th"), cells("td").map { Int64($0) ?? -1 }))
    }

    static func sqlite3(_ store: String, _ sql: String) throws -> Int64 {
        let r = try Subprocess.run("/usr/bin/sqlite3", [store, sql])
        #expect(r.status == 0, "sqlite3: \(r.stderr)")
        return Int64(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @Test func everyHeadlineNumberIsTheStoresCount() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        try CLI.layOutPipeline("default.json", in: dir)
        let run = try CLI.run(["run"], cwd: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let store = dir + "/out/weather.sqlite"
        let complete = "source_id IN (SELECT id FROM sources WHERE status = 'complete')"
        let expected: [String: Int64] = [
            "observations": try Self.sqlite3(store, "SELECT COUNT(*) FROM observation_rows WHERE \(complete)"),
            "forecasts": try Self.sqlite3(store, "SELECT COUNT(*) FROM forecast_rows WHERE \(complete)"),
            "locations": try Self.sqlite3(store, "SELECT COUNT(*) FROM locations"),
            // One reject row per rejected document; duplicates and documents from the sources' counts.
            "rejected documents": try Self.sqlite3(store, "SELECT COUNT(*) FROM rejects WHERE \(complete)"),
            "duplicate documents": try Self.sqlite3(store, "SELECT SUM(duplicates) FROM sources WHERE status = 'complete'"),
            "documents read": try Self.sqlite3(store, "SELECT SUM(accepted) + SUM(rejected) + SUM(duplicates) FROM sources WHERE status = 'complete'"),
        ]
        let shown = Self.headline(try String(contentsOfFile: dir + "/out/report.html", encoding: .utf8))
        #expect(shown == expected)
        // The fixtures hold records of every kind: a headline of zeros cannot pass.
        #expect(expected.values.allSatisfy { $0 > 0 }, "\(expected)")
        // The run's own summary says the same numbers.
        #expect(run.stderr.contains("documents read: \(expected["documents read"]!) = accepted "), "\(run.stderr)")
    }
}
