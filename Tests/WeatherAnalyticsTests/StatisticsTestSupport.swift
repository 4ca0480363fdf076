import Foundation
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

    /// Runs `Tests/dm_crosscheck.py` with `input` on stdin and returns its stdout, or nil when
    /// python3 with numpy and scipy is not installed (the check is optional).
    static func runCrossCheck(input: Data) -> Data? {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("dm_crosscheck.py").path
        guard FileManager.default.fileExists(atPath: script),
              let probe = run(["python3", "-c", "import numpy, scipy"], input: Data()), probe.status == 0,
              let result = run(["python3", script, "--stdin"], input: input), result.status == 0 else { return nil }
        return result.output
    }

    private static func run(_ arguments: [String], input: Data) -> (status: Int32, output: Data)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        stdin.fileHandleForWriting.write(input)
        try? stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
