import WeatherCore
import WeatherStore

/// Inserts pairs with prepared statements of `rowsPerStatement` rows, in the order they are
/// made: scored ones into `forecast_pairs`, the others into `excluded_pairs` with their reason. The scored pairs are
/// summed here too, per group and in the order they are written, so that the scores come from
/// the pairs as made rather than from the table read back.
final class PairWriter {
    let scored: ColumnInsert<StoredPair>
    let excluded: ColumnInsert<StoredPair>
    let thresholdMm: Double
    /// Per-location sums of the scored pairs written so far, but for the group being added to.
    private var finished: [ScoreKey: ScoreSums] = [:]
    /// The group of the last scored pair and its sums: pairs come in runs of one group (one
    /// forecast's hours share a lead bin), so a run is summed without hashing its key per pair.
    private var currentKey: ScoreKey?
    private var current = ScoreSums()
    /// Per streamed pooled group (`PooledGroupStream.streams`), how many scored pairs have each
    /// observed value: what `ObservedCounts.read` counts from the table, counted here as the pairs
    /// are written instead of by another read of every pair. Counts, so the order is free.
    private var observed: [ScoreKey: [Double: Int]] = [:]
    /// The observed values of the current run, when its group streams.
    private var currentObserved: [Double: Int]?

    /// Per-location sums of the scored pairs written so far (once `finish` has returned).
    var sums: [ScoreKey: ScoreSums] {
        var all = finished
        if let currentKey { all[currentKey] = current }
        return all
    }

    /// `ObservedCounts.read` of the pairs written so far (once `finish` has returned).
    var observedCounts: [ScoreKey: [Double: Int]] {
        var all = observed
        if let currentKey, let currentObserved { Self.add(currentObserved, to: &all, for: currentKey) }
        return all
    }

    private static func add(_ counts: [Double: Int], to all: inout [ScoreKey: [Double: Int]], for key: ScoreKey) {
        var pooled = key
        pooled.locationID = ScoreKey.pooled
        all[pooled, default: [:]].merge(counts, uniquingKeysWith: +)
    }

    /// The scored pairs as numbers, for the passes of `DetailedScores`; nil when none is kept
    /// (the matched sample moves pairs out after they are written) or its file could not be
    /// written. Appended to by the queued writes (`writes`), read once they are done (`finish`).
    private var spool: PairSpool?

    /// The spool, when it holds every scored pair exactly as the table does.
    var exactSpool: PairSpool? { spool.flatMap { $0.exact ? $0 : nil } }

    /// Where the inserts and the spool's appends run (on the aggregate's writer thread, or inline).
    let writes: WriteQueue

    /// `spoolRunRecords`: the spool's run size (`AggregateOptions.pairSpoolRunRecords`); 0: no spool.
    init(database: Database, thresholdMm: Double, spoolRunRecords: Int = 0, writes: WriteQueue = WriteQueue(threaded: false)) throws {
        self.writes = writes
        scored = try ColumnInsert(database, into: VerificationTables.forecastPairs, layout: VerificationTables.pairLayout,
                                  rowsPerStatement: Self.rowsPerStatement)
        excluded = try ColumnInsert(database, into: VerificationTables.excludedPairs, layout: VerificationTables.excludedPairLayout,
                                    rowsPerStatement: Self.rowsPerStatement)
        pendingScored.reserveCapacity(Self.rowsPerStatement)
        self.thresholdMm = thresholdMm
        if spoolRunRecords > 0 {
            spool = try? PairSpool()
            spool?.runRecords = spoolRunRecords
        }
    }

    /// Rows of one INSERT: a statement per pair cost about a tenth of the every-issue aggregate's
    /// pairing phase (its start, end and bookkeeping in SQLite) against one per 32 pairs.
    static let rowsPerStatement = 32
    /// Pairs not yet inserted, in the order written (`finish` inserts the rest).
    private var pendingScored: [StoredPair] = []
    private var pendingExcluded: [StoredPair] = []

    /// Inserts the pairs still pending and waits for the writes queued: the tables (and the
    /// spool) hold every pair written.
    func finish() throws {
        try flushScored()
        try flushExcluded()
        try writes.drain()
    }

    /// Queues the insert of the pending scored pairs, their appends to the spool and their sums:
    /// the spool and the sums are the writer's until `finish` (on two cores the pairs' sums are
    /// worked out beside the pairing, in the order the pairs were written).
    private func flushScored() throws {
        guard !pendingScored.isEmpty else { return }
        let batch = pendingScored
        pendingScored.removeAll(keepingCapacity: true)
        try writes.run { [self] in
            _ = try scored.insert(batch)
            if let spool {
                // A spool that cannot be written is dropped: the passes then read the table.
                do {
                    for stored in batch { try spool.append(stored.pair, leadHoursBin: stored.leadHoursBin) }
                } catch {
                    self.spool = nil
                }
            }
            for stored in batch { add(stored) }
        }
    }

    /// Adds a scored pair to its group's sums (and its observed value to the group's counts).
    private func add(_ stored: StoredPair) {
        let key = stored.scoreKey
        if key != currentKey {
            if let currentKey {
                finished[currentKey] = current
                if let currentObserved { Self.add(currentObserved, to: &observed, for: currentKey) }
            }
            current = finished[key] ?? ScoreSums()
            currentKey = key
            currentObserved = PooledGroupStream.streams(key) ? [:] : nil
        }
        current.add(stored.pair, thresholdMm: thresholdMm)
        currentObserved?[stored.pair.observed, default: 0] += 1
    }

    private func flushExcluded() throws {
        guard !pendingExcluded.isEmpty else { return }
        let batch = pendingExcluded
        pendingExcluded.removeAll(keepingCapacity: true)
        try writes.run { [excluded] in _ = try excluded.insert(batch) }
    }

    func write(_ p: ForecastPair, excludedBecause reason: Exclusion? = nil) throws {
        let stored = StoredPair(p, reason: reason)
        if reason != nil {
            pendingExcluded.append(stored)
            if pendingExcluded.count == Self.rowsPerStatement { try flushExcluded() }
        } else {
            pendingScored.append(stored)
            if pendingScored.count == Self.rowsPerStatement { try flushScored() }
        }
    }
}

/// The matched sample (`homogeneous`): a case is (variable, location, target date or valid
/// hour, lead); the compared sources of a variable are all sources with pairs of it, anywhere,
/// each named by `SourceIdentity` (days derived from a product's hourly forecasts are a source
/// of their own beside its daily product).
/// A case is kept only when every compared source has it, so pooled scores compare providers on
/// the same sample. Dropped pairs move to `excluded_pairs` (`not_in_matched_sample`).
enum MatchedSample {
    static let droppedRowIDs = """
      WITH keyed AS (
        SELECT rowid AS rid, variable, location_id,
               COALESCE(target_date, substr(valid_at_utc, 1, 13)) AS target,
               COALESCE(CAST(lead_days AS TEXT), lead_hours_bin) AS lead,
               \(SourceIdentity.sql()) AS source
        FROM forecast_pairs),
      per_case AS (SELECT variable, location_id, target, lead, COUNT(DISTINCT source) AS n FROM keyed GROUP BY 1, 2, 3, 4),
      per_variable AS (SELECT variable, COUNT(DISTINCT source) AS n FROM keyed GROUP BY 1)
      SELECT k.rid FROM keyed k
      JOIN per_case c USING (variable, location_id, target, lead)
      JOIN per_variable v USING (variable)
      WHERE c.n < v.n
    """

    /// Moves the pairs outside the matched sample; returns (cases, pairs) dropped.
    static func apply(_ database: Database) throws -> (cases: Int, pairs: Int) {
        try database.execute("CREATE TEMP TABLE dropped AS \(droppedRowIDs)")
        defer { try? database.execute("DROP TABLE temp.dropped") }
        let cases = try database.scalar("""
            SELECT COUNT(*) FROM (SELECT DISTINCT variable, location_id, COALESCE(target_date, substr(valid_at_utc, 1, 13)),
                   COALESCE(CAST(lead_days AS TEXT), lead_hours_bin) FROM forecast_pairs WHERE rowid IN (SELECT rid FROM temp.dropped))
            """)?.int ?? 0
        let columns = VerificationTables.forecastPairs.insertColumns.joined(separator: ", ")
        try database.execute("""
            INSERT INTO excluded_pairs(\(columns), reason) SELECT \(columns), '\(Exclusion.notInMatchedSample.rawValue)' FROM forecast_pairs
            WHERE rowid IN (SELECT rid FROM temp.dropped)
            """)
        let pairs = try database.scalar("SELECT COUNT(*) FROM temp.dropped")?.int ?? 0
        try database.execute("DELETE FROM forecast_pairs WHERE rowid IN (SELECT rid FROM temp.dropped)")
        try database.execute("""
            INSERT INTO verification_exclusions
            SELECT location_id, provider, product, model, derived_from, reason, COUNT(*), 'pairs' FROM excluded_pairs
            WHERE reason = '\(Exclusion.notInMatchedSample.rawValue)' GROUP BY 1, 2, 3, 4, 5, 6
            """)
        return (Int(cases), Int(pairs))
    }
}

/// Counts what is left out, per location, source and reason, and words the warnings a user must
/// see (a day window that is not the local day names the product, the place and the offset).
struct ExclusionTally {
    struct Key: Hashable, Comparable {
        var location: String, provider: String, product: String, model: String
        /// '' for a provider's own forecasts; `hour` or `3h` for days derived from them.
        var derivedFrom: String = ""
        var reason: Exclusion
        static func < (a: Key, b: Key) -> Bool {
            (a.location, a.provider, a.product, a.model, a.derivedFrom, a.reason)
                < (b.location, b.provider, b.product, b.model, b.derivedFrom, b.reason)
        }
    }
    /// Forecasts (or, for partial hindcasts, pairs) per key.
    var counts: [Key: Int] = [:]
    /// Day-window offsets seen per key (hours the window starts after local midnight).
    var offsets: [Key: Set<Double>] = [:]
    /// The location's UTC offset (hours) at the first such window.
    var zoneOffsets: [Key: Double] = [:]

    mutating func add(_ reason: Exclusion, location: String, provider: String, product: String, model: String?,
                      derivedFrom: String? = nil, count: Int = 1, offsetHours: Double? = nil, zoneOffsetHours: Double? = nil) {
        let key = Key(location: location, provider: provider, product: product, model: model ?? "", derivedFrom: derivedFrom ?? "",
                      reason: reason)
        counts[key, default: 0] += count
        if let offsetHours { offsets[key, default: []].insert(offsetHours) }
        if let zoneOffsetHours, zoneOffsets[key] == nil { zoneOffsets[key] = zoneOffsetHours }
    }

    /// Totals per reason.
    var byReason: [Exclusion: Int] {
        var out: [Exclusion: Int] = [:]
        for (k, n) in counts { out[k.reason, default: 0] += n }
        return out
    }

    func detail(_ key: Key) -> String {
        switch key.reason {
        case .partialHindcast: return "pairs (in excluded_pairs)"
        case .notInMatchedSample: return "pairs"
        case .dayWindow:
            return "forecasts; window starts "
                + (offsets[key] ?? []).sorted().map { Convert.round($0, 2).compactText }.joined(separator: ", ") + " h after local midnight"
        default: return "forecasts"
        }
    }

    /// The day-window warnings: one per source and location.
    func warnings(places: [String: String]) -> [String] {
        counts.keys.filter { $0.reason == .dayWindow }.sorted().map { k in
            let name = places[k.location] ?? k.location
            let off = zoneOffsets[k] ?? 0
            let zone = "UTC" + (off >= 0 ? "+" : "") + Convert.round(off, 2).compactText
            let starts = (offsets[k] ?? []).sorted()
            let utcDays = starts.count == 1 && abs(starts[0] - off) < 0.01
            let what = utcDays ? "daily windows are UTC days" : "daily windows start "
                + starts.map { Convert.round($0, 2).compactText }.joined(separator: ", ") + " h from local midnight"
            let source = Feed(provider: k.provider, product: k.product, model: k.model.isEmpty ? nil : k.model).name
            // UTC days are a request without the place's zone (Open-Meteo's &timezone=); a day that
            // starts at a fixed hour (Tomorrow.io 06:00, AccuWeather 07:00) is the provider's own
            // window, which pairing by window verifies as it is.
            let fix = utcDays ? "set &timezone= when fetching, or day_window_tolerance_hours"
                : "verify them over their own window (pairing: \(k.provider)=window), or day_window_tolerance_hours"
            return "\(source) \(what) but \(name) is \(zone): \(counts[k] ?? 0) day forecasts left out; " + fix
        }
    }

    func write(_ database: Database) throws {
        let rows = counts.keys.sorted().map { VerificationTables.ExclusionRow(key: $0, count: counts[$0] ?? 0, detail: detail($0)) }
        _ = try ColumnInsert(database, into: VerificationTables.verificationExclusions, layout: VerificationTables.exclusionLayout)
            .insert(rows)
    }
}

extension Double {
    /// `10`, `-6.5`: whole numbers without a decimal point.
    var compactText: String { self == rounded() ? String(Int(self)) : String(self) }
}
