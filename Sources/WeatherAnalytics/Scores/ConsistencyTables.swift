import WeatherCore
import WeatherStore

/// `forecast_consistency` and `forecast_revisions_by_lead`: how much a source's day forecast of one
/// target moves from one issue to the next as the lead shrinks. Read from the scored day pairs, so
/// the issues are those the issue selection kept (one per issue date by default) and the sequence
/// is one value per lead.
struct ConsistencyTables {
    let options: AggregateOptions

    /// A source's target; `derivedFrom` ('' for the provider's own) keeps derived days apart.
    struct Target: Hashable {
        var provider: String, product: String, model: String, derivedFrom: String, location: String, variable: String, date: String
    }

    struct LeadKey: Hashable, Comparable {
        var provider: String, product: String, model: String, derivedFrom: String, variable: String, lead: Int
        static func < (a: LeadKey, b: LeadKey) -> Bool {
            (a.provider, a.product, a.model, a.derivedFrom, a.variable, a.lead) < (b.provider, b.product, b.model, b.derivedFrom, b.variable, b.lead)
        }

        /// The text of the bootstrap seed: unchanged for a provider's own series.
        var seedText: String {
            "revision|\(provider)/\(product)/\(model)" + (derivedFrom.isEmpty ? "" : " (from \(derivedFrom))") + "|\(variable)|\(lead)"
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
        try b("provider", t.provider)
        try b("product", t.product)
        try b("model", t.model.isEmpty ? nil : t.model)
        try b("derived_from", t.derivedFrom.isEmpty ? nil : t.derivedFrom)
        try b("location_id", t.location)
        try b("variable", t.variable)
        try b("target_date", t.date)
        try b("n_issues", c.issues)
        try b("longest_lead_days", r.leads.max().map { Int($0) })
        try b("shortest_lead_days", r.leads.min().map { Int($0) })
        try b("mean_abs_revision", round(c.meanAbsoluteRevision))
        try b("sign_changes", c.signChanges)
        try b("flip_flop_share", round(c.flipFlopShare))
        try b("flip_flop_index", round(c.flipFlopIndex))
    }

    func write(_ database: Database) throws {
        var issues: [Target: [ForecastIssue]] = [:]
        try database.prepare("""
            SELECT rowid, provider, product, COALESCE(model, '') AS model, COALESCE(derived_from, '') AS derived_from, location_id,
                   variable, target_date, issued_at_utc, lead_days, forecast
            FROM forecast_pairs WHERE period = 'day' AND target_date IS NOT NULL AND lead_days IS NOT NULL
            """).forEachRow(named: { r in
            let target = Target(provider: r.string("provider") ?? "", product: r.string("product") ?? "", model: r.string("model") ?? "",
                                derivedFrom: r.string("derived_from") ?? "", location: r.string("location_id") ?? "", variable: r.string("variable") ?? "",
                                date: r.string("target_date") ?? "")
            issues[target, default: []].append(ForecastIssue(issuedAt: try StoredInstant.read(r, "issued_at_utc", table: "forecast_pairs"),
                                                             lead: r.double("lead_days") ?? 0, value: r.double("forecast") ?? 0))
        })
        let insert = try ColumnInsert(database, into: ScoreSchema.forecastConsistency, layout: Self.consistencyLayout)
        var revisions: [LeadKey: [DatedPair]] = [:]
        let ordered = issues.keys.sorted {
            ($0.provider, $0.product, $0.model + "\u{0}" + $0.derivedFrom, $0.location, $0.variable, $0.date)
                < ($1.provider, $1.product, $1.model + "\u{0}" + $1.derivedFrom, $1.location, $1.variable, $1.date)
        }
        for t in ordered {
            let c = ForecastConsistency(issues[t]!)
            try insert.insert(ConsistencyRow(target: t, consistency: c, leads: issues[t]!.map(\.lead)))
            for revision in c.revisions {
                let key = LeadKey(provider: t.provider, product: t.product, model: t.model, derivedFrom: t.derivedFrom, variable: t.variable,
                                  lead: Int(revision.toLead))
                revisions[key, default: []].append(DatedPair(date: t.date, forecast: abs(revision.revision), observed: 0))
            }
        }
        try writeByLead(database, revisions)
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
        try b("lead_days", r.key.lead)
        try b("n", r.n)
        try b("mean_abs_revision", Convert.round(r.mean, 4))
        try b("revision_ci_low", r.interval.map { Convert.round($0.low, 4) })
        try b("revision_ci_high", r.interval.map { Convert.round($0.high, 4) })
    }

    /// Mean |revision| arriving at each lead (from the issue a day earlier), pooled over locations
    /// and targets, with the block-bootstrap interval of that mean (the MAE interval of |r| − 0).
    func writeByLead(_ database: Database, _ revisions: [LeadKey: [DatedPair]]) throws {
        let insert = try ColumnInsert(database, into: ScoreSchema.forecastRevisionsByLead, layout: Self.revisionLayout)
        for key in revisions.keys.sorted() {
            let values = revisions[key]!
            var bootstrap = options.bootstrap
            bootstrap.seed ^= StableSeed.fnv1a(key.seedText)
            let interval = try? BlockBootstrap.errorIntervals(values, options: bootstrap).get().mae
            let mean = values.reduce(0) { $0 + $1.forecast } / Double(values.count)
            try insert.insert(RevisionRow(key: key, n: values.count, mean: mean, interval: interval.map { ($0.low, $0.high) }))
        }
    }
}
