#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WeatherCore
import WeatherIngest
import WeatherStore

/// Combines record stores written by shard ingests (`wxpipe ingest --shard K/N`) into one, with
/// the rows a single ingest of all the inputs would have written (docs/SCALING.md, "Merging").
///
/// Each store is attached (`ATTACH DATABASE ?`) and copied with `INSERT … SELECT` inside one
/// transaction, so a kill leaves the output as it was before that store; `merged_stores`
/// remembers each store's identity, so merging it again changes nothing.
public final class StoreMerger {
    public let store: Store
    var database: Database { store.database }

    public struct Counts: Sendable, Equatable {
        public var sources = 0, sourcesSkipped = 0, observations = 0, forecasts = 0, rejects = 0, warnings = 0, locations = 0
        public init() {}
    }

    public enum Outcome: Sendable, Equatable {
        case merged(Counts)
        /// A store with this identity was merged before: nothing was written.
        case alreadyMerged
    }

    public init(out path: String) throws {
        store = try Store(path: path)
        try database.execute("""
            CREATE TABLE IF NOT EXISTS merged_source_ranks (source_id INTEGER PRIMARY KEY, rank TEXT NOT NULL);
            CREATE TABLE IF NOT EXISTS merged_stores (
                identity TEXT PRIMARY KEY,
                path TEXT NOT NULL,
                sources INTEGER NOT NULL,
                merged_at_utc TEXT NOT NULL
            );
            """)
    }

    /// Merges one store; on any error the output is left as it was before this store.
    public func merge(_ path: String) throws -> Outcome {
        guard access(path, R_OK) == 0 else { throw MergeError("\(path): no such store (or not readable)") }
        if let a = realpath(path, nil), let b = realpath(database.path, nil) {
            defer { free(a); free(b) }
            if String(cString: a) == String(cString: b) { throw MergeError("\(path) is the output store itself") }
        }
        let shard = try OlderShard(path, besides: database.path)
        defer { shard.remove() }
        try database.attachReadOnly(shard.path, as: "shard")
        defer { try? database.execute("DETACH DATABASE shard") }
        guard try database.scalar("SELECT COUNT(*) FROM shard.sqlite_master WHERE type = 'table' AND name = 'sources'")?.int == 1 else {
            throw MergeError("\(path) is not a wxpipe store (it has no sources table)")
        }
        let identity = try storeIdentity()
        if try database.scalar("SELECT COUNT(*) FROM merged_stores WHERE identity = ?", [.text(identity)])?.int ?? 0 > 0 {
            return .alreadyMerged
        }
        return try database.inTransaction {
            try prepareScratch()
            try IngestOrder.rankShardSources(database)
            var counts = Counts()
            counts.locations = try LocationMerge(store: store).merge()
            let records = RecordMerge(database)
            try records.mapKeys()
            (counts.sources, counts.sourcesSkipped) = try copySources()
            counts.observations = try records.upsertRecords(.observations)
            counts.forecasts = try records.upsertRecords(.forecasts)
            counts.rejects = try copyBySource("rejects")
            counts.warnings = try copyBySource("warnings")
            try records.recountSources()
            Self.faultKill()
            try database.run("INSERT INTO merged_stores(identity, path, sources, merged_at_utc) VALUES (?, ?, ?, ?)",
                             [.text(identity), .text(path), .integer(Int64(counts.sources)), .text(UTCTime.iso8601(Int64(time(nil))))])
            return .merged(counts)
        }
    }

    /// Fault injection for tests: `WXPIPE_FAULT_KILL_IN_MERGE=N` kills the process (SIGKILL) with
    /// the (N+1)th store's rows written but not committed, as a node lost mid-merge.
    private static nonisolated(unsafe) var storesBeforeKill = getenv("WXPIPE_FAULT_KILL_IN_MERGE").flatMap { Int(String(cString: $0)) }
    static func faultKill() {
        guard let left = storesBeforeKill else { return }
        if left == 0 { raise(SIGKILL) }
        storesBeforeKill = left - 1
    }

    /// What a store holds, as a hash of its complete sources (path, member, input hash, content
    /// hash, counts): the same inputs ingested the same way give the same identity wherever the
    /// file lies, and a store that later ingested more gets a new one.
    func storeIdentity() throws -> String { try Self.identity(database, schema: "shard") }

    /// The identity of the store attached to `database` as `schema` (a fixed name, never input).
    static func identity(_ database: Database, schema: String) throws -> String {
        var hash = ContentHash()
        try database.prepare("""
            SELECT path, IFNULL(member, ''), IFNULL(input_hash, ''), IFNULL(content_hash, ''), documents, accepted, rejected,
                   duplicates, records FROM \(schema).sources WHERE status = 'complete' ORDER BY id
            """).forEachRow { row in
            var text = row.map { $0.string ?? $0.int.map(String.init) ?? "" }.joined(separator: "\u{1}") + "\n"
            text.withUTF8 { hash.update(UnsafeRawBufferPointer($0)) }
        }
        return hash.finalize()
    }

    /// Temp tables for one store's merge: id maps and the rows a store displaced.
    func prepareScratch() throws {
        try database.execute("""
            CREATE TEMP TABLE IF NOT EXISTS location_final (store INTEGER NOT NULL, shard_id TEXT NOT NULL, merged_id TEXT NOT NULL,
                PRIMARY KEY (store, shard_id));
            CREATE TEMP TABLE IF NOT EXISTS source_map (shard_id INTEGER PRIMARY KEY, merged_id INTEGER NOT NULL);
            CREATE TEMP TABLE IF NOT EXISTS location_map (shard_id TEXT PRIMARY KEY, merged_id TEXT NOT NULL);
            CREATE TEMP TABLE IF NOT EXISTS incoming (source_id INTEGER PRIMARY KEY, doc_lines INTEGER NOT NULL);
            CREATE TEMP TABLE IF NOT EXISTS displaced (source_id INTEGER NOT NULL, line INTEGER);
            DELETE FROM temp.source_map; DELETE FROM temp.location_map; DELETE FROM temp.incoming; DELETE FROM temp.displaced;
            """)
        try RecordMerge(database).createDisplacedTriggers()
    }

    /// The store's complete sources, under new ids (after the output's highest); a source
    /// already in the output (same path, member and input hash, complete) is skipped with its
    /// rows. Returns (copied, skipped).
    private func copySources() throws -> (Int, Int) {
        let offset = try database.scalar("SELECT IFNULL(MAX(id), 0) FROM main.sources")?.int ?? 0
        try database.run("""
            INSERT INTO temp.source_map(shard_id, merged_id)
            SELECT s.id, s.id + ? FROM shard.sources s
            WHERE s.status = 'complete' AND NOT EXISTS (
                SELECT 1 FROM main.sources m WHERE m.status = 'complete' AND m.path = s.path
                AND m.member IS s.member AND m.input_hash IS s.input_hash)
            """, [.integer(offset)])
        let copied = database.changes
        let all = try database.scalar("SELECT COUNT(*) FROM shard.sources WHERE status = 'complete'")?.int ?? 0
        let columns = try RecordMerge(database).sharedColumns("sources").filter { $0 != "id" }
        let list = columns.map(Database.quoteIdentifier).joined(separator: ", ")
        try database.execute("""
            INSERT INTO main.sources(id, \(list))
            SELECT m.merged_id, \(columns.map { "s." + Database.quoteIdentifier($0) }.joined(separator: ", "))
            FROM shard.sources s JOIN temp.source_map m ON m.shard_id = s.id ORDER BY s.id
            """)
        try database.execute("""
            INSERT INTO main.merged_source_ranks(source_id, rank)
            SELECT m.merged_id, r.rank FROM temp.source_map m JOIN temp.shard_source_rank r ON r.shard_id = m.shard_id
            """)
        // Documents with records in the shard, to find the ones that lose every record here.
        try database.execute("""
            INSERT INTO temp.incoming(source_id, doc_lines)
            SELECT m.merged_id, \(RecordMerge.documentLines(schema: "shard", source: "m.shard_id")) FROM temp.source_map m
            """)
        return (copied, Int(all) - copied)
    }
}

public struct MergeError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
