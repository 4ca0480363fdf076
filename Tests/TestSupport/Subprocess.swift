import Foundation

/// What a process printed and how it ended.
public struct ProcessOutput: Sendable {
    public var status: Int32
    /// True when the process died of a signal (a crash, or a kill of the test's).
    public var signaled: Bool
    public var stdout: String
    public var stderr: String
}

/// Runs other programs (the sqlite3 client, gzip, python3, the built `wxpipe`) as a user would,
/// capturing their output.
public enum Subprocess {
    /// Starts `executable` without waiting (for kill and concurrency tests). The returned
    /// closure waits for the process and returns its output.
    ///
    /// `environment` is added to the test's own; `stdin` is written and then closed, so a
    /// program that reads its standard input never waits on the test's terminal.
    public static func start(_ executable: String, _ args: [String], environment: [String: String] = [:], stdin: Data? = nil,
                             cwd: String? = nil) throws -> (Process, @Sendable () -> ProcessOutput) {
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
        let collected = Collected()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { collected.set(stdout: out.fileHandleForReading.readDataToEndOfFile()); group.leave() }
        group.enter()
        DispatchQueue.global().async { collected.set(stderr: err.fileHandleForReading.readDataToEndOfFile()); group.leave() }
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        return (p, {
            p.waitUntilExit()
            group.wait()
            let (o, e) = collected.both
            return ProcessOutput(status: p.terminationStatus, signaled: p.terminationReason == .uncaughtSignal,
                                 stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
        })
    }

    /// Runs `executable` to its end.
    @discardableResult
    public static func run(_ executable: String, _ args: [String], environment: [String: String] = [:], stdin: Data? = nil,
                           cwd: String? = nil) throws -> ProcessOutput {
        try start(executable, args, environment: environment, stdin: stdin, cwd: cwd).1()
    }

    /// Runs a `/bin/sh -c` command line (gzip, tar, head …: inputs built the way users' tools build them).
    @discardableResult
    public static func shell(_ command: String, cwd: String? = nil) throws -> ProcessOutput {
        try run("/bin/sh", ["-c", command], cwd: cwd)
    }

    /// A program on PATH, or nil.
    public static func which(_ name: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// The two outputs of a process, written by the two reading threads.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var stdout = Data(), stderr = Data()

    func set(stdout data: Data) { lock.withLock { stdout = data } }
    func set(stderr data: Data) { lock.withLock { stderr = data } }
    var both: (Data, Data) { lock.withLock { (stdout, stderr) } }
}
