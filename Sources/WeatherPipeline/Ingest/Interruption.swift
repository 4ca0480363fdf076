#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// SIGINT and SIGTERM stop a run cleanly: the handler only records the signal; the ingest loop
/// sees it between documents, rolls back the input in progress (redone on the next run) and
/// the summary says what was done. Storing an atomic is async-signal-safe; nothing else runs
/// in the handler.
public enum Interruption {
    static let received = Atomic<Int32>(0)

    /// Installs the handlers and unblocks both signals on the calling thread (and so on the
    /// reading threads it starts later). A process inherits its parent's signal mask: started
    /// from a program that blocks SIGINT/SIGTERM (a test runner, some supervisors), the signals
    /// would otherwise stay pending and the run would never see them.
    public static func install() {
        signal(SIGINT) { sig in Interruption.received.store(sig, ordering: .relaxed) }
        signal(SIGTERM) { sig in Interruption.received.store(sig, ordering: .relaxed) }
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    public static var requested: Bool { received.load(ordering: .relaxed) != 0 }
    public static var signalNumber: Int32 { received.load(ordering: .relaxed) }
}

/// The run stopped on a signal.
public struct IngestInterrupted: Error, Sendable, CustomStringConvertible {
    public var signal: Int32
    public var description: String { "interrupted by \(signal == SIGTERM ? "SIGTERM" : "SIGINT")" }
    /// The shell convention: 128 + the signal number.
    public var exitCode: Int32 { 128 + signal }
}
