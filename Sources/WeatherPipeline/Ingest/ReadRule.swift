import WeatherIngest
import WeatherStore

/// Whether a file of a run is read: the one rule by which the runner decides each file, in
/// order, and by which `Prefetcher` guesses which files to read ahead.
///
/// A file is not read when it has the same bytes and settings as a file read earlier in this
/// run (it is "identical to" that one), or — unless the run is forced — when the store holds a
/// complete reading of those bytes with those settings (it is unchanged). Anything else is
/// read: standard input and a file that could not be hashed, too. The prefetcher's answer is
/// only a guess, as the store and this run's readings change under it while files ahead are
/// decoded; the runner asks again when the file's turn comes.
final class ReadRule {
    enum Verdict: Equatable {
        case read
        /// The same bytes and settings as this earlier file of the run.
        case identical(to: ReadThisRun.FileRef)
        /// Read before with these settings, completely, as the store says.
        case unchanged
    }

    private let store: Store
    /// Read every file again, even one read before with the same settings (`--force`).
    var force: Bool
    /// Content hash and settings of each file read in this run → its place in the plan.
    private var readThisRun = ReadThisRun()
    /// The complete readings of the store when the run started (see `loadCompleteReadings`),
    /// and whether the run has written since.
    private var completeReadings: Set<String>
    private var storeWritten = false

    /// A rule over `store` as it is now: its complete readings are read in one query.
    init(store: Store, force: Bool) throws {
        self.store = store
        self.force = force
        self.completeReadings = try Self.loadCompleteReadings(store)
    }

    /// The verdict for a file with this content hash (nil: standard input, or not hashed) and
    /// settings fingerprint.
    func verdict(hash: String?, settings: String) throws -> Verdict {
        guard let hash else { return .read }
        if let other = readThisRun.first(hash: hash, settings: settings) { return .identical(to: other) }
        if !force, try isIngested(hash, settings: settings) { return .unchanged }
        return .read
    }

    /// The prefetcher's guess: the verdict as things stand now, and a store that cannot be
    /// asked guesses "not read" (decoding ahead is only worth it for a likely read).
    func willRead(hash: String?, settings: String) -> Bool {
        (try? verdict(hash: hash, settings: settings)) == .read
    }

    /// Notes a file the runner reached (read, or unchanged) with this content and settings, so
    /// that a later file with the same is `identical` to it; returns whether the content itself
    /// (under any settings) is new in this run.
    func note(hash: String, settings: String, file: ReadThisRun.FileRef) -> Bool {
        readThisRun.note(hash: hash, settings: settings, file: file)
    }

    /// The run writes the store from now on: the readings loaded at its start no longer answer.
    func storeWillBeWritten() { storeWritten = true }

    /// The set read at the start while nothing was written, the store after.
    private func isIngested(_ inputHash: String, settings: String) throws -> Bool {
        if !storeWritten { return completeReadings.contains(Self.readingKey(hash: inputHash, settings: settings)) }
        return try store.isIngested(inputHash: inputHash, settings: settings)
    }

    /// Every (hash, settings) whose sources are all complete, read in one query when the run
    /// starts: a run over an unchanged folder of 2,000 files answers "read before?" for all of
    /// them at once. Exact until this run writes the store; after that the store is asked.
    static func loadCompleteReadings(_ store: Store) throws -> Set<String> {
        let rows = try store.database.rows("""
            SELECT input_hash, settings_fingerprint FROM sources WHERE input_hash IS NOT NULL
            GROUP BY input_hash, settings_fingerprint HAVING COUNT(*) = SUM(status = 'complete')
            """)
        var keys = Set<String>()
        for row in rows {
            guard case .text(let hash) = row[0] else { continue }
            let settings: String? = if case .text(let s) = row[1] { s } else { nil }
            keys.insert(Self.readingKey(hash: hash, settings: settings))
        }
        return keys
    }

    /// A fingerprint of NULL (stores from before settings were recorded) is never equal to a
    /// run's settings (`IS ?` with text), so it gets a key no run can have.
    static func readingKey(hash: String, settings: String?) -> String {
        hash + (settings.map { "\u{0}" + $0 } ?? "\u{1}")
    }
}
