import WeatherStore

/// The order one ingest reads its inputs in, which decides which of two equal records is kept
/// (the first read): the roots in the order given, and under each root the walker's sorted
/// order. A shard store remembers its roots (`meta` key `ingest.roots`), so that a merge can
/// rank every source as the single ingest would have read it: `rank` is the root's index, then
/// the path with `/` ranked below every other byte (component-wise order).
enum IngestOrder {
    static let rootsKey = "ingest.roots"

    /// Written by a sharded ingest: the roots, one per line, in the order given.
    static func record(roots: [String], in store: Store) throws {
        try store.database.run("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)",
                               [.text(rootsKey), .text(roots.joined(separator: "\n"))])
    }

    /// Fills `temp.shard_source_rank` with the rank of each source of the attached shard.
    static func rankShardSources(_ database: Database) throws {
        try database.execute("""
            CREATE TEMP TABLE IF NOT EXISTS roots (idx INTEGER PRIMARY KEY, root TEXT NOT NULL);
            CREATE TEMP TABLE IF NOT EXISTS shard_source_rank (shard_id INTEGER PRIMARY KEY, rank TEXT NOT NULL);
            DELETE FROM temp.roots; DELETE FROM temp.shard_source_rank;
            """)
        let text = try database.scalar("SELECT value FROM shard.meta WHERE key = ?", [.text(rootsKey)])?.string ?? ""
        let insert = try database.prepare("INSERT INTO temp.roots(idx, root) VALUES (?, ?)")
        for (k, root) in text.split(separator: "\n").enumerated() {
            var r = String(root)
            while r.count > 1 && r.hasSuffix("/") { r.removeLast() }
            try insert.run([.integer(Int64(k)), .text(r)])
        }
        try database.execute("""
            INSERT INTO temp.shard_source_rank(shard_id, rank)
            SELECT s.id, printf('%06d', IFNULL((SELECT MIN(idx) FROM temp.roots WHERE s.path = root
                                                 OR substr(s.path, 1, length(root) + 1) = root || '/'), 0))
                         || char(2) || replace(s.path, '/', char(1))
            FROM shard.sources s
            """)
    }
}

extension IngestRunner {
    /// Remembers the roots of a sharded run (see `IngestOrder`); nothing for a whole ingest.
    func recordShardRoots(_ inputs: [IngestInput]) throws {
        guard inputs.contains(where: { $0.shard != nil }) else { return }
        try IngestOrder.record(roots: inputs.map(\.path), in: store)
    }
}
