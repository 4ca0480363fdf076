#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a stage (or a whole pipeline run) ended. The command line turns it into an exit code;
/// the stages themselves know nothing of processes.
public enum StageOutcome: Sendable, Equatable {
    case completed
    /// The stage could not do its work; the reason was already reported through `StageLog`.
    case failed
    /// The stage finished but rejected input while strict mode was asked for.
    case completedWithRejects
    /// Stopped by SIGINT or SIGTERM; the input in progress was rolled back.
    case interrupted(signal: Int32)

    public var isCompleted: Bool { self == .completed }
}

/// Where stages report: one line per message, on stderr in the command line (data never goes
/// here). `error` and `warning` are marked as such by the receiver (colours, prefixes).
public protocol StageLog: AnyObject {
    func info(_ message: String)
    func warning(_ message: String)
    func error(_ message: String)
}

/// A live progress display for long ingests (a terminal line); cleared before other output.
public protocol ProgressDisplay: AnyObject {
    func update(_ progress: IngestProgress)
    func clear()
}
