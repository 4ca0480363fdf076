import Foundation
import Testing
import TestSupport
import WeatherStore

/// Table-by-table comparison of two stores, as `scripts/compare-stores.py` does: row ids and
/// ingest times left out, a row's source named by its path and member, rows as a sorted list.
enum StoreComparison {
    static let recordTables = ["sources", "locations", "observations", "forecasts", "rejects", "warnings"]
    static let ignored: Set<String> = ["id", "ingested_at_utc", "forecast_id", "observation_id"]

    static func rows(_ db: Database, _ table: String) throws -> [[SQLValue]] {
        let columns = try db.rows("SELECT name FROM pragma_table_info(?) ORDER BY cid", [.text(table)]).compactMap { $0.first?.string }
        let kept = columns.filter { !ignored.contains($0) || (table == "locations" && $0 == "id") }
        let select = kept.map { $0 == "source_id" ? "s.path || '|' || IFNULL(s.member, '')" : "t.\(Database.quoteIdentifier($0))" }
        let join = columns.contains("source_id") ? " JOIN sources s ON s.id = t.source_id" : ""
        return try db.rows("SELECT \(select.joined(separator: ", ")) FROM \(Database.quoteIdentifier(table)) t\(join)")
            .sorted { render($0, digits: 9) < render($1, digits: 9) }
    }

    static func render(_ row: [SQLValue], digits: Int = 17) -> String {
        row.map { v -> String in
            switch v {
            case .real(let d): return String(format: "%.\(digits)g", d)
            case .integer(let i): return String(i)
            case .text(let s): return "'" + s
            case .null: return "NULL"
            default: return "\(v)"
            }
        }.joined(separator: "\u{1}")
    }

    /// Tables that differ, each with its first difference; reals equal to `relative`.
    static func differences(_ a: Database, _ b: Database, tables: [String], relative: Double = 0) throws -> [String] {
        var out: [String] = []
        for table in tables {
            let ra = try rows(a, table), rb = try rows(b, table)
            guard ra.count == rb.count else { out.append("\(table): \(ra.count) rows vs \(rb.count)"); continue }
            if let k = ra.indices.first(where: { !same(ra[$0], rb[$0], relative) }) {
                out.append("\(table): \(render(ra[k])) vs \(render(rb[k]))")
            }
        }
        return out
    }

    static func same(_ x: [SQLValue], _ y: [SQLValue], _ relative: Double) -> Bool {
        guard x.count == y.count else { return false }
        for (p, q) in zip(x, y) {
            if case .real(let u) = p, case .real(let v) = q {
                if abs(u - v) > relative * max(abs(u), abs(v)) + (relative > 0 ? 1e-12 : 0) { return false }
            } else if p != q {
                return false
            }
        }
        return true
    }
}

/// The generated multi-city archive (`scripts/make-city-archive.py`) in `folder`/data.
func makeCityArchive(in folder: String, cities: Int = 9, days: Int = 4) throws -> String {
    // A missing python3 or a crash of the script is recorded as a failure by Python.run.
    try Python.run(repositoryRoot + "/scripts/make-city-archive.py", [folder, "--cities", String(cities), "--days", String(days)])
    return folder + "/data"
}
