import Foundation

/// The repository's root folder: the nearest folder above this file that holds `Package.swift`.
///
/// Found from the source file's own path, so tests do not depend on the folder `swift test`
/// runs them from.
public let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
        url.deleteLastPathComponent()
        if FileManager.default.fileExists(atPath: url.path + "/Package.swift") { return url.path }
    }
    return FileManager.default.currentDirectoryPath
}()
