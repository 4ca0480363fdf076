import Foundation
import Testing
import TestSupport
import WeatherStore

/// Table-by-table comparison of two stores, as `scripts/compare-stores.py` does: row ids and
/// ingest times left out, a row's source named by its path and member, rows as a sorted list.
enum StoreComparison {
    /// Tables not compared directly, each with its reason (`EXCLUDED` of scripts/compare-stores.py).
    static let excluded: [String: String] = [
        "observation_rows": "compared through the view observations (its feed_key/location_key are store-local numbers)",
        "forecast_rows": "compared through the view forecasts (its feed_key/location_key are store-local numbers)",
        "feeds": "store-local numbers for (provider, product, model) text: compared through the record views",
        "location_keys": "store-local numbers for location ids: compared through the record views",
        // `wxpipe merge`'s own bookkeeping: only a merged store has it, a store ingested whole never does.
        "merged_stores": "wxpipe merge's record of the shard stores merged so far",
        "merged_source_ranks": "wxpipe merge's ingest order of each merged source",
        "merged_location_ranks": "wxpipe merge's rank of each location's first record",
    ]
    static let ignored: Set<String> = ["id", "ingested_at_utc", "forecast_id", "observation_id"]

    /// The tables to compare, read from the stores themselves: every table of either store and the
    /// record views `observations` and `forecasts` (the rows with their text back), less `excluded`.
    /// A table added to the schema, or a new derived table, is compared without a change here.
    static func tables(_ stores: Database...) throws -> [String] {
        var names: Set<String> = []
        for db in stores {
            let found = try db.rows("""
                SELECT name FROM sqlite_master WHERE (type = 'table' OR (type = 'view' AND name IN ('observations', 'forecasts')))
                AND name NOT LIKE 'sqlite_%'
                """).compactMap { $0.first?.string }
            names.formUnion(found)
        }
        return names.subtracting(excluded.keys).sorted()
    }

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

    /// Tables that differ, each with its first difference; reals equal to `relative`. Without
    /// `tables`, every table of either store (`tables(a, b)`); one missing from a store is a difference.
    static func differences(_ a: Database, _ b: Database, tables: [String]? = nil, relative: Double = 0) throws -> [String] {
        var out: [String] = []
        for table in try tables ?? Self.tables(a, b) {
            let inA = try exists(a, table), inB = try exists(b, table)
            guard inA && inB else { out.append("\(table): only in the \(inA ? "first" : "second") store"); continue }
            let ra = try rows(a, table), rb = try rows(b, table)
            guard ra.count == rb.count else { out.append("\(table): \(ra.count) rows vs \(rb.count)"); continue }
            if let k = ra.indices.first(where: { !same(ra[$0], rb[$0], relative) }) {
                out.append("\(table): \(render(ra[k])) vs \(render(rb[k]))")
            }
        }
        return out
    }

    /// Count columns of `sources` that add over the location parts of a merge (docs/SCALING.md).
    static let sourceShares: Set<String> = ["documents", "accepted", "rejected", "duplicates", "records"]

    /// `a` against the union of `parts` (the location parts of `merge --shard` and the scores
    /// store of `merge-scores`): each table's rows are the parts' rows together, the `sources`
    /// rows of one file added up, `meta` a set (each part has the store's own keys), and the
    /// merge's `merge.*` keys left out.
    /// A scores store of `merge-scores --rows-in-parts` has no copy of the pairs: its `part_tables`
    /// names the files that hold them (the aggregate parts; the statistics files for
    /// `forecast_consistency`), and their rows are read from there, as
    /// `scripts/compare-stores.py` reads them.
    static func differences(_ a: Database, union parts: [Database], relative: Double = 0) throws -> [String] {
        var out: [String] = []
        var referenced: [String: [Database]] = [:]
        for db in parts where try exists(db, "part_tables") {
            for r in try db.rows("SELECT table_name, path FROM part_tables ORDER BY table_name, shard_index") {
                referenced[r[0].string ?? "", default: []].append(try Database(path: r[1].string ?? "", readOnly: true))
            }
        }
        for table in try Self.tables(a) {
            let holders = try parts.filter { try exists($0, table) } + (referenced[table] ?? [])
            guard try exists(a, table), !holders.isEmpty else { out.append("\(table): only in the first store"); continue }
            let ra = try rows(a, table)
            var rb = try holders.flatMap { try rows($0, table) }
            if table == "sources" { rb = try addShares(rb, columns: keptColumns(holders[0], table)) }
            if table == "meta" {
                rb = Array(Set(rb.map { render($0) })).sorted().compactMap { r in rb.first { render($0) == r } }
                    .filter { !($0.first?.string ?? "").hasPrefix("merge.") }
            }
            rb.sort { render($0, digits: 9) < render($1, digits: 9) }
            guard ra.count == rb.count else { out.append("\(table): \(ra.count) rows vs \(rb.count)"); continue }
            if let k = ra.indices.first(where: { !same(ra[$0], rb[$0], relative) }) {
                out.append("\(table): \(render(ra[k])) vs \(render(rb[k]))")
            }
        }
        for db in parts {
            for table in try Self.tables(db) where try !exists(a, table) && table != "part_locations" && table != "part_tables" { out.append("\(table): only in a part") }
        }
        return Array(Set(out)).sorted()
    }

    static func keptColumns(_ db: Database, _ table: String) throws -> [String] {
        let columns = try db.rows("SELECT name FROM pragma_table_info(?) ORDER BY cid", [.text(table)]).compactMap { $0.first?.string }
        return columns.filter { !ignored.contains($0) || (table == "locations" && $0 == "id") }
    }

    /// The rows of one source (equal in every column but the shares) as one, the shares added.
    static func addShares(_ rows: [[SQLValue]], columns: [String]) throws -> [[SQLValue]] {
        let shares = columns.indices.filter { sourceShares.contains(columns[$0]) }
        var merged: [String: [SQLValue]] = [:]
        var order: [String] = []
        for row in rows {
            let key = render(row.indices.filter { !shares.contains($0) }.map { row[$0] })
            guard var m = merged[key] else { merged[key] = row; order.append(key); continue }
            for i in shares { m[i] = .integer((m[i].int ?? 0) + (row[i].int ?? 0)) }
            merged[key] = m
        }
        return order.map { merged[$0]! }
    }

    static func exists(_ db: Database, _ table: String) throws -> Bool {
        try db.scalar("SELECT COUNT(*) FROM sqlite_master WHERE name = ?", [.text(table)])?.int == 1
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
