import Foundation

/// A fresh folder of its own under the system temporary folder, for one test.
///
/// The test removes it with `defer { folder.remove() }`: removal is explicit rather than in a
/// `deinit`, because Swift may release a value after its last use, before the test is done
/// with the files in it.
public struct TemporaryFolder: Sendable {
    public let path: String

    /// Creates `wxpipe-<label>-<UUID>`; the label says which tests left it, should one survive a crash.
    public init(_ label: String) throws {
        path = NSTemporaryDirectory() + "wxpipe-\(label)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    public func remove() { removeFolder(path) }
}

/// The path of a fresh `TemporaryFolder`, for tests that work with paths; removed with `removeFolder`.
public func temporaryFolder(_ label: String) throws -> String {
    try TemporaryFolder(label).path
}

/// Removes a folder made by `temporaryFolder` (or any path), ignoring one that is already gone.
public func removeFolder(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
}
