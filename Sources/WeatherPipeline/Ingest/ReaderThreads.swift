import Foundation

/// The threads that read files for a run's `BackgroundReader`s, kept and reused across files.
///
/// A reader blocks while the writer is behind (its batches are bounded by bytes), so every file
/// in flight needs a thread of its own: one is started only when none is idle, so a folder uses
/// about as many threads as files it reads ahead (2,191 one-document files: a few, not 2,191,
/// each a stack mapped, zeroed and freed).
final class ReaderThreads: @unchecked Sendable {
    private let condition = NSCondition()
    private var work: [() -> Void] = []
    private var idle = 0
    private var closed = false

    /// Runs `body` on an idle reading thread, or on a new one when none is idle.
    func run(_ body: @escaping () -> Void) {
        condition.lock()
        work.append(body)
        // Each waiting body needs an idle thread of its own: a reader never waits behind another.
        if idle >= work.count {
            condition.signal()
            condition.unlock()
            return
        }
        condition.unlock()
        let thread = Thread { [self] in loop() }
        // Reading splits and decompresses; the deep recursion of decoding is the pool's.
        thread.stackSize = 2 << 20
        thread.name = "wxpipe-reader"
        thread.start()
    }

    /// How many threads wait for a body now; tests wait on it so reuse is checked, not raced.
    var idleThreads: Int {
        condition.lock()
        defer { condition.unlock() }
        return idle
    }

    /// Lets the idle threads end, and the others once their bodies return. It does not wait:
    /// a reader's own `stop` is what waits for its body, and a reader never stopped must not
    /// hold up the pool's shutdown, which its body may still submit to.
    func shutdown() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    private func loop() {
        condition.lock()
        while true {
            while work.isEmpty && !closed {
                idle += 1
                condition.wait()
                idle -= 1
            }
            guard !work.isEmpty else { break }
            let body = work.removeFirst()
            condition.unlock()
            body()
            condition.lock()
        }
        condition.unlock()
    }
}
