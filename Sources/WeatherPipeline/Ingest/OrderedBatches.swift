import Foundation

/// The batches of one file between its splitting thread, the decoding workers and the writer:
/// handed to the writer in the order they were split, and bounded by bytes, not by counts.
///
/// A batch costs its estimated memory: before it is decoded, its JSON bytes times the largest
/// ratio of decoded to JSON bytes seen so far (a 31 KB Open-Meteo reply becomes ~250 KB of
/// forecast rows, an OWM current reply about its own size); once decoded, its measured
/// estimate. The splitter waits while the batches in flight would pass `budget`, so a 1 GB
/// One Call file and a 1 GB current-weather file hold the same bounded amount however fast the
/// decoders are and however slow the store is.
final class OrderedBatches<Element: Sendable>: @unchecked Sendable {
    private var ready: [Int: (Element, cost: Int)] = [:]
    private var costs: [Int: Int] = [:]
    private var inFlight = 0
    private var nextSequence = 0
    private var nextOut = 0
    private var inputDone = false
    private var cancelled = false
    /// Decoded bytes per JSON byte: the largest seen, starting pessimistic.
    private var expansion = 8.0
    private var measured = false
    private let condition = NSCondition()
    let budget: Int

    init(budget: Int) { self.budget = budget }

    /// Bytes in flight now (for tests and the bench's accounting).
    var bytesInFlight: Int { condition.lock(); defer { condition.unlock() }; return inFlight }

    /// Waits for room for a batch of `jsonBytes`, then gives its sequence number; nil when the
    /// writer gave up. A batch is always admitted when nothing is in flight, so one larger than
    /// the budget (a 16 MiB document) still passes, alone.
    func reserve(jsonBytes: Int) -> Int? {
        condition.lock()
        defer { condition.unlock() }
        let cost = max(1, Int(Double(jsonBytes) * expansion))
        while inFlight > 0 && inFlight + cost > budget && !cancelled { condition.wait() }
        if cancelled { return nil }
        let sequence = nextSequence
        nextSequence += 1
        costs[sequence] = cost
        inFlight += cost
        return sequence
    }

    /// A decoded batch: its cost becomes `bytes`, measured; `jsonBytes` updates the expansion.
    func deliver(_ sequence: Int, _ element: Element, bytes: Int, jsonBytes: Int) {
        condition.lock()
        defer { condition.unlock() }
        let reserved = costs.removeValue(forKey: sequence) ?? 0
        inFlight += bytes - reserved
        if jsonBytes >= 4096 {
            let ratio = Double(bytes) / Double(jsonBytes)
            expansion = measured ? max(expansion, ratio) : max(1.5, ratio)
            measured = true
        }
        ready[sequence] = (element, bytes)
        condition.broadcast()
    }

    /// The splitter is done: once every batch is taken, `next` gives nil.
    func finishInput() {
        condition.lock()
        inputDone = true
        condition.broadcast()
        condition.unlock()
    }

    /// The writer gives up: the splitter's next `reserve` gives nil, `next` gives nil.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch in split order, waiting for it; nil when all are taken (or cancelled).
    func next() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while ready[nextOut] == nil && !cancelled && !(inputDone && nextOut == nextSequence) { condition.wait() }
        guard !cancelled, let (element, cost) = ready.removeValue(forKey: nextOut) else { return nil }
        nextOut += 1
        inFlight -= cost
        condition.broadcast()
        return element
    }
}
