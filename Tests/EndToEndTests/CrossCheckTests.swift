import Foundation
import Testing

/// Runs Tests/crosscheck_scores.py (an independent recomputation of the scores from
/// `forecast_pairs` with the `scores` package) over the fixtures and over a generated multi-city
/// archive; any disagreement beyond 1e-9 fails `make test`.
struct CrossCheckTests {
    /// The `python3` on PATH (the one `make test` installs `scores` into), else the system's.
    static let interpreter: String? = ((ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { $0 + "/python3" }
        + ["/usr/bin/python3", "/usr/local/bin/python3"]).first { FileManager.default.isExecutableFile(atPath: $0) }

    func python(_ args: [String], cwd: String? = nil) throws -> WX.Output {
        try WX.start(args, cwd: cwd, executable: CrossCheckTests.interpreter!).1()
    }

    @Test(.enabled(if: CrossCheckTests.interpreter != nil, "python3 is not installed"))
    func scoresAgreeWithAnIndependentRecomputation() throws {
        let dir = WX.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The fixtures, through the default pipeline.
        try FileManager.default.createDirectory(atPath: dir + "/Pipelines", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/Fixtures", withDestinationPath: WX.root + "/Fixtures")
        try FileManager.default.copyItem(atPath: WX.root + "/Pipelines/default.json", toPath: dir + "/Pipelines/default.json")
        let run = try WX.run(["run", "--quiet"], cwd: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let fixtures = try python([WX.root + "/Tests/crosscheck_scores.py", dir + "/out/weather.sqlite"])
        print(fixtures.stdout, terminator: "")
        #expect(fixtures.status == 0, "\(fixtures.stdout)\(fixtures.stderr)")
        #expect(fixtures.stdout.contains("agree to 1e-09"))
        // A generated archive: four cities in four zones, two providers polled several times a day.
        let made = try python([WX.root + "/Tests/make_verification_archive.py", dir + "/generated"])
        #expect(made.status == 0, "\(made.stderr)")
        let generated = try WX.run(["run", "--quiet", dir + "/generated/pipeline.json"])
        #expect(generated.status == 0, "\(generated.stderr)")
        let check = try python([WX.root + "/Tests/crosscheck_scores.py", dir + "/generated/store.sqlite"])
        print(check.stdout, terminator: "")
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("agree to 1e-09"))
        #expect(!check.stdout.contains(" 0 score groups"))
    }
}
