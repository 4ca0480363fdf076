import Foundation
import WeatherCore
@testable import WeatherIngest

/// A fresh temporary folder per test; the test deletes it with `defer { removeFolder(dir) }`.
func temporaryFolder() -> String {
    let path = NSTemporaryDirectory() + "wxpipe-ingest-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func removeFolder(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
}

func write(_ bytes: [UInt8], to path: String) {
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
}

/// Runs a shell command (gzip, tar) to build inputs the way users' tools do.
@discardableResult
func shell(_ command: String) -> Int32 {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/sh")
    p.arguments = ["-c", command]
    try? p.run()
    p.waitUntilExit()
    return p.terminationStatus
}

/// The repository root (tests run from it under `swift test`, but do not rely on that).
let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
        url.deleteLastPathComponent()
        if FileManager.default.fileExists(atPath: url.path + "/Package.swift") { return url.path }
    }
    return FileManager.default.currentDirectoryPath
}()

/// Everything the ingestor reports for one file, in order.
struct Collected {
    var documents: [RawDocument] = []
    var failures: [(Origin, IngestError)] = []
    var oversized: [(Origin, Int)] = []
    var empties: [Origin] = []
    var sources: [(String, String?)] = []

    var texts: [String] { documents.map { String(decoding: $0.bytes, as: UTF8.self) } }
}

func collect(_ path: String, ingestor: Ingestor = Ingestor()) -> Collected {
    var c = Collected()
    let (files, _) = InputWalker.expand([path])
    for file in files {
        ingestor.ingest(file) { event in
            switch event {
            case .document(let d): c.documents.append(d)
            case .failed(let o, let e, _): c.failures.append((o, e))
            case .oversized(let o, let size, _): c.oversized.append((o, size))
            case .empty(let o): c.empties.append(o)
            case .sourceStarted(let p, let m, _): c.sources.append((p, m))
            case .sourceFinished: break
            }
            return true
        }
    }
    return c
}
