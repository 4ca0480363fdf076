import Foundation
import Testing
import TestSupport
@testable import WeatherAnalytics

/// Holm and Benjamini–Hochberg adjustments (`PAdjustment`): by hand, their invariants on random
/// families, and against statsmodels' `multipletests` when python3 has statsmodels.
struct StatisticsMultipleTestingTests {
    typealias S = StatisticsTestSupport

    /// p = (0.01, 0.04, 0.03, 0.005), m = 4. Sorted 0.005, 0.01, 0.03, 0.04.
    /// Holm: 4·0.005 = 0.02, 3·0.01 = 0.03, 2·0.03 = 0.06, 1·0.04 = 0.04 → running max 0.02, 0.03, 0.06, 0.06.
    /// BH: 4·0.005/1 = 0.02, 4·0.01/2 = 0.02, 4·0.03/3 = 0.04, 4·0.04/4 = 0.04 → running min from the top: the same.
    @Test func holmAndBenjaminiHochbergByHand() {
        let p: [Double?] = [0.01, 0.04, 0.03, 0.005]
        let holm = PAdjustment.holm.adjust(p), bh = PAdjustment.bh.adjust(p)
        for (got, want) in zip(holm, [0.03, 0.06, 0.06, 0.02]) { #expect(S.close(got, want, 1e-12), "\(holm)") }
        for (got, want) in zip(bh, [0.02, 0.04, 0.04, 0.02]) { #expect(S.close(got, want, 1e-12), "\(bh)") }
        #expect(PAdjustment.none.adjust(p) == p)
    }

    /// Untested comparisons stay nil and do not count in m; adjusted values are capped at 1.
    /// (0.01, nil, 0.04): m = 2, Holm 0.02, 0.04; BH 2·0.01/1 = 0.02, 2·0.04/2 = 0.04.
    /// (0.6, 0.7): Holm min(1, 1.2) = 1, then max(1, 0.7) = 1; BH 0.7, min(0.7, 1) = 0.7.
    @Test func untestedComparisonsAndTheCapAtOne() {
        #expect(PAdjustment.holm.adjust([0.01, nil, 0.04]) == [0.02, nil, 0.04])
        #expect(PAdjustment.bh.adjust([0.01, nil, 0.04]) == [0.02, nil, 0.04])
        #expect(PAdjustment.holm.adjust([0.6, 0.7]) == [1, 1])
        #expect(PAdjustment.bh.adjust([0.6, 0.7]) == [0.7, 0.7])
        #expect(PAdjustment.holm.adjust([]) == [])
        #expect(PAdjustment.holm.adjust([0.2]) == [0.2])
        #expect(PAdjustment.holm.strictestLevel(alpha: 0.05, familySize: 5) == 0.01)
        #expect(PAdjustment.none.strictestLevel(alpha: 0.05, familySize: 5) == 0.05)
    }

    /// On random families: adjusted ≥ raw, ≤ 1, and in the order of the raw p-values; BH ≤ Holm.
    @Test func adjustedPValuesKeepTheRawOrderAndNeverShrink() {
        var rng = Xoshiro256StarStar(seed: 5)
        for _ in 0..<200 {
            let m = 1 + rng.nextIndex(below: 12)
            let p = (0..<m).map { _ in pow(rng.nextUnitDouble(), 3) }
            let holm = PAdjustment.holm.adjust(p).map { $0! }, bh = PAdjustment.bh.adjust(p).map { $0! }
            for k in 0..<m {
                #expect(holm[k] >= p[k] && bh[k] >= p[k] && holm[k] <= 1 && bh[k] <= 1)
                #expect(bh[k] <= holm[k] + 1e-15)
                for j in 0..<m where p[j] <= p[k] { #expect(holm[j] <= holm[k] && bh[j] <= bh[k]) }
            }
        }
    }

    /// statsmodels `multipletests(method="holm" / "fdr_bh")` on random families (skipped when
    /// python3 has no statsmodels: it is not one of the packages `make test` installs).
    @Test func matchesStatsmodelsWhenInstalled() throws {
        guard let python = Python.interpreter,
              (try? Subprocess.run(python, ["-c", "import statsmodels"]))?.status == 0 else {
            print("statsmodels is not installed for python3: the multipletests cross-check was skipped")
            return
        }
        var rng = Xoshiro256StarStar(seed: 11)
        let families = (0..<30).map { _ in (0..<(1 + rng.nextIndex(below: 10))).map { _ in pow(rng.nextUnitDouble(), 2) } }
        let input = try JSONSerialization.data(withJSONObject: ["p": families])
        guard let out = try Python.run(repositoryRoot + "/Tests/padjust_crosscheck.py", [], stdin: input) else { return }
        let reference = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: [[Double]]])
        for (k, p) in families.enumerated() {
            for (got, want) in zip(PAdjustment.holm.adjust(p), reference["holm"]![k]) { #expect(S.close(got, want, 1e-12)) }
            for (got, want) in zip(PAdjustment.bh.adjust(p), reference["bh"]![k]) { #expect(S.close(got, want, 1e-12)) }
        }
        print("multipletests cross-check ran on \(families.count) families")
    }
}
