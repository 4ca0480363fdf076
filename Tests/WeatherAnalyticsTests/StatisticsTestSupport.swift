import Foundation
import Testing
import TestSupport
@testable import WeatherAnalytics

/// Helpers shared by the Statistics*Tests files.
enum StatisticsTestSupport {
    /// |a − b| ≤ tolerance · max(1, |b|): absolute near zero, relative for large values.
    static func close(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= tolerance * max(1, abs(b))
    }

    /// A standard normal deviate by Box–Muller, from the seeded generator.
    static func gaussian(_ rng: inout Xoshiro256StarStar) -> Double {
        let u1 = 1 - rng.nextUnitDouble()  // (0, 1]: log stays finite
        let u2 = rng.nextUnitDouble()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// `count` consecutive dates from `start`.
    static func dates(from start: String, count: Int) -> [String] {
        let first = CivilDay.number(start)!
        return (0..<count).map { CivilDay.text(first + Int64($0)) }
    }

    /// Runs `Tests/dm_crosscheck.py` with `input` on stdin and returns its stdout. numpy and
    /// scipy come with `scores`, which `make test` installs: a missing package or a crash of the
    /// script is a recorded failure (and nil), never a skip.
    static func runCrossCheck(input: Data, sourceLocation: SourceLocation = #_sourceLocation) throws -> Data? {
        try Python.run(repositoryRoot + "/Tests/dm_crosscheck.py", ["--stdin"], stdin: input, sourceLocation: sourceLocation)
            .map { Data($0.stdout.utf8) }
    }
}
