import Foundation
import WeatherCore
import WeatherStore

/// The pairs left in the aggregate parts by `merge-scores --statistics … --pairs-in-parts`: the
/// scores store holds a table naming, for each such table, the part of each location shard that
/// holds its rows, instead of a copy of them. Copying them was the one step proportional to the
/// pairs left serial (docs/SCALING.md); each part already holds its locations' pairs exactly as
/// one aggregate writes them, in location order, so the union of the parts ordered by location
/// (each part's rows in their own order) is the single run's table, row for row
/// (`scripts/compare-stores.py` reads them through this table).
public enum PairParts {
    /// The table of the scores store that names the parts.
    public static let table = "pair_parts"
    /// The derived tables left in the parts: the pairs, one row per forecast paired, as many as
    /// the records. The other concatenated tables are per location and day or smaller.
    public static let tables = ["forecast_pairs"]

    /// Replaces OUT's copies of `tables` (created empty by the schema) by the table naming the
    /// parts, in shard order, each by its absolute path (the parts stay where they were written).
    static func record(_ database: Database, parts: [String], shards: [Shard]) throws {
        for table in tables { try database.execute("DROP TABLE IF EXISTS main.\(Database.quoteIdentifier(table))") }
        try database.execute("""
            CREATE TABLE main.\(table) (table_name TEXT NOT NULL, shard TEXT NOT NULL, shard_index INTEGER NOT NULL, path TEXT NOT NULL,
            PRIMARY KEY (table_name, shard_index))
            """)
        let insert = try database.prepare("INSERT INTO main.\(table)(table_name, shard, shard_index, path) VALUES (?, ?, ?, ?)")
        for (shard, part) in zip(shards, parts).sorted(by: { $0.0.index < $1.0.index }) {
            for name in tables {
                try insert.run([.text(name), .text(shard.description), .integer(Int64(shard.index)), .text(absolute(part))])
            }
        }
    }

    /// `path` made absolute against the working folder, as `pair_parts` records it.
    public static func absolute(_ path: String) -> String {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path)
        return url.standardizedFileURL.path
    }
}
