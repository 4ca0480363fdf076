#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive advisory lock (`flock`) on `<store>.lock`, held by a run that writes the store.
///
/// SQLite's own locking keeps the file consistent, but two ingests of the same input could
/// still interleave their bookkeeping (one discarding the other's half-written source). With
/// this lock a second `wxpipe` waits for the first and then finds the inputs already ingested.
/// The lock is released when the process ends, however it ends (even SIGKILL).
public final class StoreLock {
    private let fd: Int32
    public let path: String

    /// Takes the lock, calling `waiting` once if another process holds it.
    public init(store: String, waiting: () -> Void) throws(StoreError) {
        path = store + ".lock"
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if fd < 0 { throw StoreError.lockFile(path: path, reason: String(cString: strerror(errno))) }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            waiting()
            while flock(fd, LOCK_EX) != 0 {
                if errno != EINTR {
                    close(fd)
                    throw StoreError.lockFile(path: path, reason: String(cString: strerror(errno)))
                }
            }
        }
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
