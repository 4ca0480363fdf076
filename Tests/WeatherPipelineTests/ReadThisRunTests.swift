import Testing
@testable import WeatherPipeline

/// The inputs read in a run, kept as hash halves and plan positions (`ReadThisRun`).
struct ReadThisRunTests {
    @Test func identicalContentIsFoundUnderTheSameSettingsOnly() {
        var run = ReadThisRun()
        let hash = "0123456789abcdef0123456789abcdef"
        let first = ReadThisRun.FileRef(input: 0, file: 3)
        #expect(run.first(hash: hash, settings: "metric") == nil)
        #expect(run.note(hash: hash, settings: "metric", file: first))
        #expect(run.first(hash: hash, settings: "metric") == first)
        // The same bytes under other settings: a new reading, but not new content.
        #expect(run.first(hash: hash, settings: "imperial") == nil)
        #expect(!run.note(hash: hash, settings: "imperial", file: ReadThisRun.FileRef(input: 1, file: 0)))
        #expect(run.first(hash: hash, settings: "imperial") == ReadThisRun.FileRef(input: 1, file: 0))
        // The first reading stays the one named.
        #expect(!run.note(hash: hash, settings: "metric", file: ReadThisRun.FileRef(input: 2, file: 9)))
        #expect(run.first(hash: hash, settings: "metric") == first)
        #expect(run.first(hash: "fedcba9876543210fedcba9876543210", settings: "metric") == nil)
    }

    @Test func aHashInAnotherFormIsKeptAsText() {
        var run = ReadThisRun()
        #expect(run.note(hash: "not-hex", settings: "", file: ReadThisRun.FileRef(input: 0, file: 1)))
        #expect(run.first(hash: "not-hex", settings: "") == ReadThisRun.FileRef(input: 0, file: 1))
        #expect(!run.note(hash: "not-hex", settings: "x", file: ReadThisRun.FileRef(input: 0, file: 2)))
        #expect(run.first(hash: "not-hex-2", settings: "") == nil)
    }
}
