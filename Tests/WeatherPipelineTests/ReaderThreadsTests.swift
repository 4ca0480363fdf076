import Foundation
import Testing
@testable import WeatherPipeline

/// `ReaderThreads`: bodies that wait on each other all run at once (a reader never waits behind
/// another), and bodies one after another reuse the threads instead of starting one each.
struct ReaderThreadsTests {
    /// The threads bodies ran on: a thread seen for the first time has no mark in its
    /// dictionary (thread identities such as `pthread_t` are reused once a thread ends).
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var threads = 0
        func note() {
            let dictionary = Thread.current.threadDictionary
            guard dictionary["wxpipe.test.seen"] == nil else { return }
            dictionary["wxpipe.test.seen"] = true
            lock.lock()
            threads += 1
            lock.unlock()
        }
        var count: Int { lock.lock(); defer { lock.unlock() }; return threads }
    }

    @Test func bodiesThatWaitOnEachOtherRunAtOnce() {
        let threads = ReaderThreads()
        defer { threads.shutdown() }
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<3 {
            threads.run {
                started.signal()
                release.wait()
                done.signal()
            }
        }
        // All three are running before any is let go: each has a thread of its own.
        for _ in 0..<3 { #expect(started.wait(timeout: .now() + 10) == .success) }
        for _ in 0..<3 { release.signal() }
        for _ in 0..<3 { #expect(done.wait(timeout: .now() + 10) == .success) }
    }

    @Test func bodiesOneAfterAnotherReuseTheThreads() {
        let threads = ReaderThreads()
        defer { threads.shutdown() }
        let seen = Seen()
        for _ in 0..<200 {
            let done = DispatchSemaphore(value: 0)
            threads.run {
                seen.note()
                done.signal()
            }
            #expect(done.wait(timeout: .now() + 10) == .success)
            // The body has returned once its thread waits again; a loaded machine can take a
            // while to get there, and the next body must find that thread, not start another.
            let deadline = Date().addingTimeInterval(10)
            while threads.idleThreads == 0 && Date() < deadline { usleep(100) }
        }
        #expect(seen.count == 1, "\(seen.count) threads for 200 bodies one after another")
    }
}
