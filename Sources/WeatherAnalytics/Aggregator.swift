import WeatherCore
import WeatherStore

/// The aggregate stage: reads records from the store, writes the derived tables.
///
/// All derived tables are rebuilt inside one transaction: a failure leaves the previous ones.
/// Steps: truth per location (`TruthSources`) → `daily_observed`; forecasts read, selected
/// (`IssueSelector`) and paired (`ForecastPairer`) → `forecast_pairs` / `excluded_pairs`, with
/// the days derived from sub-daily forecasts (`DerivedDays`) → `derived_day_forecasts`; the
/// matched sample (`MatchedSample`); scores from the final pairs (`ScoreTables`); months.
public struct Aggregator {
    public let database: Database
    public var options: AggregateOptions

    public init(database: Database, options: AggregateOptions = AggregateOptions()) {
        self.database = database
        self.options = options
    }

    /// Rebuilds the derived tables, one location at a time: only one location's observations,
    /// days and forecasts are held in memory; pairs stream to the store and the scores are sums.
    public func run() throws -> AggregateSummary {
        var summary = AggregateSummary()
        summary.issueSelection = options.issueSelection.label
        let rules = try zoneRules(&summary)
        var allDays: [DailyObserved] = []
        var tally = ExclusionTally()
        try database.transaction {
            // The derived tables are made again from the records in this transaction: zeroing
            // every freed page of the old ones (Debian builds SQLite with `secure_delete` on)
            // wrote a third of a second per 100,000 pairs, for data that is about to be rewritten.
            do {
                let secureDelete = try database.scalar("PRAGMA secure_delete")?.int ?? 1
                try database.execute("PRAGMA secure_delete=FAST")
                defer { try? database.execute("PRAGMA secure_delete=\(secureDelete)") }
                for table in DerivedSchema.tables { try database.execute("DROP TABLE IF EXISTS \(table)") }
            }
            try database.execute(DerivedSchema.sql)
            let locations = try database.rows("SELECT id FROM locations ORDER BY id").compactMap { $0.first?.string }
                .filter { options.locationShard?.contains($0) ?? true }
            // The records are read through a second connection while this one's writes run on a
            // thread of their own: on two cores, pairing no longer waits for its pairs' inserts.
            // The second connection is closed before the commit: a reader of the file as it was
            // would keep the commit's checkpoint from copying the new pages into it.
            // 512 writes may wait, not the default 64: a write is at most 32 pairs (a few MB wait in
            // all), and at 64 the pairing and the writer took turns waiting on each other (~5 % slower).
            var beside = options.writesBeside ? database.readerBeside() : nil
            let writes = WriteQueue(threaded: beside != nil, capacity: 512)
            defer { writes.stop() }
            let pairWriter = try PairWriter(database: database, thresholdMm: options.precipThresholdMm,
                                            spoolRunRecords: options.homogeneous ? 0 : options.pairSpoolRunRecords, writes: writes)
            do {
                let reader = try RecordReader(database: database, records: beside)
                let days = try ColumnInsert(database, into: DailyTables.dailyObserved, layout: DailyTables.dailyLayout)
                let derivedDays = try DerivedDayRows(database, writes: writes)
                for location in locations {
                    let rule = rules[location] ?? ZoneRule(zone: nil)
                    let step = LocationStep(location: location, rule: rule, options: options, reader: reader, writer: pairWriter,
                                            derivedDays: derivedDays)
                    allDays += try step.run(tally: &tally) { rows in try writes.run { _ = try days.insert(rows) } }
                }
                try pairWriter.finish()
                writes.stop()
            }
            beside = nil
            try tally.write(database)
            if options.homogeneous {
                let dropped = try MatchedSample.apply(database)
                summary.matchedSampleDroppedCases = dropped.cases
                if dropped.pairs > 0 { summary.excluded[.notInMatchedSample] = dropped.pairs }
            }
            let tables = ScoreTables(database: database, options: options)
            // The pairs' sums as they were written, in the order they were written (the order a
            // read of the table gives), unless the matched sample has since moved pairs out.
            let scores = options.homogeneous ? try tables.sums() : ScoreSums.pooled(pairWriter.sums)
            try tables.write(scores)
            try tables.writeByLead(scores)
            summary.scoreGroups = scores.count
            // The matched sample moves pairs out after they were counted: then read them again.
            try DetailedScores(database: database, options: options, rules: rules,
                               observed: options.homogeneous ? nil : pairWriter.observedCounts, spool: pairWriter.exactSpool).write()
            let months = RainfallMonth.from(allDays)
            try write(months)
            try writeMeta(summary)
            // An index holds each row's rowid: the same b-tree whatever order the sorter's threads merge in.
            try database.withSortThreads { try database.execute(DerivedSchema.indexes) }
            summary.months = months.count
            summary.pairs = Int(try database.scalar("SELECT COUNT(*) FROM forecast_pairs")?.int ?? 0)
        }
        for (reason, n) in tally.byReason { summary.excluded[reason, default: 0] += n }
        summary.warnings = tally.warnings(places: try placeNames())
        if let unknown = try database.scalar("SELECT COUNT(*) FROM observations WHERE role IS NULL")?.int, unknown > 0 {
            summary.warnings.append("\(unknown) observations were stored before observation roles existed and are not used as "
                                    + "truth unless named in reference: ingest them again into a new store")
        }
        summary.days = allDays.count
        summary.completeDays = allDays.filter(\.complete).count
        return summary
    }

    /// What the report shows next to the scores: the truth, the selection, the matched sample.
    private func writeMeta(_ summary: AggregateSummary) throws {
        let reference = options.reference.joined(separator: ", ")  // empty: observations whose role is observed
        for (key, value) in [("aggregate.reference", reference), ("aggregate.issue_selection", options.issueSelection.label),
                             ("aggregate.homogeneous", options.homogeneous ? "1" : "0"),
                             ("aggregate.pairing", options.pairingLabel),
                             ("aggregate.bootstrap_samples", String(options.bootstrap.samples)),
                             ("aggregate.bootstrap_block_days", String(options.bootstrap.blockLengthDays)),
                             ("aggregate.bootstrap_seed", String(options.bootstrap.seed)),
                             ("aggregate.precip_thresholds_mm", options.precipThresholdsMm.map { String($0) }.joined(separator: ",")),
                             ("aggregate.issue_alignment_hours", String(options.issueAlignmentHours)),
                             ("aggregate.p_adjustment", options.pAdjustment.rawValue),
                             ("aggregate.matched_sample_dropped_cases", String(summary.matchedSampleDroppedCases))] {
            try database.run("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", [.text(key), .text(value)])
        }
    }

    /// Each location's zone: IANA name when known, else its fixed offset, else UTC (warned).
    func zoneRules(_ summary: inout AggregateSummary) throws -> [String: ZoneRule] {
        var rules: [String: ZoneRule] = [:]
        try database.prepare("SELECT id, timezone, utc_offset_s FROM locations ORDER BY id").forEachRow(named: { r in
            let id = r.string("id") ?? ""
            let zone = r.string("timezone").flatMap { LocalTime.isKnownZone($0) ? $0 : nil }
            let offset = r.int("utc_offset_s")
            if zone == nil && offset == nil { summary.locationsWithoutZone.append(id) }
            rules[id] = ZoneRule(zone: zone, fixedOffset: Int(offset ?? 0))
        })
        return rules
    }

    func placeNames() throws -> [String: String] { try Self.placeNames(database) }

    /// Each location's name, its id when it has none.
    static func placeNames(_ database: Database) throws -> [String: String] {
        var names: [String: String] = [:]
        try database.prepare("SELECT id, COALESCE(name, id) AS name FROM locations").forEachRow(named: { r in
            names[r.string("id") ?? ""] = r.string("name")
        })
        return names
    }

    private func write(_ months: [RainfallMonth]) throws {
        _ = try ColumnInsert(database, into: DailyTables.rainfallMonthly, layout: DailyTables.monthLayout).insert(months)
    }
}
