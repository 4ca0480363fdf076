import Testing
@testable import WeatherAnalytics

/// A group's cases and the per-date series the comparison and ranking tests are made on, on
/// values worked out by hand.
struct ComparisonCasesTests {
    typealias Case = ComparisonCases.Case

    /// Two sources on two locations whose dates recur out of order (the second location starts
    /// again at the first date), each case added twice for source 0.
    func group(byNumbers: Bool) -> ComparisonCases.Group {
        var g = ComparisonCases.Group(variable: "temp_c", lead: .hours(bin: "0-6"))
        let a = g.source("a"), b = g.source("b")
        // (location index, hour of 2024-05-01 or 2024-05-02, error of a, error of b)
        let rows: [(Int32, Int64, Double, Double)] = [
            (1, 30, 1, 4), (0, 0, 2, 1), (0, 1, 3, 1), (1, 2, 5, 0), (0, 26, -1, 2), (1, 30, 3, 2),
        ]
        for (location, hour, ea, eb) in rows {
            let at = 1_714_521_600 + hour * 3600  // 2024-05-01T00:00:00Z + hours
            let day = Int32(at / 86_400)
            let key = Case(location: ["loc-a", "loc-b"][Int(location)], time: UTCTimeText.iso(at), date: UTCTimeText.date(at))
            for (source, e) in [(a, ea), (b, eb)] {
                if byNumbers {
                    g.add(ComparisonCases.CaseNumbers(location: location, time: at, date: day), { key }, source: source,
                          error: e, issuedAt: Double(at - 3600))
                } else {
                    g.add(key, source: source, error: e, issuedAt: Double(at - 3600))
                }
            }
        }
        return g
    }

    @Test func casesByNumbersAreTheCasesByTexts() {
        for byNumbers in [false, true] {
            var g = group(byNumbers: byNumbers)
            let before = g.orderedCases
            g.seal()
            for cases in [before, g.orderedCases] {
                #expect(cases.map(\.location) == ["loc-a", "loc-a", "loc-a", "loc-b", "loc-b"])
                #expect(cases.map(\.key.time) == ["2024-05-01T00:00:00Z", "2024-05-01T01:00:00Z", "2024-05-02T02:00:00Z",
                                                  "2024-05-01T02:00:00Z", "2024-05-02T06:00:00Z"])
                // The case added twice averages its two pairs.
                let twice = cases[4].losses[0]!
                #expect(twice.n == 2 && twice.meanAbs == 2 && twice.meanSquared == 5)
            }
        }
    }

    @Test func perDateLossesAndDatesFollowTheDatesNotTheCaseOrder() {
        var g = group(byNumbers: true)
        g.seal()
        let cases = g.orderedCases
        #expect(ComparisonCases.dates(cases) == ["2024-05-01", "2024-05-02"])
        let days = ComparisonCases.dailyLosses(cases, [0, 1])
        // 2024-05-01: loc-a 00 h (2, 1), 01 h (3, 1), loc-b 02 h (5, 0) — the date comes back after loc-a's 2024-05-02.
        // 2024-05-02: loc-a 02 h (1, 2), loc-b 06 h (a: |1|, |3| → 2, squares 5; b: 4, 2 → 3, squares 10).
        #expect(days.count == 2)
        #expect(days[0][0].abs == 10.0 / 3 && days[0][1].abs == 2.0 / 3)
        #expect(days[0][0].sq == 38.0 / 3 && days[0][1].sq == 2.0 / 3)
        #expect(days[1][0].abs == 1.5 && days[1][1].abs == 2.5)
        #expect(days[1][0].sq == 3 && days[1][1].sq == 7)
    }
}

/// The canonical texts the spool gives a case, for the tests above.
private enum UTCTimeText {
    static func iso(_ t: Int64) -> String {
        let d = date(t), s = t % 86_400
        return d + "T" + two(s / 3600) + ":" + two(s / 60 % 60) + ":" + two(s % 60) + "Z"
    }

    static func date(_ t: Int64) -> String { t < 1_714_608_000 ? "2024-05-01" : "2024-05-02" }

    private static func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
