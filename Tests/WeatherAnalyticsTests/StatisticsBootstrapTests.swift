import Foundation
import Testing
@testable import WeatherAnalytics

/// The moving-block bootstrap of bias, MAE and RMSE over target dates.
struct StatisticsBootstrapTests {
    typealias S = StatisticsTestSupport

    /// `count` dates with one pair each, errors from `error(i)`.
    func series(_ count: Int, error: (Int) -> Double) -> [DatedPair] {
        S.dates(from: "2024-01-01", count: count).enumerated().map { i, date in
            DatedPair(date: date, forecast: 10 + error(i), observed: 10)
        }
    }

    @Test func defaultsAreThoseOfTheIssue() {
        let o = BootstrapOptions()
        #expect(o.blockLengthDays == 3 && o.samples == 1000 && o.confidenceLevel == 0.95 && o.minimumPairs == 10)
    }

    @Test func sameSeedSameIntervalsOtherSeedOtherIntervals() throws {
        var rng = Xoshiro256StarStar(seed: 1)
        let pairs = series(40) { _ in S.gaussian(&rng) }
        let first = try BlockBootstrap.errorIntervals(pairs, options: BootstrapOptions(seed: 99)).get()
        let again = try BlockBootstrap.errorIntervals(pairs, options: BootstrapOptions(seed: 99)).get()
        let other = try BlockBootstrap.errorIntervals(pairs, options: BootstrapOptions(seed: 100)).get()
        #expect(first == again)
        #expect(first.bias != other.bias)
        #expect(first.pairs == 40 && first.dates == 40)
        // The input order does not matter: dates are sorted before resampling.
        #expect(try BlockBootstrap.errorIntervals(pairs.reversed(), options: BootstrapOptions(seed: 99)).get() == first)
    }

    @Test func constantErrorGivesZeroWidth() throws {
        let r = try BlockBootstrap.errorIntervals(series(15) { _ in -1.5 }).get()
        #expect(r.bias == ConfidenceInterval(low: -1.5, high: -1.5))
        #expect(r.mae.width == 0 && r.mae.low == 1.5)
        #expect(r.rmse.width == 0 && r.rmse.low == 1.5)
    }

    /// Two pairs a day with errors +2 and −2: every day's bias is 0. Resampling dates keeps the
    /// pair together, so the bias interval is exactly [0, 0]; resampling pairs would not.
    @Test func pairsOfOneDateStayTogether() throws {
        let pairs = S.dates(from: "2024-03-01", count: 12).flatMap { date in
            [DatedPair(date: date, forecast: 12, observed: 10), DatedPair(date: date, forecast: 8, observed: 10)]
        }
        let r = try BlockBootstrap.errorIntervals(pairs).get()
        #expect(r.bias == ConfidenceInterval(low: 0, high: 0))
        #expect(r.mae == ConfidenceInterval(low: 2, high: 2))
        #expect(r.pairs == 24 && r.dates == 12)
    }

    @Test func tooSmallGroupsSaySo() {
        let nine = series(9) { Double($0) }
        #expect(BlockBootstrap.errorIntervals(nine) == .failure(.tooFewPairs(pairs: 9, minimum: 10)))
        #expect(IntervalUnavailable.tooFewPairs(pairs: 9, minimum: 10).description == "n = 9 < 10: no interval")
        let threeDays = S.dates(from: "2024-01-01", count: 3).flatMap { d in
            (0..<4).map { DatedPair(date: d, forecast: Double($0), observed: 0) }
        }
        #expect(BlockBootstrap.errorIntervals(threeDays) == .failure(.tooFewDates(dates: 3, blockLength: 3)))
        #expect(BlockBootstrap.errorIntervals(series(20) { Double($0) }, options: BootstrapOptions(blockLengthDays: 0))
            == .failure(.invalidOptions("block length 0 < 1")))
        #expect(BlockBootstrap.errorIntervals(series(20) { Double($0) }, options: BootstrapOptions(samples: 0))
            == .failure(.invalidOptions("samples 0 < 1")))
    }

    /// A resample is made of runs of L consecutive dates (the last run may be cut), each
    /// starting where a whole block fits.
    @Test(arguments: [1, 3, 7])
    func resamplesAreConsecutiveBlocks(_ blockLength: Int) {
        var rng = Xoshiro256StarStar(seed: 5)
        for _ in 0..<50 {
            let indices = BlockBootstrap.resampleIndices(count: 20, blockLength: blockLength, using: &rng)
            #expect(indices.count == 20)
            for start in stride(from: 0, to: 20, by: blockLength) {
                #expect(indices[start] <= 20 - blockLength)
                for j in start..<min(start + blockLength, 20) { #expect(indices[j] == indices[start] + (j - start)) }
            }
        }
    }

    /// The summing loop the intervals use draws exactly the dates `resampleIndices` lists.
    @Test func summingLoopDrawsTheListedDates() {
        let pairs = series(23) { Double($0 * $0 % 7) - 3 }
        let days = BlockBootstrap.dateSums(pairs)
        var listing = Xoshiro256StarStar(seed: 8), summing = Xoshiro256StarStar(seed: 8)
        for _ in 0..<20 {
            let indices = BlockBootstrap.resampleIndices(count: 23, blockLength: 4, using: &listing)
            let sums = BlockBootstrap.resampledSums(days, blockLength: 4, using: &summing)
            #expect(sums.count == 23)
            #expect(S.close(sums.sumError, indices.reduce(0) { $0 + days[$1].sumError }, 1e-12))
            #expect(S.close(sums.sumSquaredError, indices.reduce(0) { $0 + days[$1].sumSquaredError }, 1e-12))
        }
    }

    /// E|X| for X ~ N(μ, σ²): σ√(2/π) e^{−μ²/2σ²} + μ(1 − 2Φ(−μ/σ)).
    func expectedAbsolute(mean mu: Double, sd sigma: Double) -> Double {
        let phi = 0.5 * erfc(mu / sigma / 2.0.squareRoot())  // Φ(−μ/σ)
        return sigma * (2 / Double.pi).squareRoot() * exp(-mu * mu / (2 * sigma * sigma)) + mu * (1 - 2 * phi)
    }

    /// 400 simulated groups of 60 days (one or two pairs a day) with errors N(0.7, 1.3²): the 95 %
    /// intervals of bias and MAE hold the true values in 90–99 % of the groups.
    @Test func coverageOfKnownMeanIsNear95Percent() throws {
        let mu = 0.7, sigma = 1.3, trueMAE = expectedAbsolute(mean: mu, sd: sigma)
        var rng = Xoshiro256StarStar(seed: 20_240_601)
        var biasHits = 0, maeHits = 0
        let simulations = 400
        for sim in 0..<simulations {
            let pairs = S.dates(from: "2023-01-01", count: 60).enumerated().flatMap { i, date in
                (0..<(i % 3 == 0 ? 2 : 1)).map { _ in DatedPair(date: date, forecast: 5 + mu + sigma * S.gaussian(&rng), observed: 5) }
            }
            let r = try BlockBootstrap.errorIntervals(pairs, options: BootstrapOptions(seed: UInt64(sim))).get()
            if r.bias.contains(mu) { biasHits += 1 }
            if r.mae.contains(trueMAE) { maeHits += 1 }
        }
        let biasCoverage = Double(biasHits) / Double(simulations), maeCoverage = Double(maeHits) / Double(simulations)
        print("StatisticsBootstrapTests: coverage over \(simulations) simulations: bias \(biasCoverage), MAE \(maeCoverage)")
        #expect(biasCoverage >= 0.90 && biasCoverage <= 0.99)
        #expect(maeCoverage >= 0.90 && maeCoverage <= 0.99)
    }

    /// On strongly autocorrelated errors (AR(1), φ = 0.8) blocks of 7 days give wider intervals
    /// than resampling single days, which would pretend the days are independent.
    @Test func blocksWidenIntervalsOfAutocorrelatedErrors() throws {
        var rng = Xoshiro256StarStar(seed: 77)
        var widthOne = 0.0, widthSeven = 0.0
        for _ in 0..<30 {
            var e = 0.0
            let pairs = series(120) { _ in
                e = 0.8 * e + 0.6 * S.gaussian(&rng)
                return e
            }
            widthOne += try BlockBootstrap.errorIntervals(pairs, options: BootstrapOptions(blockLengthDays: 1, samples: 300)).get().bias.width
            widthSeven += try BlockBootstrap.errorIntervals(pairs, options: BootstrapOptions(blockLengthDays: 7, samples: 300)).get().bias.width
        }
        #expect(widthSeven > 1.5 * widthOne, "block 7: \(widthSeven / 30), block 1: \(widthOne / 30)")
    }
}
