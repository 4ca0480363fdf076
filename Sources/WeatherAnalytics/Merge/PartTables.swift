import Foundation
import WeatherCore
import WeatherStore

/// The per-location tables left in the aggregate parts by `merge-scores --statistics …
/// --rows-in-parts`: the scores store holds a table naming, for each such table, the part of each
/// location shard that holds its rows, instead of a copy of them. Copying them (the pairs above
/// all, as many as the records) was the one step proportional to the data left serial
/// (docs/SCALING.md); each part already holds its locations' rows exactly as one aggregate
/// writes them, in location order, so the union of the parts ordered by location (each part's
/// rows in their own order) is the single run's table, row for row (`scripts/compare-stores.py`
/// reads them through this table). What the scores store keeps is what pools across locations:
/// `forecast_scores` (the per-location rows too, a few per location), `scores_by_lead` and the
/// statistics of `ScoreSchema`, but `forecast_consistency`.
///
/// `forecast_consistency` (a row per location, source, variable and target: half as many as the
/// pairs) is left in the statistics files of `merge-scores --shard J/S` instead: each of its
/// source × variable groups was computed by one task, which wrote the group's rows in the order
/// one aggregate writes them, so `part_tables` names the S files for it (`shard` J/S) and the
/// union of the files ordered by `ScoreStatisticsMerge`'s key for the table (each file's rows in
/// their own order within a group) is the single run's table.
public enum PartTables {
    /// The table of the scores store that names the parts.
    public static let table = "part_tables"
    /// The derived tables left in the parts: every table `merge-scores` concatenates by location,
    /// but `forecast_scores`.
    public static let tables = DerivedSchema.tables.filter { !ScoreMerge.rebuilt.contains($0) && $0 != ScoreMerge.scores }
    /// The statistics tables left in the statistics files.
    public static let statisticsTables = [ScoreSchema.forecastConsistency.name]

    /// Replaces OUT's copies of `tables` and `statisticsTables` (created empty by the schema) by the
    /// table naming the files that hold them, in shard order, each by its absolute path (the files
    /// stay where they were written).
    static func record(_ database: Database, parts: [String], shards: [Shard], statistics: [String], statisticsShards: [Shard]) throws {
        for table in tables + statisticsTables { try database.execute("DROP TABLE IF EXISTS main.\(Database.quoteIdentifier(table))") }
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
        for (shard, file) in zip(statisticsShards, statistics).sorted(by: { $0.0.index < $1.0.index }) {
            for name in statisticsTables {
                try insert.run([.text(name), .text(shard.description), .integer(Int64(shard.index)), .text(absolute(file))])
            }
        }
    }

    /// The ORDER BY that puts the union of a table's files in the single run's order, given each
    /// file's row as `shard_index` and `rowid` (columns named `file` and `row` here): a location is
    /// in one part, and a group of `forecast_consistency` in one statistics file.
    public static func unionOrder(_ table: String) -> String {
        (ScoreStatisticsMerge.orders[table] ?? "location_id") + ", file, row"
    }

    /// `path` made absolute against the working folder, as `part_tables` records it.
    public static func absolute(_ path: String) -> String {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path)
        return url.standardizedFileURL.path
    }
}
