import WeatherCore

/// Applies `issue_selection` to one location's forecasts of one kind.
///
/// A case of a source is its target (local date for day forecasts, `valid_at` for hourly ones)
/// and the local date of issue, which fixes the lead. Of the forecasts of one case:
/// `latest_before HH:MM` keeps the last one issued before that local time on the issue date
/// (none when all came later), `first_of_day` the first one issued that day, `all` every one.
/// So a collector polling hourly weighs as much as one polling daily.
public struct IssueSelector {
    public var selection: IssueSelection
    public var rule: ZoneRule

    public init(selection: IssueSelection, rule: ZoneRule) {
        self.selection = selection
        self.rule = rule
    }

    /// A forecast as selection sees it: its id, source, case target and issue time.
    public struct Candidate: Sendable {
        public var id: Int64
        public var source: String
        public var target: String
        public var issuedAt: Int64

        public init(id: Int64, source: String, target: String, issuedAt: Int64) {
            self.id = id
            self.source = source
            self.target = target
            self.issuedAt = issuedAt
        }
    }

    /// The ids of the forecasts kept.
    public func kept(_ candidates: [Candidate]) -> Set<Int64> {
        if case .all = selection { return Set(candidates.map(\.id)) }
        var best: [String: Candidate] = [:]
        for c in candidates {
            if case .latestBefore(let cutoff) = selection, rule.minuteOfDay(c.issuedAt) >= cutoff { continue }
            let key = c.source + "\u{0}" + c.target + "\u{0}" + rule.date(of: c.issuedAt)
            guard let current = best[key] else { best[key] = c; continue }
            switch selection {
            case .firstOfDay:
                if (c.issuedAt, c.id) < (current.issuedAt, current.id) { best[key] = c }
            default:
                if (c.issuedAt, c.id) > (current.issuedAt, current.id) { best[key] = c }
            }
        }
        return Set(best.values.map(\.id))
    }
}
