#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WeatherStore

/// A shard written by an older wxpipe (store schema 1) is merged from an upgraded copy, never
/// upgraded in place: a merge only reads its inputs, which may be read-only (an archive, another
/// user's file, a share mounted read-only) and are not under the output's lock. The copy
/// (`VACUUM INTO`, which reads a read-only file) lies beside the output, whose folder is
/// writable, and is removed after the merge; it takes as much room as the shard for that time.
struct OlderShard {
    /// The file to attach: the shard itself, or its upgraded copy.
    let path: String
    private let isCopy: Bool

    /// `shard` as it is when it is current, or not a wxpipe store of schema 1 (the checks after
    /// the attach say what it is), else an upgraded copy beside `output`.
    init(_ shard: String, besides output: String) throws {
        guard try Self.isVersion1Store(shard) else {
            (path, isCopy) = (shard, false)
            return
        }
        let name = shard.split(separator: "/").last.map(String.init) ?? "shard"
        let folder = output.contains("/") ? String(output[..<output.lastIndex(of: "/")!]) : "."
        let copy = "\(folder)/.\(name).schema1-upgrade-\(getpid()).sqlite"
        Self.remove(copy)
        do {
            try Database(path: shard, readOnly: true).run("VACUUM INTO ?", [.text(copy)])
            _ = try Store(path: copy)
        } catch {
            Self.remove(copy)
            throw error
        }
        (path, isCopy) = (copy, true)
    }

    /// Removes the copy, if one was made.
    func remove() {
        if isCopy { Self.remove(path) }
    }

    /// True for a wxpipe store of schema 1: a `sources` table and `observations` a table. False
    /// for anything else, a file SQLite cannot open included (the merge's checks name it).
    private static func isVersion1Store(_ path: String) throws -> Bool {
        guard let database = try? Database(path: path, readOnly: true),
              let version = try? Migration.version(of: database) else { return false }
        guard version > 0, version < Schema.version else { return false }
        let sources = try database.scalar("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'sources'")?.int
        return try sources == 1 && Migration.isVersion1(database)
    }

    private static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }
}
