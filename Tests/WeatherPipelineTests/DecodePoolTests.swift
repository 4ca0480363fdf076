import Foundation
import Testing
@testable import WeatherPipeline

/// `DecodePool`: what a piece of work holds (a batch of documents) is freed once the work has
/// run, not when the queue is next compacted or the pool ends.
struct DecodePoolTests {
    final class Batch: @unchecked Sendable {}

    final class Watch: @unchecked Sendable {
        private let lock = NSLock()
        private var batches: [Weak] = []
        struct Weak { weak var batch: Batch? }

        func add(_ batch: Batch) { lock.withLock { batches.append(Weak(batch: batch)) } }
        var alive: Int { lock.withLock { batches.filter { $0.batch != nil }.count } }
    }

    @Test func workIsFreedOnceItHasRun() {
        let pool = DecodePool(jobs: 2)
        defer { pool.shutdown() }
        let watch = Watch()
        let done = DispatchSemaphore(value: 0)
        // Fewer than the 64 items after which the queue is compacted.
        let count = 10
        for _ in 0..<count {
            let batch = Batch()
            watch.add(batch)
            pool.submit {
                _ = batch
                done.signal()
            }
        }
        for _ in 0..<count { done.wait() }
        // The worker lets go of a piece of work just after running it: wait up to two seconds.
        var waited = 0
        while watch.alive > 0 && waited < 200 {
            usleep(10_000)
            waited += 1
        }
        #expect(watch.alive == 0, "batches still held after their work ran: \(watch.alive) of \(count)")
    }
}
