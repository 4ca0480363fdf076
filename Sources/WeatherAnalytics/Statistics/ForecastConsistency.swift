/// One issue of a forecast for a fixed target (provider, location, variable, target date).
public struct ForecastIssue: Sendable, Equatable {
    public var issuedAt: Int64
    /// Lead of this issue (hours or days, as the caller groups them).
    public var lead: Double
    public var value: Double

    public init(issuedAt: Int64, lead: Double, value: Double) {
        self.issuedAt = issuedAt; self.lead = lead; self.value = value
    }
}

/// The change between two successive issues, attributed to both leads.
public struct ForecastRevision: Sendable, Equatable {
    public var fromLead: Double
    public var toLead: Double
    /// Later value minus earlier value.
    public var revision: Double
}

/// How much a forecast of one event jumps as the event approaches. No observation is used:
/// this describes stability, not accuracy.
///
/// Issues are ordered by issue time (lead shrinking), giving values x₁…x_N and revisions
/// r_i = x_{i+1} − x_i.
/// - Mean absolute revision: (1/(N−1)) Σ |r_i|.
/// - Flip-flop share: among the N − 2 pairs of successive revisions, the share with opposite
///   signs (r_i · r_{i+1} < 0); revisions within ±`tolerance` count as no change and never flip.
///   This is the counting view of "flip-flops" of Zsoter, Buizza & Richardson (2009).
/// - Flip-flop index (Griffiths et al. 2019): (Σ |r_i| − (max x − min x)) / (N − 2), in the
///   forecast's units; 0 for any monotone sequence, so a steady trend toward the outcome costs nothing.
public struct ForecastConsistency: Sendable, Equatable {
    public var issues: Int
    public var revisions: [ForecastRevision]
    public var meanAbsoluteRevision: Double?
    public var signChanges: Int
    public var revisionPairs: Int
    public var flipFlopShare: Double? { revisionPairs > 0 ? Double(signChanges) / Double(revisionPairs) : nil }
    public var flipFlopIndex: Double?

    public init(_ issues: [ForecastIssue], tolerance: Double = 0) {
        // Same issue time (two archives of one run): the longer lead first, as if issued earlier.
        let ordered = issues.sorted { $0.issuedAt != $1.issuedAt ? $0.issuedAt < $1.issuedAt : $0.lead > $1.lead }
        self.issues = ordered.count
        revisions = zip(ordered, ordered.dropFirst()).map {
            ForecastRevision(fromLead: $0.lead, toLead: $1.lead, revision: $1.value - $0.value)
        }
        let totalVariation = revisions.reduce(0) { $0 + abs($1.revision) }
        meanAbsoluteRevision = revisions.isEmpty ? nil : totalVariation / Double(revisions.count)
        var changes = 0
        for (r1, r2) in zip(revisions, revisions.dropFirst()) {
            let s1 = ForecastConsistency.sign(r1.revision, tolerance), s2 = ForecastConsistency.sign(r2.revision, tolerance)
            if s1 * s2 < 0 { changes += 1 }
        }
        signChanges = changes
        revisionPairs = max(0, revisions.count - 1)
        if ordered.count >= 3, let high = ordered.map(\.value).max(), let low = ordered.map(\.value).min() {
            flipFlopIndex = (totalVariation - (high - low)) / Double(ordered.count - 2)
        } else {
            flipFlopIndex = nil
        }
    }

    private static func sign(_ r: Double, _ tolerance: Double) -> Int { r > tolerance ? 1 : (r < -tolerance ? -1 : 0) }
}

/// Consistency pooled over many targets, by sums so groups merge by adding.
public struct ConsistencySums: Sendable, Equatable {
    public var targets = 0
    public var revisions = 0
    public var sumAbsRevision = 0.0
    public var signChanges = 0
    public var revisionPairs = 0

    public init() {}

    public mutating func add(_ c: ForecastConsistency) {
        targets += 1
        revisions += c.revisions.count
        sumAbsRevision += c.revisions.reduce(0) { $0 + abs($1.revision) }
        signChanges += c.signChanges
        revisionPairs += c.revisionPairs
    }

    public static func + (a: ConsistencySums, b: ConsistencySums) -> ConsistencySums {
        var s = a
        s.targets += b.targets; s.revisions += b.revisions; s.sumAbsRevision += b.sumAbsRevision
        s.signChanges += b.signChanges; s.revisionPairs += b.revisionPairs
        return s
    }

    public var meanAbsoluteRevision: Double? { revisions > 0 ? sumAbsRevision / Double(revisions) : nil }
    public var flipFlopShare: Double? { revisionPairs > 0 ? Double(signChanges) / Double(revisionPairs) : nil }
}
