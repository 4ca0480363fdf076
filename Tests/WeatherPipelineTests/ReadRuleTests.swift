import Foundation
import Testing
import TestSupport
import WeatherIngest
import WeatherStore
@testable import WeatherPipeline

/// `ReadRule`: the one rule by which the runner decides and the prefetcher guesses which files
/// of a run are read.
struct ReadRuleTests {
    let file = fixtures + "/standard/london-2024-05-01T00-00-00Z.json"
    let defaults = IngestSettings().fingerprint
    let metric = IngestSettings(units: .metric).fingerprint

    /// A store that read `file` completely with the default settings.
    func storeThatRead(_ path: String, in tmp: TemporaryFolder) throws -> Store {
        let store = try freshStore(in: tmp)
        _ = try IngestRunner(store: store).run([IngestInput(path: path)])
        return store
    }

    @Test func aFileWithTheSameBytesAndSettingsAsOneReadInThisRunIsIdentical() throws {
        let tmp = try TemporaryFolder("rule")
        defer { tmp.remove() }
        let rule = try ReadRule(store: freshStore(in: tmp), force: false)
        let hash = try InputWalker.hashFile(file)
        #expect(try rule.verdict(hash: hash, settings: defaults) == .read)
        let first = ReadThisRun.FileRef(input: 0, file: 4)
        #expect(rule.note(hash: hash, settings: defaults, file: first), "new content")
        #expect(try rule.verdict(hash: hash, settings: defaults) == .identical(to: first))
        #expect(!rule.willRead(hash: hash, settings: defaults), "the prefetcher guesses from the same rule")
        // Other settings make another reading; forcing does not read the same twice in a run.
        #expect(try rule.verdict(hash: hash, settings: metric) == .read)
        rule.force = true
        #expect(try rule.verdict(hash: hash, settings: defaults) == .identical(to: first))
    }

    @Test func aFileReadBeforeWithTheseSettingsIsUnchangedUnlessForced() throws {
        let tmp = try TemporaryFolder("rule")
        defer { tmp.remove() }
        let store = try storeThatRead(file, in: tmp)
        let hash = try InputWalker.hashFile(file)
        let rule = try ReadRule(store: store, force: false)
        #expect(try rule.verdict(hash: hash, settings: defaults) == .unchanged)
        #expect(!rule.willRead(hash: hash, settings: defaults))
        #expect(try rule.verdict(hash: hash, settings: metric) == .read, "read before with other settings only")
        #expect(rule.willRead(hash: hash, settings: metric))
        // Once the run writes, the store is asked: the answer is the same.
        rule.storeWillBeWritten()
        #expect(try rule.verdict(hash: hash, settings: defaults) == .unchanged)
        let forced = try ReadRule(store: store, force: true)
        #expect(try forced.verdict(hash: hash, settings: defaults) == .read)
        #expect(forced.willRead(hash: hash, settings: defaults))
    }

    @Test func aFileWithoutAHashIsAlwaysRead() throws {
        let tmp = try TemporaryFolder("rule")
        defer { tmp.remove() }
        let rule = try ReadRule(store: storeThatRead(file, in: tmp), force: false)
        #expect(try rule.verdict(hash: nil, settings: defaults) == .read, "standard input, or a file that could not be hashed")
        #expect(rule.willRead(hash: nil, settings: defaults))
    }

    /// A reading left `in_progress` (a killed run) is not a complete one: the file is read.
    @Test func anIncompleteReadingIsReadAgain() throws {
        let tmp = try TemporaryFolder("rule")
        defer { tmp.remove() }
        let store = try storeThatRead(file, in: tmp)
        try store.database.execute("UPDATE sources SET status = 'in_progress'")
        let hash = try InputWalker.hashFile(file)
        #expect(try ReadRule(store: store, force: false).verdict(hash: hash, settings: defaults) == .read)
    }
}
