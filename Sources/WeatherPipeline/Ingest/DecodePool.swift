import Foundation

/// Worker threads that decode batches of documents for the whole run (`--jobs N`).
///
/// Created once per `IngestRunner.run` and shared by its files, so a folder of 2,000 small files
/// does not start 2,000 × N threads. Work is taken first in, first out; each piece of work
/// delivers its result to the `BackgroundReader` that submitted it, which hands results to the
/// writer in submission order, so the store sees the same sequence of records whatever N is.
final class DecodePool: @unchecked Sendable {
    /// Submitted work; a slot is emptied when its work is taken, so that what the work holds
    /// (a batch of documents) is freed by the worker that ran it, as soon as it ran. Kept until
    /// the array was compacted, up to 64 batches stayed in memory, and the last of a run were
    /// freed by the writer's thread when the pool ended (11 M instructions for the bench's OWM
    /// current replies, after the last record was written).
    private var work: [(() -> Void)?] = []
    private var head = 0
    private var closed = false
    private let condition = NSCondition()
    private var threads = 0
    private let finished = DispatchSemaphore(value: 0)
    let jobs: Int
    /// The threads the run's files are read on (`BackgroundReader`), reused from file to file.
    let readers = ReaderThreads()

    /// The default of `--jobs`: one decoder per core but the writer's. The writer thread is busy
    /// for most of a run, so one decoder per core made a decoder and the reader share the
    /// writer's core; on 2 cores one decoder was 7–14 % faster than two (OWM current, One Call)
    /// and equal for a folder of Open-Meteo files.
    static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount - 1) }

    init(jobs: Int) {
        self.jobs = max(1, jobs)
        for k in 0..<self.jobs {
            let thread = Thread { [self] in self.runWorker() }
            // Decoding recurses over nested JSON: the parser's tape is flat, but the decoders' readers are not.
            thread.stackSize = 8 << 20
            thread.name = "wxpipe-decode-\(k)"
            threads += 1
            thread.start()
        }
    }

    /// Queues one piece of work; it runs on some worker thread.
    func submit(_ item: @escaping () -> Void) {
        condition.lock()
        work.append(item)
        condition.signal()
        condition.unlock()
    }

    /// Lets the workers finish what was submitted, then ends them.
    func shutdown() {
        readers.shutdown()
        condition.lock()
        if closed { condition.unlock(); return }
        closed = true
        condition.broadcast()
        condition.unlock()
        for _ in 0..<threads { finished.wait() }
    }

    deinit { shutdown() }

    private func runWorker() {
        while let item = take() { item() }
        finished.signal()
    }

    private func take() -> (() -> Void)? {
        condition.lock()
        defer { condition.unlock() }
        while work.count == head && !closed { condition.wait() }
        if work.count == head { return nil }
        let item = work[head]
        work[head] = nil
        head += 1
        if head > 64 && head * 2 > work.count {
            work.removeFirst(head)
            head = 0
        }
        return item
    }
}
