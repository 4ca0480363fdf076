import Testing
@testable import WeatherAnalytics

/// Revision size and flip-flops of successive forecasts of one target.
struct StatisticsConsistencyTests {
    typealias S = StatisticsTestSupport

    func issues(_ values: [Double]) -> [ForecastIssue] {
        values.enumerated().map { i, v in ForecastIssue(issuedAt: Int64(i) * 86400, lead: Double(values.count - i), value: v) }
    }

    /// Four issues 20, 22, 19, 21 °C (leads 4…1 d): revisions +2, −3, +2; both revision pairs
    /// change sign. Mean |revision| = 7/3; flip-flop share = 2/2 = 1; Griffiths index = (7 − 3)/2 = 2.
    @Test func fourIssueSequenceByHand() {
        let c = ForecastConsistency(issues([20, 22, 19, 21]))
        #expect(c.issues == 4)
        #expect(c.revisions.map(\.revision) == [2, -3, 2])
        #expect(c.revisions.map(\.toLead) == [3, 2, 1] && c.revisions[0].fromLead == 4)
        #expect(S.close(c.meanAbsoluteRevision, 7.0 / 3))
        #expect(c.signChanges == 2 && c.revisionPairs == 2 && c.flipFlopShare == 1)
        #expect(S.close(c.flipFlopIndex, 2))
    }

    /// The worked example of the `scores` package docs (Griffiths et al. 2019): 50, 20, 40, 80 gives 15.
    @Test func griffithsWorkedExample() {
        let c = ForecastConsistency(issues([50, 20, 40, 80]))
        #expect(S.close(c.flipFlopIndex, 15))
        #expect(S.close(c.meanAbsoluteRevision, 30) && c.flipFlopShare == 0.5)
    }

    @Test func steadyTrendIsNoFlipFlop() {
        let c = ForecastConsistency(issues([10, 12, 13, 15]))
        #expect(c.flipFlopShare == 0 && S.close(c.flipFlopIndex, 0))
        #expect(S.close(c.meanAbsoluteRevision, 5.0 / 3))
    }

    @Test func issuesAreOrderedByIssueTime() {
        let shuffled = [issues([20, 22, 19, 21])[2], issues([20, 22, 19, 21])[0], issues([20, 22, 19, 21])[3], issues([20, 22, 19, 21])[1]]
        #expect(ForecastConsistency(shuffled) == ForecastConsistency(issues([20, 22, 19, 21])))
        let sameTime = [ForecastIssue(issuedAt: 0, lead: 1, value: 5), ForecastIssue(issuedAt: 0, lead: 2, value: 3)]
        #expect(ForecastConsistency(sameTime).revisions == [ForecastRevision(fromLead: 2, toLead: 1, revision: 2)])
    }

    /// Revisions within the tolerance (the provider's rounding, say) count as no change.
    @Test func smallRevisionsDoNotFlip() {
        let values = [20, 20.1, 19.9, 21]  // revisions +0.1, −0.2, +1.1
        #expect(ForecastConsistency(issues(values)).signChanges == 2)
        #expect(ForecastConsistency(issues(values), tolerance: 0.25).signChanges == 0)
    }

    @Test func shortSequences() {
        let one = ForecastConsistency(issues([5]))
        #expect(one.meanAbsoluteRevision == nil && one.flipFlopShare == nil && one.flipFlopIndex == nil)
        let two = ForecastConsistency(issues([5, 7]))
        #expect(two.meanAbsoluteRevision == 2 && two.flipFlopShare == nil && two.flipFlopIndex == nil)
    }

    @Test func sumsPoolTargets() {
        var a = ConsistencySums(), b = ConsistencySums()
        a.add(ForecastConsistency(issues([20, 22, 19, 21])))  // 3 revisions, Σ 7, 2 of 2 flips
        b.add(ForecastConsistency(issues([10, 12, 13, 15])))  // 3 revisions, Σ 5, 0 of 2 flips
        let pooled = a + b
        #expect(pooled.targets == 2 && pooled.revisions == 6)
        #expect(S.close(pooled.meanAbsoluteRevision, 2) && pooled.flipFlopShare == 0.5)
    }
}
