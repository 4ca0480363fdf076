import Foundation

/// A blocking first-in, first-out queue with a capacity, between the reading thread and the
/// writing thread of an ingest. The capacity bounds memory: a fast reader waits for the store.
final class BoundedQueue<Element: Sendable>: @unchecked Sendable {
    private var items: [Element] = []
    private var head = 0
    private var closed = false
    private let condition = NSCondition()
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// Waits for room; false when the queue was closed (the consumer gave up).
    func push(_ item: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count - head >= capacity && !closed { condition.wait() }
        if closed { return false }
        items.append(item)
        condition.broadcast()
        return true
    }

    /// Waits for an item; nil once the queue is closed and empty.
    func pop() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while items.count == head && !closed { condition.wait() }
        if items.count == head { return nil }
        let item = items[head]
        head += 1
        if head > 64 && head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        condition.broadcast()
        return item
    }

    /// No more items will be pushed (producer), or none will be taken (consumer).
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}
