import Testing
@testable import WeatherAnalytics

/// Contingency scores, by hand on a 2×2 table and over the default precipitation thresholds.
struct StatisticsContingencyTests {
    typealias S = StatisticsTestSupport

    /// a = 30 hits, b = 10 false alarms, c = 20 misses, d = 140 correct negatives, n = 200.
    let table = ContingencyTable(hits: 30, misses: 20, falseAlarms: 10, correctNegatives: 140)

    @Test func handComputedScores() {
        #expect(table.n == 200)
        #expect(S.close(table.pod, 0.6))                // 30/50
        #expect(S.close(table.far, 0.25))               // 10/40
        #expect(S.close(table.pofd, 1.0 / 15))          // 10/150
        #expect(S.close(table.csi, 0.5))                // 30/60
        #expect(S.close(table.frequencyBias, 0.8))      // 40/50
        #expect(S.close(table.randomHits, 10))          // 40·50/200
        #expect(S.close(table.ets, 0.4))                // (30 − 10)/(60 − 10)
        #expect(S.close(table.hss, 4.0 / 7))            // 2(4200 − 200)/(50·160 + 40·150)
        #expect(S.close(table.pss, 8.0 / 15))           // 4000/(50·150)
    }

    /// The same scores by their other textbook forms: HSS = (a + d − E)/(n − E) with
    /// E = [(a + c)(a + b) + (b + d)(c + d)]/n = 130, and PSS = POD − POFD.
    @Test func scoresAgreeWithAlternativeForms() {
        #expect(S.close(table.hss, (170.0 - 130) / (200 - 130)))
        #expect(S.close(table.pss, table.pod! - table.pofd!))
    }

    @Test func emptyDenominatorsGiveNil() {
        let noEvents = ContingencyTable(correctNegatives: 5)
        #expect(noEvents.pod == nil && noEvents.far == nil && noEvents.csi == nil && noEvents.frequencyBias == nil)
        #expect(noEvents.ets == nil && noEvents.hss == nil && noEvents.pss == nil)
        #expect(ContingencyTable().randomHits == nil)
    }

    @Test func tablesMergeByCounts() {
        var x = ContingencyTable()
        x.add(forecastEvent: true, observedEvent: true)
        x.add(forecastEvent: false, observedEvent: true)
        let y = ContingencyTable(hits: 29, misses: 19, falseAlarms: 10, correctNegatives: 140)
        #expect(x + y == table)
    }

    /// Eight pairs (forecast, observed mm), counted by hand per threshold (event = amount ≥ threshold).
    @Test func defaultThresholdsCountedByHand() {
        let pairs: [(forecastMm: Double, observedMm: Double)] = [
            (0, 0), (0.2, 0), (0.5, 1.2), (3, 6), (12, 8), (0, 11), (6, 5.5), (1, 0.1),
        ]
        let tables = PrecipitationContingency.tables(pairs)
        #expect(tables.map(\.thresholdMm) == [0.2, 1, 5, 10])
        #expect(tables[0].table == ContingencyTable(hits: 4, misses: 1, falseAlarms: 2, correctNegatives: 1))
        #expect(tables[1].table == ContingencyTable(hits: 3, misses: 2, falseAlarms: 1, correctNegatives: 2))
        #expect(tables[2].table == ContingencyTable(hits: 2, misses: 2, falseAlarms: 0, correctNegatives: 4))
        #expect(tables[3].table == ContingencyTable(hits: 0, misses: 1, falseAlarms: 1, correctNegatives: 6))
        let custom = PrecipitationContingency.tables(pairs, thresholdsMm: [2])
        #expect(custom.count == 1 && custom[0].table.hits == 3)
    }
}
