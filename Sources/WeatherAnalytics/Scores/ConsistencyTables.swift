import WeatherCore
import WeatherStore

/// `forecast_consistency` and `forecast_revisions_by_lead`: how much a source's forecast of one
/// target moves from one issue to the next as the lead shrinks. A target is a local day (day
/// pairs) or a valid instant (`hour` and `3h` pairs). Read from the scored pairs, so the issues
/// are those the issue selection kept (one per issue date by default) and the sequence is one
/// value per lead.
struct ConsistencyTables {
    let options: AggregateOptions
    /// Both tables' inserts, prepared when the pass is made: a pass beside another one touches
    /// the connection only through `writes` (`DetailedScores`).
    let consistencyRows: ColumnInsert<ConsistencyRow>
    let revisionRows: ColumnInsert<RevisionRow>
    let writes: WriteQueue

    init(_ database: Database, options: AggregateOptions, writes: WriteQueue) throws {
        self.options = options
        self.writes = writes
        consistencyRows = try ColumnInsert(database, into: ScoreSchema.forecastConsistency, layout: Self.consistencyLayout)
        revisionRows = try ColumnInsert(database, into: ScoreSchema.forecastRevisionsByLead, layout: Self.revisionLayout)
    }

    /// A source's target; `derivedFrom` ('' for the provider's own) keeps derived days apart.
    struct Target: Hashable {
        var provider: String, product: String, model: String, derivedFrom: String, location: String, variable: String
        /// `day` or `hour`.
        var kind: String
        /// The target date (the valid instant's UTC date for an hourly target).
        var date: String
        /// The valid instant of an hourly target, "" for a day.
        var validAt: String

        /// Sorts targets by source, place, variable, kind, date and instant.
        var order: [String] { [provider, product, model + "\u{0}" + derivedFrom, location, variable, kind, date, validAt] }
    }

    /// A revision's lead: the lead in days it arrives at, or the bin of the hours it arrives at.
    struct LeadKey: Hashable, Comparable {
        var provider: String, product: String, model: String, derivedFrom: String, variable: String, lead: ScoreLead
        static func < (a: LeadKey, b: LeadKey) -> Bool {
            (a.provider, a.product, a.model + "\u{0}" + a.derivedFrom, a.variable, a.lead.kind, a.lead.rank)
                < (b.provider, b.product, b.model + "\u{0}" + b.derivedFrom, b.variable, b.lead.kind, b.lead.rank)
        }

        /// The text of the bootstrap seed: unchanged for a provider's own day series.
        var seedText: String {
            let leadText: String
            switch lead {
            case .days(let d): leadText = String(d)
            case .hours(let bin): leadText = bin + " h"
            }
            return "revision|\(provider)/\(product)/\(model)" + (derivedFrom.isEmpty ? "" : " (from \(derivedFrom))") + "|\(variable)|\(leadText)"
        }
    }

    /// One row of `forecast_consistency`.
    struct ConsistencyRow {
        var target: Target
        var consistency: ForecastConsistency
        var leads: [Double]
    }

    static let consistencyLayout = RowLayout<ConsistencyRow>(columns: ScoreSchema.forecastConsistency.insertColumns) { b, r throws(StoreError) in
        func round(_ v: Double?) -> Double? { v.map { Convert.round($0, 4) } }
        let t = r.target, c = r.consistency
        let day = t.kind == "day"
        try b("provider", t.provider)
        try b("product", t.product)
        try b("model", t.model.isEmpty ? nil : t.model)
        try b("derived_from", t.derivedFrom.isEmpty ? nil : t.derivedFrom)
        try b("location_id", t.location)
        try b("variable", t.variable)
        try b("lead_kind", t.kind)
        try b("target_date", t.date)
        try b("valid_at_utc", day ? nil : t.validAt)
        try b("n_issues", c.issues)
        try b("longest_lead_days", day ? r.leads.max().map { Int($0) } : nil)
        try b("shortest_lead_days", day ? r.leads.min().map { Int($0) } : nil)
        try b("longest_lead_hours", day ? nil : r.leads.max().map { Convert.round($0, 3) })
        try b("shortest_lead_hours", day ? nil : r.leads.min().map { Convert.round($0, 3) })
        try b("mean_abs_revision", round(c.meanAbsoluteRevision))
        try b("sign_changes", c.signChanges)
        try b("flip_flop_share", round(c.flipFlopShare))
        try b("flip_flop_index", round(c.flipFlopIndex))
    }

    /// What `forecast_revisions_by_lead` keeps of one lead's revisions: their count, the sum of
    /// their sizes (in the order the targets come) and the per-date sums the bootstrap resamples.
    struct RevisionSums {
        var n = 0
        var total = 0.0
        var dated = DatedErrorSums()

        mutating func add(date: String, size: Double) {
            n += 1
            total += size
            dated.add(date: date, error: size)
        }
    }

    /// Reads the pairs one target at a time, in target order (`Target.order`, then the order
    /// the pairs were written): only one target's issues and each lead's sums are held, not the pairs.
    /// `database` is read only without a spool.
    func write(_ database: Database, spool: PairSpool? = nil) throws {
        let insert = consistencyRows
        var revisions: [LeadKey: RevisionSums] = [:]
        var current: Target?
        var issues: [ForecastIssue] = []
        func flush() throws {
            guard let t = current else { return }
            let c = ForecastConsistency(issues)
            let row = ConsistencyRow(target: t, consistency: c, leads: issues.map(\.lead))
            try writes.run { try insert.insert(row) }
            for revision in c.revisions {
                let lead: ScoreLead
                if t.kind == "day" {
                    lead = .days(Int(revision.toLead))
                } else if let bin = ForecastPair.leadBin(revision.toLead) {
                    lead = .hours(bin: bin)
                } else { continue }
                let key = LeadKey(provider: t.provider, product: t.product, model: t.model, derivedFrom: t.derivedFrom, variable: t.variable, lead: lead)
                revisions[key, default: RevisionSums()].add(date: t.date, size: abs(revision.revision))
            }
        }
        func add(_ target: Target, _ issue: ForecastIssue) throws {
            if target != current {
                try flush()
                current = target
                issues.removeAll(keepingCapacity: true)
            }
            issues.append(issue)
        }
        if let spool {
            // The same targets from the spool's records, in `PairOrder.consistency` (the ORDER BY below).
            var validText: (at: Int64, text: String) = (PairRecord.null64, "")
            try spool.forEach(.consistency) { r in
                let s = spool.sources[r.source]
                let day = r.leadDays != PairRecord.null32
                if !day && validText.at != r.validAt { validText = (r.validAt, UTCTime.iso8601(r.validAt)) }
                let target = Target(provider: s.provider, product: s.product, model: s.model ?? "", derivedFrom: s.derivedFrom ?? "",
                                    location: spool.locations[r.location], variable: spool.variables[r.variable], kind: day ? "day" : "hour",
                                    date: spool.date(ofDay: day ? r.targetDay : r.validDay), validAt: day ? "" : validText.text)
                try add(target, ForecastIssue(issuedAt: r.issuedAt, lead: day ? Double(r.leadDays) : r.leadHours, value: r.forecast))
            }
            try flush()
            return try writeByLead(revisions)
        }
        // The ORDER BY is `Target.order` spelled in SQL (text compares as Swift compares ASCII ids).
        try database.prepare("""
            SELECT rowid, provider, product, model, derived_from, location_id, variable, kind, date, valid_at, issued_at_utc,
                   lead_days, lead_hours, forecast
            FROM (SELECT rowid, provider, product, COALESCE(model, '') AS model, COALESCE(derived_from, '') AS derived_from,
                         location_id, variable, issued_at_utc, lead_days, lead_hours, forecast,
                         CASE WHEN lead_days IS NOT NULL THEN 'day' ELSE 'hour' END AS kind,
                         CASE WHEN lead_days IS NOT NULL THEN COALESCE(target_date, '') ELSE substr(COALESCE(valid_at_utc, ''), 1, 10) END AS date,
                         CASE WHEN lead_days IS NOT NULL THEN '' ELSE COALESCE(valid_at_utc, '') END AS valid_at
                  FROM forecast_pairs
                  WHERE (period = 'day' AND target_date IS NOT NULL AND lead_days IS NOT NULL)
                     OR (period IN ('hour', '3h') AND valid_at_utc IS NOT NULL AND lead_hours_bin IS NOT NULL))
            ORDER BY provider, product, model, derived_from, location_id, variable, kind, date, valid_at, rowid
            """).forEachRow(named: { r in
            let day = r.string("kind") == "day"
            let target = Target(provider: r.string("provider") ?? "", product: r.string("product") ?? "", model: r.string("model") ?? "",
                                derivedFrom: r.string("derived_from") ?? "", location: r.string("location_id") ?? "", variable: r.string("variable") ?? "",
                                kind: day ? "day" : "hour", date: r.string("date") ?? "", validAt: r.string("valid_at") ?? "")
            try add(target, ForecastIssue(issuedAt: try StoredInstant.read(r, "issued_at_utc", table: "forecast_pairs"),
                                          lead: (day ? r.double("lead_days") : r.double("lead_hours")) ?? 0,
                                          value: r.double("forecast") ?? 0))
        })
        try flush()
        try writeByLead(revisions)
    }

    /// One row of `forecast_revisions_by_lead`.
    struct RevisionRow {
        var key: LeadKey
        var n: Int
        var mean: Double
        var interval: (low: Double, high: Double)?
    }

    static let revisionLayout = RowLayout<RevisionRow>(columns: ScoreSchema.forecastRevisionsByLead.insertColumns) { b, r throws(StoreError) in
        try b("provider", r.key.provider)
        try b("product", r.key.product)
        try b("model", r.key.model.isEmpty ? nil : r.key.model)
        try b("derived_from", r.key.derivedFrom.isEmpty ? nil : r.key.derivedFrom)
        try b("variable", r.key.variable)
        try b("lead_kind", r.key.lead.kind)
        try b("lead_days", { if case .days(let d) = r.key.lead { return d } else { return nil } }() as Int?)
        try b("lead_hours_bin", { if case .hours(let bin) = r.key.lead { return bin } else { return nil } }() as String?)
        try b("n", r.n)
        try b("mean_abs_revision", Convert.round(r.mean, 4))
        try b("revision_ci_low", r.interval.map { Convert.round($0.low, 4) })
        try b("revision_ci_high", r.interval.map { Convert.round($0.high, 4) })
    }

    /// Mean |revision| arriving at each lead (from the issue before), pooled over locations
    /// and targets, with the block-bootstrap interval of that mean (the MAE interval of |r| − 0).
    func writeByLead(_ revisions: [LeadKey: RevisionSums]) throws {
        let insert = revisionRows
        for key in revisions.keys.sorted() {
            let sums = revisions[key]!
            var bootstrap = options.bootstrap
            // Day leads keep the seed text they always had, so their intervals do not move.
            bootstrap.seed ^= StableSeed.fnv1a(key.seedText)
            let interval = try? BlockBootstrap.errorIntervals(sums.dated, options: bootstrap).get().mae
            let mean = sums.total / Double(sums.n)
            let row = RevisionRow(key: key, n: sums.n, mean: mean, interval: interval.map { ($0.low, $0.high) })
            try writes.run { try insert.insert(row) }
        }
    }
}
