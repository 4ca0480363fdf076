/// The row tables' side of `wxpipe merge`: the SQL that writes `observation_rows`,
/// `forecast_rows`, `feeds` and `location_keys` from a shard attached as `shard`, kept here
/// beside the tables' declaration so that no other module names them.
///
/// The merger (WeatherPipeline's `StoreMerger`) fills the temp tables these statements read:
/// `temp.source_map` (shard source id → output id), `temp.location_map` (shard location id →
/// output id), `temp.incoming` (the documents each copied source brings), `temp.displaced`
/// (rows an earlier-ranked input replaced, by the triggers of `createDisplacedTriggers`) and
/// `main.merged_source_ranks` (each merged source's `IngestOrder` rank).
public struct RecordMerge {
    public let database: Database

    public init(_ database: Database) { self.database = database }

    /// The row tables a merge writes, observations first.
    public enum Records: String, Sendable, CaseIterable {
        case observations = "observation_rows"
        case forecasts = "forecast_rows"
    }

    /// Triggers that remember the (source, line) of every row a merge overwrites.
    public func createDisplacedTriggers() throws(StoreError) {
        try database.execute("""
            CREATE TEMP TRIGGER IF NOT EXISTS displaced_observation AFTER UPDATE ON main.observation_rows
                BEGIN INSERT INTO displaced VALUES (old.source_id, old.line); END;
            CREATE TEMP TRIGGER IF NOT EXISTS displaced_forecast AFTER UPDATE ON main.forecast_rows
                BEGIN INSERT INTO displaced VALUES (old.source_id, old.line); END;
            """)
    }

    /// The shard's feeds and location keys under the output's keys: feeds new to the output are
    /// added (in the shard's order), locations were merged before (`LocationMerge`, whose trigger
    /// gave each new one its key).
    public func mapKeys() throws(StoreError) {
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

    /// Observation or forecast rows, under the
    /// table's UNIQUE key. When the key is already in the output, the row from the input a
    /// single ingest would have read first wins (`IngestOrder`). Rows of one store go in their id order.
    ///
    /// `byLocation` (a location-sharded merge, whose `temp.location_key_map` holds a few of the
    /// shard's locations) reads the shard's rows through its UNIQUE key's index, location by
    /// location, so that a task reads its own share of the rows rather than all of them.
    public func upsertRecords(_ records: Records, byLocation: Bool = false) throws(StoreError) -> Int {
        let table = records.rawValue
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
            SELECT \(selectList(columns)) FROM
            \(byLocation ? "temp.location_key_map lk CROSS JOIN shard.\(t) r ON r.location_key = lk.shard_key"
                         : "shard.\(t) r JOIN temp.location_key_map lk ON lk.shard_key = r.location_key")
            JOIN temp.source_map sm ON sm.shard_id = r.source_id
            JOIN temp.feed_map fm ON fm.shard_key = r.feed_key
            WHERE true ORDER BY r.id
            ON CONFLICT DO UPDATE SET \(quoted.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
            WHERE \(rank("excluded.source_id")) < \(rank("\(t).source_id"))
            """)
        return Int((try database.scalar("SELECT COUNT(*) FROM main.\(t)")?.int ?? 0) - before)
    }

    /// Brings the counts of `sources` to what one ingest would have counted: a document whose
    /// records all belong to an earlier input is a duplicate, not accepted, and `records` counts
    /// the rows a source holds. Done for the sources copied now and for earlier ones whose rows
    /// an earlier-ranked input displaced (a document is its `line` within its source).
    public func recountSources() throws(StoreError) {
        func linesNow(_ id: String) -> String { RecordMerge.documentLines(schema: "main", source: id) }
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
    public static func documentLines(schema: String, source: String) -> String {
        """
        ((SELECT COUNT(DISTINCT IFNULL(o.line, -1)) FROM \(schema).observation_rows o WHERE o.source_id = \(source))
         + (SELECT COUNT(DISTINCT IFNULL(f.line, -1)) FROM \(schema).forecast_rows f WHERE f.source_id = \(source)
            AND NOT EXISTS (SELECT 1 FROM \(schema).observation_rows o2 WHERE o2.source_id = \(source) AND o2.line IS f.line)))
        """
    }

    /// Moves the records of output location `old` to location `new` and drops `old`'s key.
    public func moveRecords(from old: String, to new: String) throws(StoreError) {
        let key = "(SELECT key FROM main.location_keys WHERE location_id = ?)"
        for table in Records.allCases.map(\.rawValue) {
            try database.run("UPDATE main.\(table) SET location_key = \(key) WHERE location_key = \(key)", [.text(new), .text(old)])
        }
        try database.run("DELETE FROM main.location_keys WHERE location_id = ?", [.text(old)])
    }

    /// Columns of `table` present in both the output and the shard (an older shard may lack
    /// columns added since; they take their defaults). Names come from the schema, never input.
    public func sharedColumns(_ table: String) throws(StoreError) -> [String] {
        let main = try database.rows("SELECT name FROM pragma_table_info(?, 'main') ORDER BY cid", [.text(table)]).compactMap { $0.first?.string }
        let shard = Set(try database.rows("SELECT name FROM pragma_table_info(?, 'shard')", [.text(table)]).compactMap { $0.first?.string })
        return main.filter { shard.contains($0) }
    }

    /// The SELECT list that copies a shard row with its source id and location and feed keys mapped.
    func selectList(_ columns: [String]) -> String {
        columns.map { c -> String in
            switch c {
            case "source_id": return "sm.merged_id"
            case "location_key": return "lk.merged_key"
            case "feed_key": return "fm.merged_key"
            default: return "r." + Database.quoteIdentifier(c)
            }
        }.joined(separator: ", ")
    }
}
