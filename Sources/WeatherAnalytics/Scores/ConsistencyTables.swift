import WeatherCore
import WeatherStore

/// `forecast_consistency` and `forecast_revisions_by_lead`: how much a source's day forecast of one
/// target moves from one issue to the next as the lead shrinks. Read from the scored day pairs, so
/// the issues are those the issue selection kept (one per issue date by default) and the sequence
/// is one value per lead.
struct ConsistencyTables {
    let options: AggregateOptions

    struct Target: Hashable {
        var provider: String, product: String, model: String, location: String, variable: String, date: String
    }

    struct LeadKey: Hashable, Comparable {
        var provider: String, product: String, model: String, variable: String, lead: Int
        static func < (a: LeadKey, b: LeadKey) -> Bool {
            (a.provider, a.product, a.model, a.variable, a.lead) < (b.provider, b.product, b.model, b.variable, b.lead)
        }
    }

    func write(_ database: Database) throws {
        var issues: [Target: [ForecastIssue]] = [:]
        try database.prepare("""
            SELECT provider, product, COALESCE(model, ''), location_id, variable, target_date, issued_at_utc, lead_days, forecast
            FROM forecast_pairs WHERE period = 'day' AND target_date IS NOT NULL AND lead_days IS NOT NULL
            """).forEachRow { r in
            let target = Target(provider: r[0].string ?? "", product: r[1].string ?? "", model: r[2].string ?? "",
                                location: r[3].string ?? "", variable: r[4].string ?? "", date: r[5].string ?? "")
            issues[target, default: []].append(ForecastIssue(issuedAt: r[6].string.flatMap { UTCTime.parseISO8601($0) } ?? 0,
                                                             lead: r[7].double ?? 0, value: r[8].double ?? 0))
        }
        let insert = try database.prepare("INSERT INTO forecast_consistency VALUES (\(marks(13)))")
        var revisions: [LeadKey: [DatedPair]] = [:]
        func r(_ v: Double?) -> SQLValue { .optional(v.map { Convert.round($0, 4) }) }
        let ordered = issues.keys.sorted {
            ($0.provider, $0.product, $0.model, $0.location, $0.variable, $0.date) < ($1.provider, $1.product, $1.model, $1.location, $1.variable, $1.date)
        }
        for t in ordered {
            let c = ForecastConsistency(issues[t]!)
            let leads = issues[t]!.map(\.lead)
            try insert.run([.text(t.provider), .text(t.product), t.model.isEmpty ? .null : .text(t.model), .text(t.location),
                            .text(t.variable), .text(t.date), .integer(Int64(c.issues)), .optional(leads.max().map { Int($0) }),
                            .optional(leads.min().map { Int($0) }), r(c.meanAbsoluteRevision), .integer(Int64(c.signChanges)),
                            r(c.flipFlopShare), r(c.flipFlopIndex)])
            for revision in c.revisions {
                let key = LeadKey(provider: t.provider, product: t.product, model: t.model, variable: t.variable, lead: Int(revision.toLead))
                revisions[key, default: []].append(DatedPair(date: t.date, forecast: abs(revision.revision), observed: 0))
            }
        }
        try writeByLead(database, revisions)
    }

    /// Mean |revision| arriving at each lead (from the issue a day earlier), pooled over locations
    /// and targets, with the block-bootstrap interval of that mean (the MAE interval of |r| − 0).
    func writeByLead(_ database: Database, _ revisions: [LeadKey: [DatedPair]]) throws {
        let insert = try database.prepare("INSERT INTO forecast_revisions_by_lead VALUES (\(marks(9)))")
        for key in revisions.keys.sorted() {
            let values = revisions[key]!
            var bootstrap = options.bootstrap
            bootstrap.seed ^= StableSeed.fnv1a("revision|\(key.provider)/\(key.product)/\(key.model)|\(key.variable)|\(key.lead)")
            let interval = try? BlockBootstrap.errorIntervals(values, options: bootstrap).get().mae
            let mean = values.reduce(0) { $0 + $1.forecast } / Double(values.count)
            try insert.run([.text(key.provider), .text(key.product), key.model.isEmpty ? .null : .text(key.model), .text(key.variable),
                            .integer(Int64(key.lead)), .integer(Int64(values.count)), .real(Convert.round(mean, 4)),
                            .optional(interval.map { Convert.round($0.low, 4) }), .optional(interval.map { Convert.round($0.high, 4) })])
        }
    }
}
