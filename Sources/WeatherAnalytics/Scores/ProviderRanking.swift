import WeatherCore
import WeatherStore

/// One source's place in the ranking of its family (a variable, a lead and a location set).
public struct RankedSource: Sendable {
    public var source: String
    public var variable: String
    public var lead: ScoreLead
    public var locationID: String
    public var place: String
    /// 1 for the lowest MAE on the matched sample; nil for a source left out (`note` says why).
    public var rank: Int?
    /// The sources of one group are not significantly different from the group's best.
    public var rankGroup: Int?
    /// The other sources whose difference from this one is not significant (adjusted p ≥ α, or
    /// no test could be made: what cannot be told apart is tied).
    public var tiedWith: [String] = []
    public var rankedSources: Int
    public var cases: Int?, dates: Int?
    public var effectiveN: Double?
    public var mae: Double?
    public var maeInterval: ConfidenceInterval?
    public var maeDifferenceFromBest: Double?
    /// The adjusted p of the test against the family's best (nil for the best itself).
    public var pAdjusted: Double?
    public var adjustment: PAdjustment
    public var minimumDetectableDifference: Double?
    public var misaligned: Int
    public var issueGapMedianHours: Double?, issueGapMaxHours: Double?
    public var note: String?
}

/// Ranks the sources of each family on the cases they all have.
///
/// 1. The matched sample: the cases (location, variable, lead, target date or valid instant)
///    every candidate source has, minus those whose earliest and latest issue are more than
///    `issue_alignment_hours` apart (counted in `n_misaligned`). While it has fewer than
///    `minimumDates` dates and more than one candidate, the candidate with the fewest cases
///    of its own in the scope leaves (it is listed, unranked, with the reason): one sparse
///    source must not empty everyone's sample.
/// 2. Each source's per-date mean absolute error (pooled scopes average the locations of a
///    date), its MAE and a block-bootstrap interval of it.
/// 3. Every pair of ranked sources is tested (Diebold–Mariano, HLN) and the family's p-values
///    adjusted together (`p_adjustment`). In MAE order, the best source not yet grouped opens a
///    group; every ungrouped source whose adjusted p against it is ≥ α (or that could not be
///    tested against it) joins.
/// 4. `n_effective` and `mdd` of a source come from its daily loss difference d from the best:
///    n (1 − ρ₁)/(1 + ρ₁) and (z₁₋α′/₂ + z₀.₈) sd(d) / √n_eff, α′ the adjustment's strictest level.
public enum ProviderRankings {
    public static let minimumDates = 3

    public static func compute(_ database: Database, filter: ComparisonFilter = ComparisonFilter(),
                               options: AggregateOptions = AggregateOptions()) throws -> [RankedSource] {
        let names = try Aggregator.placeNames(database)
        var byGroup: [(ComparisonCases.GroupKey, [RankedSource])] = []
        try ComparisonCases.forEachGroup(database, filter: filter) { group in
            byGroup.append((ComparisonCases.GroupKey(variable: group.variable, lead: group.lead),
                            rankings(group, options: options, names: names)))
        }
        return byGroup.sorted { $0.0 < $1.0 }.flatMap(\.1)
    }

    /// The rankings of one group (variable × lead): pooled first when it has several locations, then each location's.
    static func rankings(_ group: ComparisonCases.Group, options: AggregateOptions, names: [String: String]) -> [RankedSource] {
        var out: [RankedSource] = []
        let scopes = ComparisonCases.scopes(group.orderedCases)
        for (scope, inScope) in scopes.families {
            let place = scope == ScoreKey.pooled ? "\(scopes.locations) locations" : (names[scope] ?? scope)
            out += rank(group, scope: scope, place: place, cases: inScope, options: options)
        }
        return out
    }

    /// The ranking of one family.
    static func rank(_ group: ComparisonCases.Group, scope: String, place: String, cases: [ComparisonCases.Entry],
                     options: AggregateOptions) -> [RankedSource] {
        var counts = [Int](repeating: 0, count: group.names.count)
        for c in cases { for k in counts.indices where c.losses[k] != nil { counts[k] += 1 } }
        var own: [String: Int] = [:]
        for (k, n) in counts.enumerated() where n > 0 { own[group.names[k]] = n }
        var candidates = own.keys.sorted()
        var left: [RankedSource] = []
        func blank(_ source: String) -> RankedSource {
            RankedSource(source: source, variable: group.variable, lead: group.lead, locationID: scope, place: place,
                         rankedSources: 0, adjustment: options.pAdjustment, misaligned: 0)
        }
        while true {
            let numbers = candidates.map { group.index(of: $0)! }
            let matched = cases.filter { c in numbers.allSatisfy { c.losses[$0] != nil } }
            let gaps = matched.map { ComparisonCases.issueGapHours($0.losses, numbers) }
            let aligned = zip(matched, gaps).filter { $0.1 <= options.issueAlignmentHours + 1e-9 }.map(\.0)
            let dates = ComparisonCases.dates(aligned).count
            if dates < minimumDates && candidates.count > 1 {
                // The sparsest candidate leaves (by name among equals, the last).
                let sparsest = candidates.min { (own[$0]!, $1) < (own[$1]!, $0) }!
                candidates.removeAll { $0 == sparsest }
                var r = blank(sparsest)
                let misaligned = matched.count - aligned.count
                r.note = "not ranked: \(own[sparsest]!) case\(own[sparsest]! == 1 ? "" : "s") here, \(dates) matched date\(dates == 1 ? "" : "s") "
                    + "with the others (fewer than \(minimumDates))"
                    + (misaligned > 0 ? "; \(misaligned) matched case\(misaligned == 1 ? "" : "s") left out: issues more than "
                       + "\(ComparisonSentence.fixed(options.issueAlignmentHours, 1)) h apart" : "")
                left.append(r)
                continue
            }
            var ranked = rankMatched(group, candidates, aligned, scope: scope, place: place, options: options)
            for k in ranked.indices {
                ranked[k].misaligned = matched.count - aligned.count
                ranked[k].issueGapMedianHours = ComparisonCases.median(gaps)
                ranked[k].issueGapMaxHours = gaps.max()
                if candidates.count == 1 { ranked[k].note = "alone: no other source to rank against" }
            }
            for k in left.indices { left[k].rankedSources = ranked.count }
            return ranked + left.reversed()
        }
    }

    /// Ranks `sources` on `cases`, every one of which they all have.
    static func rankMatched(_ group: ComparisonCases.Group, _ sources: [String], _ cases: [ComparisonCases.Entry],
                            scope: String, place: String, options: AggregateOptions) -> [RankedSource] {
        let days = ComparisonCases.dailyLosses(cases, sources.map { group.index(of: $0)! })
        let dateList = ComparisonCases.dates(cases)
        let series = sources.indices.map { k in days.map { $0[k].abs } }
        let maes = series.map { $0.isEmpty ? 0 : $0.reduce(0, +) / Double($0.count) }
        let order = sources.indices.sorted { (maes[$0], sources[$0]) < (maes[$1], sources[$1]) }
        let h = ComparisonCases.horizon(group.lead)
        // Every pair, tested and adjusted together: the family of this ranking.
        var pairs: [(Int, Int)] = []
        for (i, a) in order.enumerated() { for b in order[(i + 1)...] { pairs.append((a, b)) } }
        let tests = pairs.map { DieboldMariano.test(lossesA: series[$0.0], lossesB: series[$0.1], horizon: h, loss: .absolute).success }
        let adjusted = options.pAdjustment.adjust(tests.map { $0?.pValue })
        let m = tests.compactMap { $0 }.count
        func p(_ a: Int, _ b: Int) -> Double? {
            guard let k = pairs.firstIndex(where: { ($0.0 == a && $0.1 == b) || ($0.0 == b && $0.1 == a) }) else { return nil }
            return adjusted[k]
        }
        func tied(_ a: Int, _ b: Int) -> Bool { (p(a, b) ?? 1) >= ComparisonSentence.alpha }
        var groupOf: [Int: Int] = [:]
        var next = 1
        for leader in order where groupOf[leader] == nil {
            groupOf[leader] = next
            for other in order where groupOf[other] == nil && tied(leader, other) { groupOf[other] = next }
            next += 1
        }
        let best = order[0]
        let level = options.pAdjustment.strictestLevel(alpha: ComparisonSentence.alpha, familySize: m)
        return order.enumerated().map { position, k in
            let d = zip(series[k], series[best]).map { $0 - $1 }
            var bootstrap = options.bootstrap
            bootstrap.seed ^= StableSeed.fnv1a("rank|\(sources[k])|\(group.variable)|\(group.lead.kind)|\(ComparisonCases.leadText(group.lead))|\(scope)")
            let interval = try? BlockBootstrap.errorIntervals(zip(dateList, series[k]).map { DatedPair(date: $0, forecast: $1, observed: 0) },
                                                              options: bootstrap).get().mae
            var notes: [String] = []
            if k != best, p(k, best) == nil, sources.count > 1 { notes.append("no test against the best: tied by default") }
            return RankedSource(
                source: sources[k], variable: group.variable, lead: group.lead, locationID: scope, place: place,
                rank: position + 1, rankGroup: groupOf[k], tiedWith: order.filter { $0 != k && tied(k, $0) }.map { sources[$0] },
                rankedSources: sources.count, cases: cases.count, dates: days.count,
                effectiveN: days.isEmpty ? nil : EffectiveSampleSize.of(k == best ? series[k] : d),
                mae: days.isEmpty ? nil : maes[k], maeInterval: interval,
                maeDifferenceFromBest: maes[k] - maes[best], pAdjusted: k == best ? nil : p(k, best), adjustment: options.pAdjustment,
                minimumDetectableDifference: k == best ? nil : EffectiveSampleSize.minimumDetectableDifference(d, alpha: level),
                misaligned: 0, note: notes.isEmpty ? nil : notes.joined(separator: "; "))
        }
    }

    /// `provider_ranking`: every family's ranking of the final pairs.
}
