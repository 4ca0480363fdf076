#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WeatherCore
import WeatherIngest
import WeatherStore

/// `wxpipe merge --shard K/M --db OUT STORE…`: the part of a merge that holds the locations
/// whose id hashes to K of M (the hash `aggregate --shard` uses), so that M tasks write M
/// stores at once and no task writes every record (docs/SCALING.md, "Merge by location").
///
/// Every task first resolves the locations of all the stores exactly as the whole merge does
/// (`LocationMerge`, store after store in the order given, reading only `locations` and each
/// location's first record), so all tasks agree on every location's final id without talking
/// to each other; then it copies, store after store, only the records of its own locations, with
/// the whole merge's duplicate rule (`merged_source_ranks`). Two equal records have the same
/// location, so every duplicate is decided inside one part, exactly as in the whole merge.
///
/// A source is in every part that holds one of its records (a record-less one in the part its
/// path hashes to). One of them is its home, the part of its first record's location: the home
/// row has the source's counts, its rejects and its warnings; another part's row has `records`
/// and the documents it found duplicated there (`accepted` −n, `duplicates` +n), the rest 0. The
/// rows of a source added over the parts are the row one ingest writes (a document whose records
/// name several places in different parts is the limit: docs/SCALING.md).
///
/// The part is written as OUT.partial and renamed to OUT when complete: a killed task leaves OUT
/// as it was (missing, or complete), and running it again rebuilds the part from the start.
public struct LocationShardMerger {
    public let out: String
    public let shard: Shard

    public enum Outcome: Sendable, Equatable {
        case merged(StoreMerger.Counts)
        /// OUT is this part of these very stores already.
        case alreadyMerged
    }

    public init(out: String, shard: Shard) {
        self.out = out
        self.shard = shard
    }

    static let shardKey = "merge.location_shard", inputsKey = "merge.inputs"

    public func merge(_ stores: [String]) throws -> Outcome {
        guard !stores.isEmpty else { throw MergeError("no store given") }
        for path in stores {
            guard access(path, R_OK) == 0 else { throw MergeError("\(path): no such store (or not readable)") }
            if let a = realpath(path, nil), let b = realpath(out, nil) {
                defer { free(a); free(b) }
                if String(cString: a) == String(cString: b) { throw MergeError("\(path) is the output store itself") }
            }
        }
        let identities = try stores.map(identity)
        let inputs = Self.inputsIdentity(identities)
        if access(out, R_OK) == 0, try isComplete(inputs: inputs) { return .alreadyMerged }
        let partial = out + ".partial"
        Self.remove(partial)
        let counts: StoreMerger.Counts
        do {
            counts = try write(stores, identities: identities, into: partial, inputs: inputs)
        } catch {
            Self.remove(partial)
            throw error
        }
        Self.remove(out)
        guard rename(partial, out) == 0 else { throw MergeError("\(out): cannot rename \(partial) to it: \(String(cString: strerror(errno)))") }
        return .merged(counts)
    }

    /// A store's identity (`StoreMerger.storeIdentity`), computed once per task: it hashes every
    /// source of the store, and the location pass and `merged_stores` need it again.
    private func identity(_ path: String) throws -> String {
        let shardStore = try OlderShard(path, besides: out)
        defer { shardStore.remove() }
        let database = try Database(path: shardStore.path, readOnly: true)
        guard try database.scalar("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'sources'")?.int == 1 else {
            throw MergeError("\(path) is not a wxpipe store (it has no sources table)")
        }
        return try StoreMerger.identity(database, schema: "main")
    }

    /// The stores' identities in the order given (the order decides between equal records).
    private static func inputsIdentity(_ identities: [String]) -> String {
        var hash = ContentHash()
        for identity in identities {
            var text = identity + "\n"
            text.withUTF8 { hash.update(UnsafeRawBufferPointer($0)) }
        }
        return hash.finalize()
    }

    private func isComplete(inputs: String) throws -> Bool {
        guard let database = try? Database(path: out, readOnly: true) else { return false }
        let meta = try? database.rows("SELECT key, value FROM meta WHERE key IN (?, ?)", [.text(Self.shardKey), .text(Self.inputsKey)])
        let values = Dictionary((meta ?? []).compactMap { r in r[0].string.map { ($0, r[1].string ?? "") } }, uniquingKeysWith: { a, _ in a })
        return values[Self.shardKey] == shard.description && values[Self.inputsKey] == inputs
    }

    private func checkIsStore(_ database: Database, _ path: String) throws {
        guard try database.scalar("SELECT COUNT(*) FROM shard.sqlite_master WHERE type = 'table' AND name = 'sources'")?.int == 1 else {
            throw MergeError("\(path) is not a wxpipe store (it has no sources table)")
        }
    }

    private func write(_ stores: [String], identities: [String], into path: String, inputs: String) throws -> StoreMerger.Counts {
        let merger = try StoreMerger(out: path)
        let database = merger.database
        let shards = try stores.map { try OlderShard($0, besides: out) }
        defer { for s in shards { s.remove() } }
        var counts = StoreMerger.Counts()
        // The file is OUT.partial until complete, so each store goes in a transaction of its own
        // (SQLite attaches and detaches only outside one).
        // Every location of every store, resolved as the whole merge resolves them.
        for (k, shardStore) in shards.enumerated() {
            try withShard(shardStore.path, given: stores[k], merger) {
                _ = try LocationMerge(store: merger.store, shardIdentity: identities[k]).merge()
                try database.run("INSERT INTO temp.location_final(store, shard_id, merged_id) SELECT ?, shard_id, merged_id FROM temp.location_map",
                                 [.integer(Int64(k))])
            }
        }
        try database.inTransaction { try keepOwnLocations(database) }
        counts.locations = Int(try database.scalar("SELECT COUNT(*) FROM main.locations")?.int ?? 0)
        // Then the records of this part's locations, store after store.
        for (k, shardStore) in shards.enumerated() {
            try withShard(shardStore.path, given: stores[k], merger) {
                try database.run("INSERT INTO temp.location_map(shard_id, merged_id) SELECT shard_id, merged_id FROM temp.location_final WHERE store = ?",
                                 [.integer(Int64(k))])
                let records = RecordMerge(database)
                try records.mapKeys()
                let (copied, skipped) = try copySources(database)
                counts.sources += copied
                counts.sourcesSkipped += skipped
                counts.observations += try records.upsertRecords(.observations, byLocation: true)
                counts.forecasts += try records.upsertRecords(.forecasts, byLocation: true)
                counts.rejects += try merger.copyBySource("rejects", homeOnly: true)
                counts.warnings += try merger.copyBySource("warnings", homeOnly: true)
                try records.recountSources()
                try database.run("INSERT OR IGNORE INTO merged_stores(identity, path, sources, merged_at_utc) VALUES (?, ?, ?, ?)",
                                 [.text(identities[k]), .text(stores[k]), .integer(Int64(copied)),
                                  .text(UTCTime.iso8601(Int64(time(nil))))])
            }
            StoreMerger.faultKill()
        }
        try database.run("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?), (?, ?)",
                         [.text(Self.shardKey), .text(shard.description), .text(Self.inputsKey), .text(inputs)])
        return counts
    }

    /// Runs `body` with the store attached as `shard`, in a transaction of its own, the merge's
    /// scratch tables prepared and the store's sources ranked: what both passes (the locations of
    /// every store, then the records of this part's locations) need of each store.
    private func withShard(_ file: String, given: String, _ merger: StoreMerger, _ body: () throws -> Void) throws {
        let database = merger.database
        try database.attachReadOnly(file, as: "shard")
        defer { try? database.execute("DETACH DATABASE shard") }
        try checkIsStore(database, given)
        try database.inTransaction {
            try merger.prepareScratch()
            try IngestOrder.rankShardSources(database)
            try body()
        }
    }

    /// Drops the locations of the other parts (resolved only to agree on the ids) and their maps.
    private func keepOwnLocations(_ database: Database) throws {
        let others = try database.rows("SELECT id FROM main.locations ORDER BY id").compactMap { $0.first?.string }.filter { !shard.contains($0) }
        for id in others {
            try database.run("DELETE FROM main.location_keys WHERE location_id = ?", [.text(id)])
            try database.run("DELETE FROM main.merged_location_ranks WHERE location_id = ?", [.text(id)])
            try database.run("DELETE FROM main.locations WHERE id = ?", [.text(id)])
            try database.run("DELETE FROM temp.location_final WHERE merged_id = ?", [.text(id)])
        }
    }

    /// The store's complete sources this part holds (`temp.part_sources`), under new ids (after
    /// the output's highest), a source already in the output skipped with its rows as the whole
    /// merge skips it. Returns (copied, skipped).
    private func copySources(_ database: Database) throws -> (Int, Int) {
        // `temp.location_key_map` holds this part's locations only: a join with it keeps their records.
        func withRecordsHere(_ table: String) -> String {
            "SELECT DISTINCT r.source_id FROM temp.location_key_map lk CROSS JOIN shard.\(table) r ON r.location_key = lk.shard_key"
        }
        func firstKey(_ table: String) -> String {
            "(SELECT location_key FROM shard.\(table) r WHERE r.source_id = s.id ORDER BY r.line, r.id LIMIT 1)"
        }
        try database.execute("""
            CREATE TEMP TABLE IF NOT EXISTS part_sources (shard_id INTEGER PRIMARY KEY, home INTEGER NOT NULL);
            DELETE FROM temp.part_sources;
            INSERT OR IGNORE INTO temp.part_sources(shard_id, home)
            SELECT s.id, COALESCE(\(firstKey("observation_rows")), \(firstKey("forecast_rows"))) IN (SELECT shard_key FROM temp.location_key_map)
            FROM shard.sources s WHERE s.status = 'complete' AND s.id IN (\(withRecordsHere("observation_rows")) UNION \(withRecordsHere("forecast_rows")));
            """)
        // A source without records belongs to the part its path (and member) hashes to.
        let insert = try database.prepare("INSERT OR IGNORE INTO temp.part_sources(shard_id, home) VALUES (?, 1)")
        for r in try database.rows("""
            SELECT s.id, s.path, IFNULL(s.member, '') FROM shard.sources s WHERE s.status = 'complete'
            AND NOT EXISTS (SELECT 1 FROM shard.observation_rows o WHERE o.source_id = s.id)
            AND NOT EXISTS (SELECT 1 FROM shard.forecast_rows f WHERE f.source_id = s.id)
            """) where shard.contains((r[1].string ?? "") + "|" + (r[2].string ?? "")) {
            try insert.run([r[0]])
        }
        let offset = try database.scalar("SELECT IFNULL(MAX(id), 0) FROM main.sources")?.int ?? 0
        try database.run("""
            INSERT INTO temp.source_map(shard_id, merged_id)
            SELECT s.id, s.id + ? FROM shard.sources s JOIN temp.part_sources p ON p.shard_id = s.id
            WHERE NOT EXISTS (
                SELECT 1 FROM main.sources m WHERE m.status = 'complete' AND m.path = s.path
                AND m.member IS s.member AND m.input_hash IS s.input_hash)
            """, [.integer(offset)])
        let copied = database.changes
        let all = try database.scalar("SELECT COUNT(*) FROM temp.part_sources")?.int ?? 0
        let counted: Set<String> = ["documents", "accepted", "rejected", "duplicates"]
        let columns = try RecordMerge(database).sharedColumns("sources").filter { $0 != "id" }
        let list = columns.map(Database.quoteIdentifier).joined(separator: ", ")
        let select = columns.map { c in
            counted.contains(c) ? "CASE WHEN p.home = 1 THEN s.\(Database.quoteIdentifier(c)) ELSE 0 END" : "s." + Database.quoteIdentifier(c)
        }.joined(separator: ", ")
        try database.execute("""
            INSERT INTO main.sources(id, \(list))
            SELECT m.merged_id, \(select)
            FROM shard.sources s JOIN temp.source_map m ON m.shard_id = s.id JOIN temp.part_sources p ON p.shard_id = s.id ORDER BY s.id
            """)
        try database.execute("""
            INSERT INTO main.merged_source_ranks(source_id, rank)
            SELECT m.merged_id, r.rank FROM temp.source_map m JOIN temp.shard_source_rank r ON r.shard_id = m.shard_id
            """)
        // The documents each copied source brings here (its lines with records of this part's locations).
        func lines(_ table: String, _ extra: String = "") -> String {
            """
            SELECT DISTINCT IFNULL(r.line, -1) AS line FROM shard.\(table) r JOIN temp.location_key_map lk ON lk.shard_key = r.location_key
            WHERE r.source_id = m.shard_id \(extra)
            """
        }
        try database.execute("""
            INSERT INTO temp.incoming(source_id, doc_lines)
            SELECT m.merged_id, (SELECT COUNT(*) FROM (\(lines("observation_rows")) UNION \(lines("forecast_rows"))))
            FROM temp.source_map m
            """)
        return (copied, Int(all) - copied)
    }

    private static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }
}
