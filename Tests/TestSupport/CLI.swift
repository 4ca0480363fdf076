import Foundation

/// The built `wxpipe` binary, run as a user would.
public enum CLI {
    /// The binary built beside the test bundle (`swift build --build-tests` builds it too), else
    /// the debug build in `.build`.
    public static let binary: String = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
        for candidate in [beside + "/wxpipe", repositoryRoot + "/.build/debug/wxpipe"]
        where FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        return repositoryRoot + "/.build/debug/wxpipe"
    }()

    /// Starts `wxpipe ARGS` without waiting (for kill and concurrency tests).
    public static func start(_ args: [String], environment: [String: String] = [:], stdin: Data? = nil,
                             cwd: String? = nil) throws -> (Process, @Sendable () -> ProcessOutput) {
        try Subprocess.start(binary, args, environment: environment, stdin: stdin, cwd: cwd)
    }

    /// Runs `wxpipe ARGS` to its end.
    @discardableResult
    public static func run(_ args: [String], environment: [String: String] = [:], stdin: Data? = nil, cwd: String? = nil) throws -> ProcessOutput {
        try Subprocess.run(binary, args, environment: environment, stdin: stdin, cwd: cwd)
    }

    /// Runs `wxpipe ARGS` under GNU time; returns the output and the peak resident memory in MB.
    public static func measured(_ args: [String]) throws -> (ProcessOutput, Double) {
        let out = try Subprocess.run("/usr/bin/time", ["-f", "%M", binary] + args)
        let lastLine = out.stderr.split(separator: "\n").last.map(String.init) ?? "0"
        return (out, (Double(lastLine) ?? 0) / 1024)
    }
}

extension CLI {
    /// Lays `folder` out like the repository for `wxpipe run Pipelines/<pipeline>` run from it:
    /// the pipeline file copied into `Pipelines/` and `Fixtures` a link to the repository's, so
    /// the pipeline's `../out/` outputs land in `folder/out`.
    public static func layOutPipeline(_ pipeline: String, in folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder + "/Pipelines", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/Fixtures", withDestinationPath: repositoryRoot + "/Fixtures")
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Pipelines/" + pipeline, toPath: folder + "/Pipelines/" + pipeline)
    }
}
