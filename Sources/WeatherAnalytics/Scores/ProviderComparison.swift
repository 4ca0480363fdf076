import WeatherCore
import WeatherStore

/// Which comparisons `wxpipe compare` prints: two sources (either order), a variable, a lead, a location.
public struct ComparisonFilter: Sendable, Equatable {
    /// Empty, or two `provider/product[/model]` names; the first is reported as A.
    public var sources: [String]
    public var variable: String?
    public var leadDays: Int?
    public var location: String?
    /// One lead-hours bin (`24-48`): only hourly comparisons of that bin.
    public var leadBin: String?

    public init(sources: [String] = [], variable: String? = nil, leadDays: Int? = nil, location: String? = nil, leadBin: String? = nil) {
        self.sources = sources; self.variable = variable; self.leadDays = leadDays; self.location = location; self.leadBin = leadBin
    }
}

/// Two sources on their matched sample — same location, variable, lead and target date (day
/// leads) or valid instant (hour bins), issued within `issue_alignment_hours` of each other —
/// with the Diebold–Mariano test (HLN-corrected) of absolute and of squared error, and its
/// p-value adjusted over the comparison's family.
public struct ProviderComparison: Sendable {
    public var sourceA: String, sourceB: String
    public var variable: String
    public var lead: ScoreLead
    /// A location id, or `*` for all locations pooled (each date's losses averaged over the
    /// locations where both sources have the case).
    public var locationID: String
    public var place: String
    /// Matched cases kept (location-dates, or location-hours); the test's n is the number of dates.
    public var cases: Int
    public var dates: Int
    /// Matched cases left out because the two issues were more than `issue_alignment_hours` apart.
    public var misaligned: Int
    /// Median and largest |issue A − issue B| in hours over every matched case (before the
    /// alignment rule), so a comparison of a morning run with an evening one shows as such.
    public var issueGapMedianHours: Double?, issueGapMaxHours: Double?
    public var absolute: Result<DieboldMarianoResult, DieboldMarianoUnavailable>
    public var squared: Result<DieboldMarianoResult, DieboldMarianoUnavailable>
    /// Mean absolute error of A and B on the matched dates (also when no test could be made; 0
    /// when no date is left, stored as NULL).
    public var maeA: Double, maeB: Double
    /// The `issue_alignment_hours` the comparison was made with.
    public var alignmentHours: Double = 3
    /// The absolute- and squared-error p-values adjusted within the family (variable × lead ×
    /// location set) by `adjustment`; nil without a test.
    public var pAdjusted: Double?, pSquaredAdjusted: Double?
    public var adjustment: PAdjustment = .holm
    /// The tests made in the family (the m of the adjustment).
    public var familySize = 1

    public var leadDays: Int? { if case .days(let d) = lead { return d } else { return nil } }
    /// Whether a test of absolute error could be made.
    public var isTested: Bool { absolute.success != nil }

    /// The sentence a person can quote (`ComparisonSentence`).
    public var verdict: String { ComparisonSentence.text(self) }
}

/// Builds comparisons from `forecast_pairs`: day leads and hourly lead bins.
public enum ProviderComparisons {
    /// Every comparison of the pairs that pass `filter`, with `options`' issue alignment and
    /// p-value adjustment. Families are always complete: with two sources named, every pair of
    /// the family is tested and adjusted together, and only the named one is returned.
    public static func compute(_ database: Database, filter: ComparisonFilter = ComparisonFilter(),
                               options: AggregateOptions = AggregateOptions()) throws -> [ProviderComparison] {
        let names = try Aggregator.placeNames(database)
        var byGroup: [(ComparisonCases.GroupKey, [ProviderComparison])] = []
        try ComparisonCases.forEachGroup(database, filter: filter) { group in
            byGroup.append((ComparisonCases.GroupKey(variable: group.variable, lead: group.lead),
                            comparisons(group, filter: filter, options: options, names: names)))
        }
        return byGroup.sorted { $0.0 < $1.0 }.flatMap(\.1)
    }

    /// The comparisons of one group (variable × lead): its pooled family first, then each location's.
    static func comparisons(_ group: ComparisonCases.Group, filter: ComparisonFilter, options: AggregateOptions,
                            names: [String: String]) -> [ProviderComparison] {
        var out: [ProviderComparison] = []
        let keys = group.orderedCases
        var family: [String: [ProviderComparison]] = [:]
        for (a, b) in pairs(of: group.sources, preferring: filter.sources) {
            let ia = group.index(of: a)!, ib = group.index(of: b)!
            let matched = keys.filter { $0.losses[ia] != nil && $0.losses[ib] != nil }
            let scopes = ComparisonCases.scopes(matched)
            for (scope, inScope) in scopes.families {
                let place = scope == ScoreKey.pooled ? "\(scopes.locations) locations" : (names[scope] ?? scope)
                family[scope, default: []].append(compare((a, ia), (b, ib), group, scope, place, inScope, options))
            }
        }
        // The pooled family first, then each location's, each in pair order.
        for scope in family.keys.sorted(by: { ($0 == ScoreKey.pooled ? 0 : 1, $0) < ($1 == ScoreKey.pooled ? 0 : 1, $1) }) {
            var members = adjust(family[scope]!, options.pAdjustment)
            if filter.sources.count == 2 { members = members.filter { [$0.sourceA, $0.sourceB] == filter.sources || [$0.sourceB, $0.sourceA] == filter.sources } }
            out += members
        }
        return out
    }

    /// The family's p-values adjusted together (absolute and squared separately).
    static func adjust(_ family: [ProviderComparison], _ method: PAdjustment) -> [ProviderComparison] {
        let absolute = method.adjust(family.map { $0.absolute.success?.pValue })
        let squared = method.adjust(family.map { $0.squared.success?.pValue })
        let m = family.filter(\.isTested).count
        return family.indices.map { k in
            var c = family[k]
            c.pAdjusted = absolute[k]; c.pSquaredAdjusted = squared[k]; c.adjustment = method; c.familySize = m
            return c
        }
    }

    /// Every unordered pair of sources, a named pair in the order named.
    static func pairs(of sources: [String], preferring named: [String]) -> [(String, String)] {
        var out: [(String, String)] = []
        for (i, a) in sources.enumerated() {
            for b in sources[(i + 1)...] { out.append(named == [b, a] ? (b, a) : (a, b)) }
        }
        return out
    }

    /// One comparison: the matched cases whose issues are aligned, then per date each source's
    /// mean loss over them.
    static func compare(_ a: (name: String, index: Int), _ b: (name: String, index: Int), _ group: ComparisonCases.Group,
                        _ scope: String, _ place: String, _ matched: [ComparisonCases.Entry], _ options: AggregateOptions) -> ProviderComparison {
        let gaps = matched.map { ComparisonCases.issueGapHours($0.losses, [a.index, b.index]) }
        let aligned = zip(matched, gaps).filter { $0.1 <= options.issueAlignmentHours + 1e-9 }.map(\.0)
        let days = ComparisonCases.dailyLosses(aligned, [a.index, b.index])
        let absA = days.map { $0[0].abs }, absB = days.map { $0[1].abs }
        let h = ComparisonCases.horizon(group.lead)
        let count = Double(max(days.count, 1))
        return ProviderComparison(
            sourceA: a.name, sourceB: b.name, variable: group.variable, lead: group.lead, locationID: scope, place: place,
            cases: aligned.count, dates: days.count, misaligned: matched.count - aligned.count,
            issueGapMedianHours: ComparisonCases.median(gaps), issueGapMaxHours: gaps.max(),
            absolute: DieboldMariano.test(lossesA: absA, lossesB: absB, horizon: h, loss: .absolute),
            squared: DieboldMariano.test(lossesA: days.map { $0[0].sq }, lossesB: days.map { $0[1].sq }, horizon: h, loss: .squared),
            maeA: absA.reduce(0, +) / count, maeB: absB.reduce(0, +) / count, alignmentHours: options.issueAlignmentHours)
    }

    /// `provider_comparison` and `provider_ranking` of the final pairs, with their verdicts, from
    /// one read of the cases (one sort of the pairs, not two): each group's comparisons and
    /// rankings, written in `GroupKey` order. The places' names are read and the inserts prepared
    /// when it is made; then the connection is touched only through `writes` (`DetailedScores`).
    struct Writer {
        let options: AggregateOptions
        let names: [String: String]
        let comparisonRows: ColumnInsert<ProviderComparison>
        let rankingRows: ColumnInsert<RankedSource>
        let writes: WriteQueue

        init(_ database: Database, options: AggregateOptions, writes: WriteQueue) throws {
            self.options = options
            self.writes = writes
            names = try Aggregator.placeNames(database)
            comparisonRows = try ColumnInsert(database, into: ScoreSchema.providerComparison, layout: ProviderComparisons.layout)
            rankingRows = try ColumnInsert(database, into: RankingSchema.providerRanking, layout: RankingSchema.layout)
        }

        /// `database` is read only without a spool.
        func write(_ database: Database, spool: PairSpool? = nil) throws {
            var byGroup: [(ComparisonCases.GroupKey, [ProviderComparison], [RankedSource])] = []
            try ComparisonCases.forEachGroup(database, filter: ComparisonFilter(), spool: spool) { group in
                byGroup.append((ComparisonCases.GroupKey(variable: group.variable, lead: group.lead),
                                ProviderComparisons.comparisons(group, filter: ComparisonFilter(), options: options, names: names),
                                ProviderRankings.rankings(group, options: options, names: names)))
            }
            byGroup.sort { $0.0 < $1.0 }
            let comparisonRows = comparisonRows, rankingRows = rankingRows
            for (_, made, _) in byGroup { for c in made { try writes.run { try comparisonRows.insert(c) } } }
            for (_, _, ranked) in byGroup { for r in ranked { try writes.run { try rankingRows.insert(r) } } }
        }
    }

    /// A comparison's row: each test's mean losses, difference with its interval, DM, HLN, raw and
    /// adjusted p — NULL when the test could not be made, but for the MAEs of the matched dates,
    /// which are always given —, the issue alignment, what kept a test from being made, and the verdict.
    static let layout = RowLayout<ProviderComparison>(columns: ScoreSchema.providerComparison.insertColumns) { b, c throws(StoreError) in
        func round(_ v: Double?) -> Double? { v.map { Convert.round($0, 6) } }
        let absolute = c.absolute.success, squared = c.squared.success
        try b("source_a", c.sourceA)
        try b("source_b", c.sourceB)
        try b("variable", c.variable)
        try b("lead_kind", c.lead.kind)
        try b("lead_days", c.leadDays)
        try b("lead_hours_bin", { if case .hours(let bin) = c.lead { return bin } else { return nil } }() as String?)
        try b("location_id", c.locationID)
        try b("n_cases", c.cases)
        try b("n", c.dates)
        try b("n_misaligned", c.misaligned)
        try b("issue_gap_hours_median", c.issueGapMedianHours.map { Convert.round($0, 3) })
        try b("issue_gap_hours_max", c.issueGapMaxHours.map { Convert.round($0, 3) })
        try b("mae_a", c.dates == 0 ? nil : round(absolute?.meanLossA ?? c.maeA))
        try b("mae_b", c.dates == 0 ? nil : round(absolute?.meanLossB ?? c.maeB))
        try b("mae_diff", round(absolute?.meanLossDifference))
        try b("mae_diff_ci_low", round(absolute?.interval.low))
        try b("mae_diff_ci_high", round(absolute?.interval.high))
        try b("dm_abs", round(absolute?.dm))
        try b("hln_abs", round(absolute?.hln))
        try b("p_abs", round(absolute?.pValue))
        try b("p_adjusted", round(c.pAdjusted))
        try b("mse_a", round(squared?.meanLossA))
        try b("mse_b", round(squared?.meanLossB))
        try b("mse_diff", round(squared?.meanLossDifference))
        try b("mse_diff_ci_low", round(squared?.interval.low))
        try b("mse_diff_ci_high", round(squared?.interval.high))
        try b("dm_sq", round(squared?.dm))
        try b("hln_sq", round(squared?.hln))
        try b("p_sq", round(squared?.pValue))
        try b("p_sq_adjusted", round(c.pSquaredAdjusted))
        try b("p_adjustment", c.adjustment.rawValue)
        try b("family_size", c.familySize)
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
