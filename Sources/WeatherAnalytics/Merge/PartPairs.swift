import WeatherCore
import WeatherStore

/// The pairs of a statistics task's groups, read from the aggregate parts straight into a spool,
/// in the order one `merge-scores` concatenates them: by location (SQLite's text order), then
/// part, then row. Copying them into a table of the task's own file first, sorting them there
/// and reading them back was most of the work of the task of the largest group.
///
/// That order is each record's `sequence`, a number built from the location's rank, the part and
/// the row id, so records may come part after part, in any order within a part. When it cannot
/// be built (more locations × parts or larger row ids than its bits hold, a location no part
/// lists) or a pair is not one a spool holds exactly, `spool` is nil and the task copies the
/// pairs through a table as before.
final class PartPairs {
    private let records: PairSpool
    private let rank: [String: Int64]
    private let parts: Int64
    /// `ObservedCounts.read` of the pairs read, as the per-lead pass needs it.
    private(set) var observed: [ScoreKey: [Double: Int]] = [:]
    private(set) var count = 0
    private var usable: Bool

    /// Row ids below 2⁴⁰ and location ranks × parts below 2²³ fit an `Int64` sequence.
    static let rowBits: Int64 = 40, placeLimit: Int64 = 1 << 23

    /// `locations`: every location of every part (`part_locations`).
    init(locations: Set<String>, parts: Int, runRecords: Int) throws {
        records = try PairSpool()
        records.runRecords = runRecords
        var rank: [String: Int64] = [:]
        for (i, id) in locations.sorted(by: { $0.sqliteBefore($1) }).enumerated() { rank[id] = Int64(i) }
        self.rank = rank
        self.parts = Int64(max(parts, 1))
        usable = Int64(locations.count) * self.parts < Self.placeLimit
    }

    /// The spool of every pair read, ready for the passes; nil when it does not hold them exactly.
    func spool() throws -> PairSpool? {
        guard usable, records.exact else { return nil }
        try records.finishWriting(readers: 1)
        return records
    }

    /// Appends the pairs of the attached `part` (the `k`th given) that `filter` selects.
    func read(_ database: Database, part k: Int, where filter: String, _ bindings: [SQLValue]) throws {
        guard usable else { return }
        var last = PairTexts()
        try database.prepare("SELECT rowid AS _rid, \(PairSpool.pairColumns) FROM part.forecast_pairs \(filter)")
            .forEachRow(bindings, named: { r in
                guard usable, records.exact else { return }
                guard let pair = PairSpool.pair(r, &last), last.location != nil, let place = rank[pair.locationID],
                      let rid = r.int("_rid"), rid >= 0, rid < 1 << Self.rowBits else {
                    usable = false
                    return
                }
                let bin = last.bin
                try records.append(pair, leadHoursBin: bin, sequence: (place * parts + Int64(k)) << Self.rowBits | rid)
                ObservedCounts.count(provider: pair.provider, product: pair.product, model: pair.model, derivedFrom: pair.derivedFrom,
                                     variable: pair.variable, leadDays: pair.leadDays, leadHoursBin: bin, observed: pair.observed,
                                     into: &observed)
                count += 1
            })
    }
}
