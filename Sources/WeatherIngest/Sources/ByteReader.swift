/// A buffered reader over a `ByteSource` that can peek, read exact counts and skip.
///
/// It is itself a `ByteSource`, so detection can peek at magic bytes and then hand the same
/// reader (with nothing lost) to the gzip, tar or document reader. The buffer is raw heap
/// memory so reads need no closures around array storage.
public final class ByteReader: ByteSource {
    private let source: ByteSource
    private var buffer: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0
    private var atEnd = false
    /// Bytes consumed by callers so far.
    public private(set) var consumed: Int = 0

    public init(_ source: ByteSource, capacity: Int = 256 << 10) {
        self.source = source
        self.buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 8)
    }

    deinit { buffer.deallocate() }

    /// Makes at least `count` bytes available if the stream has them; returns how many are.
    @discardableResult
    public func fill(_ count: Int) throws(IngestError) -> Int {
        if end - start >= count || atEnd { return end - start }
        if start > 0 {
            let n = end - start
            if n > 0 { buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: n) }
            start = 0
            end = n
        }
        if buffer.count < count {
            let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 8)
            if end > 0 { bigger.baseAddress!.copyMemory(from: buffer.baseAddress!, byteCount: end) }
            buffer.deallocate()
            buffer = bigger
        }
        while end - start < count && !atEnd {
            let n = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[end...]))
            if n == 0 { atEnd = true } else { end += n }
        }
        return end - start
    }

    /// Up to `count` bytes without consuming them.
    public func peek(_ count: Int) throws(IngestError) -> [UInt8] {
        let n = min(count, try fill(count))
        return Array(UnsafeRawBufferPointer(rebasing: buffer[start..<start + n]))
    }

    /// Exactly `count` bytes, or fewer at the end of the stream.
    public func read(exactly count: Int) throws(IngestError) -> [UInt8] {
        let out = try peek(count)
        start += out.count
        consumed += out.count
        return out
    }

    /// Skips `count` bytes; returns how many could be skipped.
    @discardableResult
    public func skip(_ count: Int) throws(IngestError) -> Int {
        var left = count
        while left > 0 {
            if start == end {
                if try fill(1) == 0 { break }
            }
            let n = min(left, end - start)
            start += n
            consumed += n
            left -= n
        }
        return count - left
    }

    public func read(into out: UnsafeMutableRawBufferPointer) throws(IngestError) -> Int {
        if start == end {
            // Large reads bypass the buffer.
            if out.count >= buffer.count && !atEnd {
                let n = try source.read(into: out)
                if n == 0 { atEnd = true }
                consumed += n
                return n
            }
            if try fill(1) == 0 { return 0 }
        }
        let n = min(out.count, end - start)
        out.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: n)
        start += n
        consumed += n
        return n
    }
}
