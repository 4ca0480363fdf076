import WeatherCore
import WeatherStore

/// The cases comparisons and rankings are made on, read once from the final `forecast_pairs`.
///
/// A day case is (location, variable, lead in days, target date); an hourly case is (location,
/// variable, lead-hours bin, valid instant) of the `hour` and `3h` pairs. Each source's losses on
/// a case are averaged over its pairs there (several issues when `issue_selection` is `all`), and
/// so is its issue time, so two sources' issues can be compared case by case.
struct ComparisonCases {
    struct Case: Hashable {
        var location: String
        /// The target date of a day case, the valid instant of an hourly one (sorts in time order).
        var time: String
        /// The date a test's series is indexed by: the target date, or the valid instant's UTC date.
        var date: String
    }

    /// A case and what each source has there, made once per group and only read after: a class,
    /// so that the many lists of a group's cases (each pair of sources', each location's, each
    /// ranking round's) hold one reference per case rather than copies of its texts and losses.
    final class Entry {
        let key: Case
        let losses: CaseLosses
        var location: String { key.location }
        var date: String { key.date }

        init(key: Case, losses: CaseLosses) {
            self.key = key
            self.losses = losses
        }
    }

    /// One source's pairs on one case.
    struct Loss {
        var n = 0.0, abs = 0.0, sq = 0.0, issuedAt = 0.0
        var meanAbs: Double { abs / n }
        var meanSquared: Double { sq / n }
        var meanIssuedAt: Double { issuedAt / n }

        mutating func add(error e: Double, issuedAt issued: Double) {
            n += 1; abs += Swift.abs(e); sq += e * e; issuedAt += issued
        }
    }

    /// Each source's pairs on one case, by the source's number in its group (`Group.names`): the
    /// tests look a case's few sources up many times over (every pair of sources, every ranking
    /// round), which by name hashed the name each time.
    struct CaseLosses {
        private var slots: [Loss?] = []

        subscript(source: Int) -> Loss? { source < slots.count ? slots[source] : nil }

        mutating func add(_ source: Int, error e: Double, issuedAt issued: Double) {
            if source >= slots.count { slots += Array(repeating: nil, count: source + 1 - slots.count) }
            if slots[source] == nil { slots[source] = Loss() }
            slots[source]!.add(error: e, issuedAt: issued)
        }
    }

    /// The pairs of one variable and lead: every case and what each source has there.
    struct Group {
        var variable: String
        var lead: ScoreLead
        /// Each case once, in the order first seen, with its sources' losses beside it.
        private var keys: [Case] = []
        private var losses: [CaseLosses] = []
        /// Where each case is in `keys`, by its texts (pairs read from a table) or by the spool's
        /// numbers for them (hashing three numbers per pair, not three texts).
        private var slotOfCase: [Case: Int] = [:]
        private var slotOfNumbers: [CaseNumbers: Int] = [:]
        /// The group's sources by number, in the order first seen, and each name's number.
        private(set) var names: [String] = []
        private var number: [String: Int] = [:]

        init(variable: String, lead: ScoreLead) {
            self.variable = variable
            self.lead = lead
        }

        /// The number of a source's name, given one when first seen.
        mutating func source(_ name: String) -> Int {
            if let k = number[name] { return k }
            names.append(name)
            number[name] = names.count - 1
            return names.count - 1
        }

        /// Adds one pair's loss on a case given by its texts.
        mutating func add(_ key: Case, source: Int, error e: Double, issuedAt issued: Double) {
            let slot: Int
            if let known = slotOfCase[key] {
                slot = known
            } else {
                slot = newSlot(key)
                slotOfCase[key] = slot
            }
            losses[slot].add(source, error: e, issuedAt: issued)
        }

        /// Adds one pair's loss on a case given by the spool's numbers; `key` makes its texts,
        /// asked only when the case is new.
        mutating func add(_ numbers: CaseNumbers, _ key: () -> Case, source: Int, error e: Double, issuedAt issued: Double) {
            let slot: Int
            if let known = slotOfNumbers[numbers] {
                slot = known
            } else {
                slot = newSlot(key())
                slotOfNumbers[numbers] = slot
            }
            losses[slot].add(source, error: e, issuedAt: issued)
        }

        private mutating func newSlot(_ key: Case) -> Int {
            keys.append(key)
            losses.append(CaseLosses())
            return keys.count - 1
        }

        /// The number of a source of the group.
        func index(of name: String) -> Int? { number[name] }

        /// The cases in order, once the group is complete (`seal`).
        private var sealed: [Entry]?

        /// Cases in location and time order, not a Dictionary's (which changes from process to
        /// process), each with its sources' losses: the tests read them case by case, many times
        /// over (every pair of sources, every ranking round), without looking the case up again.
        var orderedCases: [Entry] { sealed ?? order() }

        /// Sorts the complete group's cases once: its comparisons and its rankings both read them,
        /// and the sort (texts compared) was a tenth of a statistics task when each made its own.
        mutating func seal() { sealed = order() }

        private func order() -> [Entry] {
            zip(keys, losses).map { Entry(key: $0, losses: $1) }
                .sorted { ($0.key.location, $0.key.time) < ($1.key.location, $1.key.time) }
        }
        var sources: [String] { names.sorted() }
    }

    /// A case as the spool numbers it: its location's index, its time (the target day of a day
    /// case, the valid instant of an hourly one) and the day of its date.
    struct CaseNumbers: Hashable {
        var location: Int32, time: Int64, date: Int32
    }

    struct GroupKey: Hashable, Comparable {
        var variable: String, lead: ScoreLead
        /// Variables by name, day leads before hour bins, each in lead order.
        static func < (a: GroupKey, b: GroupKey) -> Bool {
            (a.variable, a.lead.kind, a.lead.rank) < (b.variable, b.lead.kind, b.lead.rank)
        }
    }

    var groups: [GroupKey: Group] = [:]

    /// The cases of the pairs that pass `filter`, every group at once.
    static func load(_ database: Database, filter: ComparisonFilter) throws -> ComparisonCases {
        var out = ComparisonCases()
        try forEachGroup(database, filter: filter) { out.groups[GroupKey(variable: $0.variable, lead: $0.lead)] = $0 }
        return out
    }

    /// The cases of the pairs that pass `filter`'s variable, lead and location, one group
    /// (variable × lead) at a time — in the store's order of groups, not `GroupKey`'s: callers
    /// that write in `GroupKey` order sort what they made. Only one group's cases are held, and
    /// each source's losses on a case are summed in the order the pairs were written, as before.
    /// With `spool` (and no filter: the aggregate's every comparison) the pairs are its records, in the same order.
    static func forEachGroup(_ database: Database, filter: ComparisonFilter, spool: PairSpool? = nil,
                             _ body: (Group) throws -> Void) throws {
        var current: Group?
        func finish() throws {
            guard var group = current else { return }
            group.seal()
            try body(group)
        }
        func begin(_ variable: String, _ lead: ScoreLead) throws {
            if current.map({ $0.variable != variable || $0.lead != lead }) ?? true {
                try finish()
                current = Group(variable: variable, lead: lead)
            }
        }
        if let spool, filter == ComparisonFilter() {
            let names = spool.sources.values.map { SourceIdentity.name(provider: $0.provider, product: $0.product, model: $0.model,
                                                                       derivedFrom: $0.derivedFrom) }
            // A valid instant recurs in every source's and issue's pairs: formatted once, and
            // the cases' keys then share the one text.
            var instants: [Int64: String] = [:]
            var last: (variable: Int32, leadDays: Int32, bin: Int32, text: String, lead: ScoreLead)?
            try spool.forEach(.comparisons) { r in
                if last.map({ $0.variable != r.variable || $0.leadDays != r.leadDays || $0.bin != r.leadBin }) ?? true {
                    let key = spool.scoreKey(r)
                    last = (r.variable, r.leadDays, r.leadBin, key.variable, key.lead)
                }
                try begin(last!.text, last!.lead)
                let byDay: Bool
                if case .days = last!.lead { byDay = true } else { byDay = false }
                let numbers = byDay ? CaseNumbers(location: r.location, time: Int64(r.targetDay), date: r.targetDay)
                                    : CaseNumbers(location: r.location, time: r.validAt, date: r.validDay)
                let k = current!.source(names[Int(r.source)])
                current!.add(numbers, {
                    let time: String, date: String
                    if byDay {
                        time = spool.date(ofDay: r.targetDay); date = time
                    } else {
                        if let known = instants[r.validAt] {
                            time = known
                        } else {
                            time = UTCTime.iso8601(r.validAt)
                            instants[r.validAt] = time
                        }
                        date = spool.date(ofDay: r.validDay)
                    }
                    return Case(location: spool.locations[r.location], time: time, date: date)
                }, source: k, error: r.forecast - r.observed, issuedAt: Double(r.issuedAt))
            }
            try finish()
            return
        }
        // The order ends with `rowid`: it decides every tie, so the sort may use helper threads.
        try database.withSortThreads { try database.prepare("""
            SELECT rowid, \(SourceIdentity.sql()) AS source, variable, lead_days, lead_hours_bin, location_id, target_date, valid_at_utc,
                   issued_at_utc, forecast - observed AS error
            FROM forecast_pairs
            WHERE ((period = 'day' AND lead_days IS NOT NULL AND target_date IS NOT NULL)
                   OR (period IN ('hour', '3h') AND lead_hours_bin IS NOT NULL AND valid_at_utc IS NOT NULL))
              AND (?1 IS NULL OR variable = ?1) AND (?2 IS NULL OR lead_days = ?2) AND (?3 IS NULL OR location_id = ?3)
              AND (?4 IS NULL OR lead_hours_bin = ?4) AND (?5 = 0 OR lead_days IS NOT NULL)
            ORDER BY variable, lead_days IS NULL, lead_days, lead_hours_bin, rowid
            """).forEachRow([.optional(filter.variable), .optional(filter.leadDays), .optional(filter.location),
                             .optional(filter.leadBin), .integer(filter.leadDays != nil ? 1 : 0)], named: { r in
            let lead: ScoreLead = r.int("lead_days").map { .days(Int($0)) } ?? .hours(bin: r.string("lead_hours_bin") ?? "?")
            let variable = r.string("variable") ?? ""
            let time: String, date: String
            if case .days = lead {
                time = r.string("target_date") ?? ""; date = time
            } else {
                time = r.string("valid_at_utc") ?? ""; date = String(time.prefix(10))
            }
            let key = Case(location: r.string("location_id") ?? "", time: time, date: date)
            let e = r.double("error") ?? 0
            let issued = Double(try StoredInstant.read(r, "issued_at_utc", table: "forecast_pairs"))
            try begin(variable, lead)
            let k = current!.source(r.string("source") ?? "")
            current!.add(key, source: k, error: e, issuedAt: issued)
        }) }
        try finish()
    }

    /// The families a group's cases are tested in, in order: every case pooled (`*`, when they
    /// span several locations), then each location's cases. `cases` are in location order (a
    /// subsequence of `Group.orderedCases`), so each location's cases are one run of them, found in
    /// one pass: filtering every case once per location grew with locations × cases.
    static func scopes(_ cases: [Entry]) -> (locations: Int, families: [(scope: String, cases: [Entry])]) {
        var runs: [(scope: String, cases: [Entry])] = []
        var start = 0
        for i in cases.indices.dropFirst() where cases[i].location != cases[start].location {
            runs.append((cases[start].location, Array(cases[start..<i])))
            start = i
        }
        if !cases.isEmpty { runs.append((cases[start].location, Array(cases[start...]))) }
        return (runs.count, (runs.count > 1 ? [(ScoreKey.pooled, cases)] : []) + runs)
    }

    /// The horizon h of a lead, in the unit of the test's series (days): the lead itself for day
    /// leads (h-step errors are (h − 1)-dependent); for an hour bin, the whole days of its lower
    /// bound, at least 1 (0-6 … 24-48 h: 1, 48-72 h: 2, 72-120 h: 3), from the bin list itself.
    static func horizon(_ lead: ScoreLead) -> Int {
        switch lead {
        case .days(let d): return max(1, d)
        case .hours(let bin):
            let low = ForecastPair.leadBins.first { $0.0 == bin }?.1 ?? 0
            return max(1, Int((low / 24).rounded(.up)))
        }
    }

    /// `lead 1 d`, `lead 24-48 h`: the lead as a sentence names it.
    static func leadText(_ lead: ScoreLead) -> String {
        switch lead {
        case .days(let d): return "lead \(d) d"
        case .hours(let bin): return "lead \(bin) h"
        }
    }

    /// The largest difference, in hours, between the issue times of `sources` on a case.
    static func issueGapHours(_ losses: CaseLosses, _ sources: [Int]) -> Double {
        let issues = sources.compactMap { losses[$0]?.meanIssuedAt }
        guard let low = issues.min(), let high = issues.max() else { return 0 }
        return (high - low) / 3600
    }

    /// Per date, each source's mean loss over the date's cases: the series a test compares (one
    /// term per date, so cases of several places on the same day do not inflate n).
    static func dailyLosses(_ cases: [Entry], _ sources: [Int]) -> [[(abs: Double, sq: Double)]] {
        // Each date's sums in one slot of flat arrays, added in the order of the cases.
        var slot: [String: Int] = [:]
        var n: [Double] = [], abs: [Double] = [], sq: [Double] = []
        let width = sources.count
        // A location's cases come in time order, so a date mostly repeats the case before's:
        // compared with it (the same text object, one compare), not hashed again.
        var lastDate: String?, lastSlot = 0
        for c in cases {
            let d: Int
            if let lastDate, c.date == lastDate {
                d = lastSlot
            } else if let known = slot[c.date] {
                d = known
            } else {
                d = n.count
                slot[c.date] = d
                n.append(0)
                abs += Array(repeating: 0, count: width)
                sq += Array(repeating: 0, count: width)
            }
            lastDate = c.date; lastSlot = d
            n[d] += 1
            for (k, s) in sources.enumerated() {
                let l = c.losses[s]!
                abs[d * width + k] += l.meanAbs; sq[d * width + k] += l.meanSquared
            }
        }
        return slot.keys.sorted().map { date in
            let d = slot[date]!
            return (0..<width).map { (abs: abs[d * width + $0] / n[d], sq: sq[d * width + $0] / n[d]) }
        }
    }

    /// The distinct dates of `cases`, sorted; a date repeating the case before's is not hashed.
    static func dates(_ cases: [Entry]) -> [String] {
        var seen = Set<String>()
        var last: String?
        for c in cases where c.date != last {
            seen.insert(c.date)
            last = c.date
        }
        return seen.sorted()
    }

    /// The median of a non-empty list (the mean of the middle two for an even count).
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let s = values.sorted(), m = s.count / 2
        return s.count % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2
    }
}
