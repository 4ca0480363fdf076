import WeatherCore
import WeatherStore

/// Which comparisons `wxpipe compare` prints: two sources (either order), a variable, a lead, a location.
public struct ComparisonFilter: Sendable, Equatable {
    /// Empty, or two `provider/product[/model]` names; the first is reported as A.
    public var sources: [String]
    public var variable: String?
    public var leadDays: Int?
    public var location: String?

    public init(sources: [String] = [], variable: String? = nil, leadDays: Int? = nil, location: String? = nil) {
        self.sources = sources; self.variable = variable; self.leadDays = leadDays; self.location = location
    }
}

/// Two sources on their matched sample — same location, variable, target date and lead — with
/// the Diebold–Mariano test (HLN-corrected) of absolute and of squared error.
public struct ProviderComparison: Sendable {
    public var sourceA: String, sourceB: String
    public var variable: String
    public var leadDays: Int
    /// A location id, or `*` for all locations pooled (each date's losses averaged over the
    /// locations where both sources have the case).
    public var locationID: String
    public var place: String
    /// Matched cases (location-dates); the test's n is the number of dates.
    public var cases: Int
    public var dates: Int
    public var absolute: Result<DieboldMarianoResult, DieboldMarianoUnavailable>
    public var squared: Result<DieboldMarianoResult, DieboldMarianoUnavailable>
    /// Mean absolute error of A and B on the matched dates (also when no test could be made).
    public var maeA: Double, maeB: Double

    /// The sentence a person can quote (`ComparisonSentence`).
    public var verdict: String { ComparisonSentence.text(self) }
}

/// Builds comparisons from `forecast_pairs` (day leads; hourly bins have no single horizon).
public enum ProviderComparisons {
    struct Case: Hashable { var variable: String, lead: Int, location: String, date: String }
    struct Loss { var n = 0.0, abs = 0.0, sq = 0.0 }

    public static func compute(_ database: Database, filter: ComparisonFilter = ComparisonFilter()) throws -> [ProviderComparison] {
        var cases: [Case: [String: Loss]] = [:]
        try database.prepare("""
            SELECT \(SourceIdentity.sql()) AS source, variable, lead_days, location_id, target_date,
                   forecast - observed AS error
            FROM forecast_pairs WHERE period = 'day' AND lead_days IS NOT NULL AND target_date IS NOT NULL
              AND (?1 IS NULL OR variable = ?1) AND (?2 IS NULL OR lead_days = ?2) AND (?3 IS NULL OR location_id = ?3)
            """).forEachRow([.optional(filter.variable), .optional(filter.leadDays), .optional(filter.location)], named: { r in
            let key = Case(variable: r.string("variable") ?? "", lead: Int(r.int("lead_days") ?? 0), location: r.string("location_id") ?? "",
                           date: r.string("target_date") ?? "")
            let e = r.double("error") ?? 0
            let source = r.string("source") ?? ""
            var loss = cases[key]?[source] ?? Loss()
            loss.n += 1; loss.abs += abs(e); loss.sq += e * e
            cases[key, default: [:]][source] = loss
        })
        let names = try Aggregator.placeNames(database)
        var out: [ProviderComparison] = []
        let byGroup = Dictionary(grouping: cases.keys) { VariableLead(variable: $0.variable, lead: $0.lead) }
        for group in byGroup.keys.sorted() {
            // Cases in location and date order, not a Dictionary's (which changes from process to process).
            let keys = byGroup[group]!.sorted { ($0.location, $0.date) < ($1.location, $1.date) }
            let sources = Set(keys.flatMap { cases[$0]!.keys }).sorted()
            for (a, b) in pairs(of: sources, filter: filter.sources) {
                let matched = keys.filter { cases[$0]![a] != nil && cases[$0]![b] != nil }
                let locations = Set(matched.map(\.location)).sorted()
                let scopes = (locations.count > 1 ? [ScoreKey.pooled] : []) + locations
                for scope in scopes {
                    let inScope = matched.filter { scope == ScoreKey.pooled || $0.location == scope }
                    let place = scope == ScoreKey.pooled ? "\(locations.count) locations" : (names[scope] ?? scope)
                    out.append(compare(a, b, group, scope, place, inScope, cases))
                }
            }
        }
        return out
    }

    struct VariableLead: Hashable, Comparable {
        var variable: String, lead: Int
        static func < (x: VariableLead, y: VariableLead) -> Bool { (x.variable, x.lead) < (y.variable, y.lead) }
    }

    /// Every unordered pair of sources, or only the one named (in the order named).
    static func pairs(of sources: [String], filter: [String]) -> [(String, String)] {
        if filter.count == 2 { return sources.contains(filter[0]) && sources.contains(filter[1]) ? [(filter[0], filter[1])] : [] }
        var out: [(String, String)] = []
        for (i, a) in sources.enumerated() { for b in sources[(i + 1)...] { out.append((a, b)) } }
        return out
    }

    /// One comparison: per date, each source's mean loss over the matched cases of that date.
    static func compare(_ a: String, _ b: String, _ group: VariableLead, _ scope: String, _ place: String,
                        _ matched: [Case], _ cases: [Case: [String: Loss]]) -> ProviderComparison {
        var byDate: [String: (n: Double, absA: Double, absB: Double, sqA: Double, sqB: Double)] = [:]
        for c in matched {
            let la = cases[c]![a]!, lb = cases[c]![b]!
            var d = byDate[c.date] ?? (0, 0, 0, 0, 0)
            d.n += 1; d.absA += la.abs / la.n; d.absB += lb.abs / lb.n; d.sqA += la.sq / la.n; d.sqB += lb.sq / lb.n
            byDate[c.date] = d
        }
        let dates = byDate.keys.sorted().map { byDate[$0]! }
        let absA = dates.map { $0.absA / $0.n }, absB = dates.map { $0.absB / $0.n }
        let h = max(1, group.lead)
        let count = Double(max(dates.count, 1))
        return ProviderComparison(
            sourceA: a, sourceB: b, variable: group.variable, leadDays: group.lead, locationID: scope, place: place,
            cases: matched.count, dates: dates.count,
            absolute: DieboldMariano.test(lossesA: absA, lossesB: absB, horizon: h, loss: .absolute),
            squared: DieboldMariano.test(lossesA: dates.map { $0.sqA / $0.n }, lossesB: dates.map { $0.sqB / $0.n }, horizon: h, loss: .squared),
            maeA: absA.reduce(0, +) / count, maeB: absB.reduce(0, +) / count)
    }

    /// `provider_comparison`: every comparison of the final pairs, with its verdict.
    static func write(_ database: Database) throws {
        let insert = try ColumnInsert(database, into: ScoreSchema.providerComparison, layout: layout)
        for c in try compute(database) { try insert.insert(c) }
    }

    /// A comparison's row: each test's mean losses, difference with its interval, DM, HLN and p —
    /// NULL when the test could not be made, but for the MAEs of the matched dates, which are
    /// always given —, then what kept a test from being made, and the verdict.
    static let layout = RowLayout<ProviderComparison>(columns: ScoreSchema.providerComparison.insertColumns) { b, c throws(StoreError) in
        func round(_ v: Double?) -> Double? { v.map { Convert.round($0, 6) } }
        let absolute = c.absolute.success, squared = c.squared.success
        try b("source_a", c.sourceA)
        try b("source_b", c.sourceB)
        try b("variable", c.variable)
        try b("lead_days", c.leadDays)
        try b("location_id", c.locationID)
        try b("n_cases", c.cases)
        try b("n", c.dates)
        try b("mae_a", round(absolute?.meanLossA ?? c.maeA))
        try b("mae_b", round(absolute?.meanLossB ?? c.maeB))
        try b("mae_diff", round(absolute?.meanLossDifference))
        try b("mae_diff_ci_low", round(absolute?.interval.low))
        try b("mae_diff_ci_high", round(absolute?.interval.high))
        try b("dm_abs", round(absolute?.dm))
        try b("hln_abs", round(absolute?.hln))
        try b("p_abs", round(absolute?.pValue))
        try b("mse_a", round(squared?.meanLossA))
        try b("mse_b", round(squared?.meanLossB))
        try b("mse_diff", round(squared?.meanLossDifference))
        try b("mse_diff_ci_low", round(squared?.interval.low))
        try b("mse_diff_ci_high", round(squared?.interval.high))
        try b("dm_sq", round(squared?.dm))
        try b("hln_sq", round(squared?.hln))
        try b("p_sq", round(squared?.pValue))
        var notes: [String] = []
        if case .failure(let why) = c.absolute { notes.append(why.description) }
        if let absolute, absolute.usedLagZeroVariance { notes.append("lag-0 variance used") }
        try b("note", notes.isEmpty ? nil : notes.joined(separator: "; "))
        try b("verdict", c.verdict)
    }
}

extension Result {
    /// The value of a success, nil for a failure.
    var success: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}
