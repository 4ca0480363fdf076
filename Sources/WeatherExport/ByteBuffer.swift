/// A growable run of bytes that the CSV encoder writes into directly: `reserve` once per cell,
/// then plain stores, where an `[UInt8]` checks uniqueness and capacity on every byte.
final class ByteBuffer {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes written so far; the writer of a reserved run adds what it wrote.
    var count = 0

    init(capacity: Int = 1 << 20) {
        self.capacity = capacity
        start = .allocate(capacity: capacity)
    }

    deinit { start.deallocate() }

    var contents: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    /// Room for `n` more bytes after `count`: where to write them.
    @inline(__always)
    func reserve(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if count + n > capacity { grow(count + n) }
        return start + count
    }

    @inline(__always)
    func append(_ b: UInt8) {
        if count == capacity { grow(count + 1) }
        start[count] = b
        count += 1
    }

    @inline(__always)
    func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let from = bytes.baseAddress, bytes.count > 0 else { return }
        let p = reserve(bytes.count)
        p.update(from: from, count: bytes.count)
        count += bytes.count
    }

    private func grow(_ needed: Int) {
        var size = capacity * 2
        while size < needed { size *= 2 }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        bigger.update(from: start, count: count)
        start.deallocate()
        start = bigger
        capacity = size
    }
}
