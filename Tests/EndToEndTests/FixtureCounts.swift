import Foundation
import Testing
import TestSupport
import WeatherStore

/// What `Tests/Scripts/count_documents.py` counts in inputs, from the rules README.md and docs/
/// write down and without wxpipe: documents (accepted, rejected by reason, duplicates), records,
/// and the same per source. The end-to-end tests expect these numbers of wxpipe, so a fixture
/// added or a rule changed moves the expectation with it instead of leaving a copied number.
struct FixtureCounts {
    struct Source: Equatable, CustomStringConvertible {
        /// The path from `Fixtures/inputs/` on (stores keep the path as given), and the tar member.
        var path: String
        var member: String?
        var documents, accepted, rejected, duplicates, observations, forecasts: Int

        var description: String {
            "\(path)\(member.map { ":" + $0 } ?? ""): \(documents) = \(accepted) + \(rejected) + \(duplicates) (\(observations) obs, \(forecasts) fc)"
        }
    }

    var documents, accepted, rejected, duplicates, observations, forecasts: Int
    var rejectedByReason: [String: Int]
    var sources: [Source]

    /// The counts of `args` (`[--units U] PATH...` or `--pipeline FILE`); nil after a recorded failure.
    static func of(_ args: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> FixtureCounts? {
        guard let json = try Python.json("count_documents.py", args, sourceLocation: sourceLocation) as? [String: Any] else { return nil }
        func int(_ object: [String: Any], _ key: String) -> Int { (object[key] as? NSNumber)?.intValue ?? -1 }
        let sources = (json["sources"] as? [[String: Any]] ?? []).map { s in
            Source(path: fromInputs(s["path"] as? String ?? ""), member: s["member"] as? String,
                   documents: int(s, "documents"), accepted: int(s, "accepted"), rejected: int(s, "rejected"),
                   duplicates: int(s, "duplicates"), observations: int(s, "observations"), forecasts: int(s, "forecasts"))
        }
        return FixtureCounts(documents: int(json, "documents"), accepted: int(json, "accepted"), rejected: int(json, "rejected"),
                             duplicates: int(json, "duplicates"), observations: int(json, "observations"),
                             forecasts: int(json, "forecasts"),
                             rejectedByReason: (json["rejected_by_reason"] as? [String: NSNumber] ?? [:]).mapValues(\.intValue),
                             sources: sources)
    }

    /// The summary line `ingest` and `run` print (README, the summary of `make run`).
    var summaryLine: String {
        "documents read: \(documents) = accepted \(accepted) + rejected \(rejected) + duplicates \(duplicates)"
    }

    /// The summary's per-reason lines (`  rejected truncated_input: 2`).
    var reasonLines: [String] { rejectedByReason.sorted { $0.key < $1.key }.map { "  rejected \($0.key): \($0.value)" } }

    /// The store's `sources` rows with the records of each, in the same shape.
    static func sources(of db: Database) throws -> [Source] {
        try db.rows("""
            SELECT s.path, s.member, s.documents, s.accepted, s.rejected, s.duplicates,
                   (SELECT COUNT(*) FROM observations o WHERE o.source_id = s.id),
                   (SELECT COUNT(*) FROM forecasts f WHERE f.source_id = s.id)
            FROM sources s
            """).map { r in
            func int(_ k: Int) -> Int { Int(r[k].int ?? -1) }
            return Source(path: fromInputs(r[0].string ?? ""), member: r[1].string, documents: int(2), accepted: int(3),
                          rejected: int(4), duplicates: int(5), observations: int(6), forecasts: int(7))
        }
    }

    /// Expects the store's sources to be the counted ones, source by source.
    func expectSources(in db: Database, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let key = { (s: Source) in s.path + "|" + (s.member ?? "") }
        let stored = try Self.sources(of: db).sorted { key($0) < key($1) }
        let counted = sources.sorted { key($0) < key($1) }
        #expect(stored.count == counted.count, "\(stored.count) sources stored, \(counted.count) counted", sourceLocation: sourceLocation)
        for (s, c) in zip(stored, counted) where s != c {
            Issue.record("stored \(s)\ncounted \(c)", sourceLocation: sourceLocation)
        }
    }

    /// `…/Fixtures/inputs/standard/a.json` → `standard/a.json`: the same file however its path was given.
    static func fromInputs(_ path: String) -> String {
        guard let r = path.range(of: "Fixtures/inputs/") else { return path }
        return String(path[r.upperBound...])
    }
}

/// `Fixtures/expected/rejects.tsv`: the reject each bad input must give, written by
/// `Fixtures/generate.py` beside the bad inputs it makes (one row per rejected document).
enum ExpectedRejects {
    /// The reasons, one per row.
    static func reasons() throws -> [String] {
        let text = try String(contentsOfFile: repositoryRoot + "/Fixtures/expected/rejects.tsv", encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[2]) }
    }

    /// Reason → rows.
    static func byReason() throws -> [String: Int] {
        try reasons().reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }
}
