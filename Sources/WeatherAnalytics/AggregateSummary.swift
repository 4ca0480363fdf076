/// What one aggregate run produced.
public struct AggregateSummary: Sendable, Equatable {
    public var days = 0, completeDays = 0, months = 0, pairs = 0, scoreGroups = 0
    public var locationsWithoutZone: [String] = []
    /// Forecasts or pairs left out of the scores, per reason (`verification_exclusions`).
    public var excluded: [Exclusion: Int] = [:]
    /// Cases (variable, location, target, lead) dropped to reach the matched sample.
    public var matchedSampleDroppedCases = 0
    /// Remarks a user must see: day windows that are not local days.
    public var warnings: [String] = []
    public var issueSelection = ""

    public func render() -> String {
        var s = "aggregate: \(days) location-days (\(completeDays) complete), \(months) location-months, "
            + "\(pairs) forecast pairs, \(scoreGroups) score groups"
        let parts = excluded.keys.sorted().compactMap { reason -> String? in
            guard let n = excluded[reason], n > 0 else { return nil }
            return "\(n) \(AggregateSummary.wording[reason] ?? reason.rawValue)"
        }
        if !parts.isEmpty {
            s += "\nnot scored (issue selection \(issueSelection)): " + parts.joined(separator: ", ")
            if matchedSampleDroppedCases > 0 { s += " (\(matchedSampleDroppedCases) cases)" }
        }
        for w in warnings { s += "\nwarning: " + w }
        if !locationsWithoutZone.isEmpty {
            s += "\nwarning: no time zone for \(locationsWithoutZone.joined(separator: ", ")): local days taken as UTC"
        }
        return s
    }

    static let wording: [Exclusion: String] = [
        .notCompared: "forecasts of sources not compared",
        .notSelected: "forecasts not selected",
        .dayWindow: "day forecasts whose window is not the local day",
        .pastPeriod: "forecasts for periods already over",
        .partialHindcast: "partial-hindcast pairs (issued after their period began)",
        .ownObservationsOnly: "forecasts whose only truth was their own observations",
        .notInMatchedSample: "pairs outside the matched sample",
        .truncatedPeriod: "12-hour periods cut short (truncated_period)",
        .windowNotCovered: "window forecasts the truth did not cover (window_not_covered)",
    ]
}
