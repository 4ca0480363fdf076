import Testing
@testable import WeatherPipeline

/// The inputs read in a run, kept as hash halves and plan positions (`ReadThisRun`).
struct ReadThisRunTests {
    @Test func identicalContentIsFoundUnderTheSameSettingsOnly() {
        var run = ReadThisRun()
        let hash = "0123456789abcdef0123456789abcdef"
        let first = ReadThisRun.FileRef(input: 0, file: 3)
        #expect(run.first(hash: hash, settings: "metric") == nil)
        let noted1 = run.note(hash: hash, settings: "metric", file: first)
        #expect(noted1)
        #expect(run.first(hash: hash, settings: "metric") == first)
        // The same bytes under other settings: a new reading, but not new content.
        #expect(run.first(hash: hash, settings: "imperial") == nil)
        let noted2 = run.note(hash: hash, settings: "imperial", file: ReadThisRun.FileRef(input: 1, file: 0))
        #expect(!noted2)
        #expect(run.first(hash: hash, settings: "imperial") == ReadThisRun.FileRef(input: 1, file: 0))
        // The first reading stays the one named.
        let noted3 = run.note(hash: hash, settings: "metric", file: ReadThisRun.FileRef(input: 2, file: 9))
        #expect(!noted3)
        #expect(run.first(hash: hash, settings: "metric") == first)
        #expect(run.first(hash: "fedcba9876543210fedcba9876543210", settings: "metric") == nil)
    }

    @Test func aHashInAnotherFormIsKeptAsText() {
        var run = ReadThisRun()
        let noted4 = run.note(hash: "not-hex", settings: "", file: ReadThisRun.FileRef(input: 0, file: 1))
        #expect(noted4)
        #expect(run.first(hash: "not-hex", settings: "") == ReadThisRun.FileRef(input: 0, file: 1))
        let noted5 = run.note(hash: "not-hex", settings: "x", file: ReadThisRun.FileRef(input: 0, file: 2))
        #expect(!noted5)
        #expect(run.first(hash: "not-hex-2", settings: "") == nil)
    }
}
