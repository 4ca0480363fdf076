/// The orders `DetailedScores`' passes read the pairs in, over `PairSpool`'s records: each the
/// `ORDER BY` (and `WHERE`) its SQL read of `forecast_pairs` spells, on numbers — texts by
/// their rank in SQLite's `BINARY` order, NULL first, and `rowid` last as the write order.
enum PairOrder {
    /// `ScoredPairs.forEachSlice`: source, variable, lead, location, target, issue.
    case slices
    /// `ComparisonCases.forEachGroup`: variable and lead (days before hour bins), then write order.
    case comparisons
    /// `ConsistencyTables`: source, location, variable, kind, target date, valid instant.
    case consistency

    /// Each text table's ranks, and which periods are days and which sub-daily.
    struct Ranks {
        let source: [Int32], variable: [Int32], location: [Int32], bin: [Int32]
        let dayPeriod: [Bool], subDailyPeriod: [Bool]

        init(_ spool: PairSpool) {
            source = spool.sources.ranks { a, b in
                if a.provider != b.provider { return a.provider.sqliteBefore(b.provider) }
                if a.product != b.product { return a.product.sqliteBefore(b.product) }
                if a.model != b.model { return a.model.sqliteBefore(b.model) }
                return a.derivedFrom.sqliteBefore(b.derivedFrom)
            }
            variable = spool.variables.ranks { $0.sqliteBefore($1) }
            location = spool.locations.ranks { $0.sqliteBefore($1) }
            bin = spool.bins.ranks { $0.sqliteBefore($1) }
            dayPeriod = spool.periods.values.map { $0 == "day" }
            subDailyPeriod = spool.periods.values.map { $0 == "hour" || $0 == "3h" }
        }

        /// NULL (-1) first.
        func binRank(_ r: PairRecord) -> Int32 { r.leadBin < 0 ? -1 : bin[Int(r.leadBin)] }

        /// The `WHERE` of the comparison and consistency reads: a day pair with its target date
        /// and lead, or a sub-daily one with its instant and lead bin.
        func hasCase(_ r: PairRecord) -> Bool {
            (dayPeriod[Int(r.period)] && r.leadDays != PairRecord.null32 && r.targetDay != PairRecord.null32)
                || (subDailyPeriod[Int(r.period)] && r.leadBin >= 0 && r.validAt != PairRecord.null64)
        }
    }

    func include(_ k: Ranks) -> (PairRecord) -> Bool {
        switch self {
        case .slices: return { _ in true }
        case .comparisons, .consistency: return k.hasCase
        }
    }

    func less(_ k: Ranks) -> (PairRecord, PairRecord) -> Bool {
        switch self {
        case .slices:
            // … variable, lead_days, lead_hours_bin, location_id, COALESCE(target_date, valid_at_utc), issued_at_utc, rowid:
            // a date sorts before every instant of its day (`2024-05-01` < `2024-05-01T00:00:00Z`).
            return { a, b in
                if a.source != b.source { return k.source[Int(a.source)] < k.source[Int(b.source)] }
                if a.variable != b.variable { return k.variable[Int(a.variable)] < k.variable[Int(b.variable)] }
                if a.leadDays != b.leadDays { return a.leadDays < b.leadDays }
                if a.leadBin != b.leadBin { return k.binRank(a) < k.binRank(b) }
                if a.location != b.location { return k.location[Int(a.location)] < k.location[Int(b.location)] }
                let ta = Self.time(a), tb = Self.time(b)
                if ta != tb { return ta < tb }
                if a.issuedAt != b.issuedAt { return a.issuedAt < b.issuedAt }
                return a.sequence < b.sequence
            }
        case .comparisons:
            // variable, lead_days IS NULL, lead_days, lead_hours_bin, rowid.
            return { a, b in
                if a.variable != b.variable { return k.variable[Int(a.variable)] < k.variable[Int(b.variable)] }
                let na = a.leadDays == PairRecord.null32, nb = b.leadDays == PairRecord.null32
                if na != nb { return !na }
                if a.leadDays != b.leadDays { return a.leadDays < b.leadDays }
                if a.leadBin != b.leadBin { return k.binRank(a) < k.binRank(b) }
                return a.sequence < b.sequence
            }
        case .consistency:
            // provider, product, model, derived_from, location_id, variable, kind, date, valid_at, rowid.
            return { a, b in
                if a.source != b.source { return k.source[Int(a.source)] < k.source[Int(b.source)] }
                if a.location != b.location { return k.location[Int(a.location)] < k.location[Int(b.location)] }
                if a.variable != b.variable { return k.variable[Int(a.variable)] < k.variable[Int(b.variable)] }
                let ca = Self.consistencyTarget(a), cb = Self.consistencyTarget(b)
                if ca != cb { return ca < cb }
                return a.sequence < b.sequence
            }
        }
    }

    /// `COALESCE(target_date, valid_at_utc)` as a pair of numbers that sort as its text does.
    static func time(_ r: PairRecord) -> (day: Int32, instant: Int64) {
        if r.targetDay != PairRecord.null32 { return (r.targetDay, PairRecord.null64) }
        if r.validAt != PairRecord.null64 { return (r.validDay, r.validAt) }
        return (PairRecord.null32, PairRecord.null64)
    }

    /// The consistency read's `kind` (`day` < `hour`), `date` and `valid_at` ('' for a day target).
    static func consistencyTarget(_ r: PairRecord) -> (kind: Int32, date: Int32, instant: Int64) {
        if r.leadDays != PairRecord.null32 { return (0, r.targetDay, PairRecord.null64) }
        return (1, r.validDay, r.validAt)
    }
}
