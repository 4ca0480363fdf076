import Foundation
import Testing

/// A folder under the system's temporary folder, removed when the test is done with it.
final class ScratchFolder {
    let path = NSTemporaryDirectory() + "wxpipe-readers-\(UUID().uuidString)"
    init() { try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// What a process printed and how it ended.
struct ProcessOutput {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the real readers (Python's openpyxl and DuckDB, LibreOffice when installed) and the
/// built `wxpipe` binary, as a user would.
enum Readers {
    static let root = PackageLayoutTests.root

    /// The binary built beside the test bundle (`swift build --build-tests` builds it too).
    static let wxpipe: String = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
        for candidate in [beside + "/wxpipe", root + "/.build/debug/wxpipe"]
        where FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        return root + "/.build/debug/wxpipe"
    }()

    @discardableResult
    static func run(_ executable: String, _ args: [String], cwd: String? = nil) throws -> ProcessOutput {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = args
        if let cwd { p.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Both pipes are drained at once so that neither can fill up and stall the child.
        nonisolated(unsafe) var o = Data(), e = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { o = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { e = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        p.waitUntilExit()
        group.wait()
        return ProcessOutput(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    @discardableResult
    static func wx(_ args: [String]) throws -> ProcessOutput { try run(wxpipe, args) }

    /// A program on PATH, or nil.
    static func which(_ name: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `Tests/Scripts/<script>` with python3 and returns the JSON it prints; nil (with the
    /// reason printed) only when python3 is not installed. A missing module (openpyxl, duckdb)
    /// fails the test: `make test` installs them.
    static func python(_ script: String, _ args: [String]) throws -> Any? {
        guard let python = which("python3") else {
            print("skipped: python3 is not installed, so \(script) (a real reader of our output) could not run")
            return nil
        }
        let r = try run(python, [root + "/Tests/Scripts/" + script] + args)
        #expect(r.status == 0, "\(script) failed (make test installs openpyxl and duckdb): \(r.stderr)")
        guard r.status == 0 else { return nil }
        return try JSONSerialization.jsonObject(with: Data(r.stdout.utf8))
    }

    /// The store `make run` builds (Pipelines/default.json over Fixtures/), in `folder`, with
    /// its exports as the pipeline writes them (`csv/`, `export.sqlite`, `report.html`).
    static func fixtureStore(in folder: ScratchFolder) throws -> String {
        var text = try String(contentsOfFile: root + "/Pipelines/default.json", encoding: .utf8)
        text = text.replacingOccurrences(of: "\"../Fixtures/", with: "\"\(root)/Fixtures/")
            .replacingOccurrences(of: "\"../out/", with: "\"\(folder.path)/")
        try text.write(toFile: folder.path + "/pipeline.json", atomically: true, encoding: .utf8)
        let r = try wx(["run", folder.path + "/pipeline.json"])
        #expect(r.status == 0, "\(r.stderr)")
        return folder.path + "/weather.sqlite"
    }
}
