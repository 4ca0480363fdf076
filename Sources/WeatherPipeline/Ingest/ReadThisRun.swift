/// The inputs read in this run, by content hash and settings: to tell a file identical to an
/// earlier input of the same run (and name that input) from one unchanged since an earlier run.
///
/// Kept compact because it lives for the whole run and grows with the files: two strings per
/// file (the hash with the settings, and the path) took ~300 bytes each — 10 MB of a 32,000-file
/// folder's peak. Here a file costs two 64-bit halves of its hash, a small settings number and
/// its place in the plan; the path is looked up in the plan only to be printed.
struct ReadThisRun {
    /// Where a file is in the plan: its input's index and its own.
    struct FileRef: Equatable {
        var input: Int32
        var file: Int32
    }

    private struct Key: Hashable {
        var high: UInt64
        var low: UInt64
        var settings: Int32
    }

    private var settingsNumbers: [String: Int32] = [:]
    private var firstRead: [Key: FileRef] = [:]
    private var hashes: Set<Key> = []
    /// Hashes not in `ContentHash`'s 32 hex digits (none today), kept as they are.
    private var otherFirstRead: [String: FileRef] = [:]
    private var otherHashes: Set<String> = []

    /// The file first read with this content and settings in this run, if any.
    func first(hash: String, settings: String) -> FileRef? {
        guard let number = settingsNumbers[settings] else { return nil }
        if let key = Self.key(hash, settings: number) { return firstRead[key] }
        return otherFirstRead[hash + "\u{0}" + settings]
    }

    /// Notes `file` as read with this content and settings; returns whether the content itself
    /// (under any settings) is new in this run.
    mutating func note(hash: String, settings: String, file: FileRef) -> Bool {
        let number: Int32
        if let known = settingsNumbers[settings] {
            number = known
        } else {
            number = Int32(settingsNumbers.count)
            settingsNumbers[settings] = number
        }
        if let key = Self.key(hash, settings: number) {
            if firstRead[key] == nil { firstRead[key] = file }
            return hashes.insert(Key(high: key.high, low: key.low, settings: -1)).inserted
        }
        if otherFirstRead[hash + "\u{0}" + settings] == nil { otherFirstRead[hash + "\u{0}" + settings] = file }
        return otherHashes.insert(hash).inserted
    }

    private static func key(_ hash: String, settings: Int32) -> Key? {
        guard hash.utf8.count == 32, let high = UInt64(hash.prefix(16), radix: 16), let low = UInt64(hash.suffix(16), radix: 16) else {
            return nil
        }
        return Key(high: high, low: low, settings: settings)
    }
}
