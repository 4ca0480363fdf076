import Foundation

/// Runs the built `wxpipe` binary as a user would.
enum WX {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.path + "/Package.swift") { return url.path }
        }
        return FileManager.default.currentDirectoryPath
    }()

    /// The binary built beside the test bundle (`swift build --build-tests` builds it too).
    static let binary: String = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
        for candidate in [beside + "/wxpipe", root + "/.build/debug/wxpipe"]
        where FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        return root + "/.build/debug/wxpipe"
    }()

    struct Output {
        var status: Int32
        /// True when the process died of a signal (a crash, or a kill of ours).
        var signaled: Bool
        var stdout: String
        var stderr: String
    }

    /// Starts `wxpipe` without waiting (for kill and concurrency tests).
    static func start(_ args: [String], environment: [String: String] = [:], stdin: Data? = nil, cwd: String? = nil,
                      executable: String = binary) throws -> (Process, () -> Output) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = args
        if let cwd { p.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        p.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = input
        try p.run()
        // Both pipes are drained at once so that neither can fill up and stall the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var o = Data(), e = Data()
        group.enter()
        DispatchQueue.global().async { o = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { e = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        return (p, {
            p.waitUntilExit()
            group.wait()
            return Output(status: p.terminationStatus, signaled: p.terminationReason == .uncaughtSignal,
                          stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
        })
    }

    @discardableResult
    static func run(_ args: [String], environment: [String: String] = [:], stdin: Data? = nil, cwd: String? = nil) throws -> Output {
        try start(args, environment: environment, stdin: stdin, cwd: cwd).1()
    }

    /// Runs under GNU time; returns the output and the peak resident memory in MB.
    static func measured(_ args: [String]) throws -> (Output, Double) {
        let out = try start(["-f", "%M", binary] + args, executable: "/usr/bin/time").1()
        let lastLine = out.stderr.split(separator: "\n").last.map(String.init) ?? "0"
        return (out, (Double(lastLine) ?? 0) / 1024)
    }

    /// A fresh temporary folder; the test deletes it with `defer { WX.remove(dir) }`.
    static func tempDir() -> String {
        let d = NSTemporaryDirectory() + "wxpipe-e2e-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }

    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}
