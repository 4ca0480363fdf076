import Foundation
import Testing
import TestSupport
import WeatherStore

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

    /// `make run`'s report opens with a verdict a user can act on: real providers ranked on enough
    /// matched days, with intervals, as the store's `provider_ranking` says.
    @Test func theDefaultReportOpensWithARanking() throws {
        let dir = try temporaryFolder("e2e")
        defer { removeFolder(dir) }
        try CLI.layOutPipeline("default.json", in: dir)
        let run = try CLI.run(["run"], cwd: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOfFile: dir + "/out/report.html", encoding: .utf8)
        let sections = html.components(separatedBy: "<section>")
        let verdict = try #require(sections.dropFirst().first { $0.contains("<h2>") }, "no section")
        #expect(verdict.contains("<h2>The verdict: which source is best</h2>"), "the first section is not the verdict")
        let ranked = try Database(path: dir + "/out/weather.sqlite", readOnly: true).rows("""
            SELECT source, rank, n, mae_ci_low, mae_ci_high FROM provider_ranking
            WHERE location_id = '*' AND variable = 'temp_max_c' AND lead_kind = 'day' AND lead_days = 1 AND rank IS NOT NULL ORDER BY rank
            """)
        #expect(ranked.count >= 2, "\(ranked)")
        for row in ranked {
            let n = row[2].int ?? 0
            #expect(n >= 20 && row[3].double != nil && row[4].double != nil, "\(row)")
        }
        let family = try #require(verdict.components(separatedBy: "<h3>").first { $0.hasPrefix("temp_max_c, lead 1 d, all locations, pooled</h3>") })
        #expect(family.contains("\(ranked.count) sources on \(ranked[0][2].int ?? 0) matched days"), "\(family.prefix(400))")
        #expect(family.contains("Best: \(ranked[0][0].string ?? "?")"), "\(family.prefix(400))")
    }
}
