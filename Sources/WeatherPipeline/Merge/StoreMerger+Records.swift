import WeatherStore

extension StoreMerger {
    /// The shard's feeds and location keys under the output's keys: feeds new to the output are
    /// added (in the shard's order), locations were merged before (`LocationMerge`, whose trigger
    /// gave each new one its key).
    func mapKeys() throws {
        try database.execute("""
            CREATE TEMP TABLE IF NOT EXISTS feed_map (shard_key INTEGER PRIMARY KEY, merged_key INTEGER NOT NULL);
            CREATE TEMP TABLE IF NOT EXISTS location_key_map (shard_key INTEGER PRIMARY KEY, merged_key INTEGER NOT NULL);
            DELETE FROM temp.feed_map; DELETE FROM temp.location_key_map;
            INSERT OR IGNORE INTO main.feeds(provider, product, model, period, station_id)
                SELECT provider, product, model, period, station_id FROM shard.feeds ORDER BY key;
            INSERT INTO temp.feed_map SELECT s.key, m.key FROM shard.feeds s JOIN main.feeds m
                ON m.provider = s.provider AND m.product = s.product AND m.model = s.model AND m.period = s.period
                AND m.station_id = s.station_id;
            INSERT INTO temp.location_key_map SELECT sk.key, mk.key FROM shard.location_keys sk
                JOIN temp.location_map lm ON lm.shard_id = sk.location_id JOIN main.location_keys mk ON mk.location_id = lm.merged_id;
            """)
    }

    /// Observation or forecast rows (`table`: `observation_rows` or `forecast_rows`), under the
    /// table's UNIQUE key. When the key is already in the output, the row from the input a
    /// single ingest would have read first wins (`IngestOrder`). Rows of one store go in their id order.
    func upsertRecords(_ table: String) throws -> Int {
        let columns = try sharedColumns(table).filter { $0 != "id" }
        let quoted = columns.map(Database.quoteIdentifier)
        let t = Database.quoteIdentifier(table)
        // A source not written by a merge was in the output first: it ranks first.
        func rank(_ sourceID: String) -> String {
            "IFNULL((SELECT rank FROM main.merged_source_ranks WHERE source_id = \(sourceID)), '')"
        }
        let before = try database.scalar("SELECT COUNT(*) FROM main.\(t)")?.int ?? 0
        try database.execute("""
            INSERT INTO main.\(t)(\(quoted.joined(separator: ", ")))
            SELECT \(selectList(columns)) FROM shard.\(t) r
            JOIN temp.source_map sm ON sm.shard_id = r.source_id
            JOIN temp.location_key_map lk ON lk.shard_key = r.location_key
            JOIN temp.feed_map fm ON fm.shard_key = r.feed_key
            WHERE true ORDER BY r.id
            ON CONFLICT DO UPDATE SET \(quoted.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
            WHERE \(rank("excluded.source_id")) < \(rank("\(t).source_id"))
            """)
        return Int((try database.scalar("SELECT COUNT(*) FROM main.\(t)")?.int ?? 0) - before)
    }

    /// Rejects and warnings: rows of a source, copied with it.
    func copyBySource(_ table: String) throws -> Int {
        let columns = try sharedColumns(table).filter { $0 != "id" }
        let t = Database.quoteIdentifier(table)
        let select = columns.map { $0 == "source_id" ? "sm.merged_id" : "r." + Database.quoteIdentifier($0) }.joined(separator: ", ")
        try database.execute("""
            INSERT INTO main.\(t)(\(columns.map(Database.quoteIdentifier).joined(separator: ", ")))
            SELECT \(select) FROM shard.\(t) r JOIN temp.source_map sm ON sm.shard_id = r.source_id ORDER BY r.id
            """)
        return database.changes
    }

    /// Brings the counts of `sources` to what one ingest would have counted: a document whose
    /// records all belong to an earlier input is a duplicate, not accepted, and `records` counts
    /// the rows a source holds. Done for the sources copied now and for earlier ones whose rows
    /// an earlier-ranked input displaced (a document is its `line` within its source).
    func recountSources() throws {
        func linesNow(_ id: String) -> String { StoreMerger.documentLines(schema: "main", source: id) }
        func rowsNow(_ id: String) -> String {
            "(SELECT COUNT(*) FROM main.observation_rows WHERE source_id = \(id)) + (SELECT COUNT(*) FROM main.forecast_rows WHERE source_id = \(id))"
        }
        try database.execute("""
            CREATE TEMP TABLE IF NOT EXISTS recount (source_id INTEGER PRIMARY KEY, lost INTEGER NOT NULL);
            DELETE FROM temp.recount;
            INSERT INTO temp.recount SELECT i.source_id, i.doc_lines - \(linesNow("i.source_id")) FROM temp.incoming i;
            INSERT INTO temp.recount
            SELECT d.source_id, COUNT(DISTINCT IFNULL(d.line, -1)) FROM temp.displaced d
            WHERE d.source_id NOT IN (SELECT source_id FROM temp.incoming)
              AND NOT EXISTS (SELECT 1 FROM main.observation_rows o WHERE o.source_id = d.source_id AND o.line IS d.line)
              AND NOT EXISTS (SELECT 1 FROM main.forecast_rows f WHERE f.source_id = d.source_id AND f.line IS d.line)
            GROUP BY d.source_id;
            INSERT OR IGNORE INTO temp.recount SELECT DISTINCT source_id, 0 FROM temp.displaced;
            UPDATE main.sources SET
                accepted = accepted - (SELECT lost FROM temp.recount r WHERE r.source_id = sources.id),
                duplicates = duplicates + (SELECT lost FROM temp.recount r WHERE r.source_id = sources.id),
                records = \(rowsNow("sources.id"))
            WHERE id IN (SELECT source_id FROM temp.recount);
            """)
    }

    /// SQL for the number of documents (distinct lines) of a source that hold records in
    /// `schema`'s observation or forecast rows. `source` is a column reference of the outer query.
    static func documentLines(schema: String, source: String) -> String {
        """
        ((SELECT COUNT(DISTINCT IFNULL(o.line, -1)) FROM \(schema).observation_rows o WHERE o.source_id = \(source))
         + (SELECT COUNT(DISTINCT IFNULL(f.line, -1)) FROM \(schema).forecast_rows f WHERE f.source_id = \(source)
            AND NOT EXISTS (SELECT 1 FROM \(schema).observation_rows o2 WHERE o2.source_id = \(source) AND o2.line IS f.line)))
        """
    }
}
