import CZlib
import Dispatch
import Foundation

/// Raw deflate (what a zip entry holds) of a stream of bytes, compressed a megabyte at a time on
/// every core while the caller goes on writing: deflating the sheet XML alone took three times
/// as long as writing the same rows as CSV, on one core.
///
/// pigz's method: each chunk is deflated on its own and ends with a sync flush (an empty stored
/// block that ends on a byte boundary), so the chunks' outputs, written in order, are one valid
/// deflate stream; `DeflateChunk.end` closes it with an empty final block. A chunk starts
/// without the previous chunk's 32 KB window, which costs a few bytes per megabyte.
/// The CRC-32 of the whole is combined from the chunks' (`crc32_combine`).
final class ParallelDeflate {
    /// Bytes per chunk: large enough that a chunk's start-up is noise, small enough that the
    /// chunks in flight hold a few megabytes.
    static let chunkSize = 1 << 20

    /// The chunk being filled; the caller appends to it and calls `submit` once it holds a
    /// `chunkSize` (then takes the new `input`).
    private(set) var input: ByteBuffer
    private let slots: [DeflateSlot]
    private var next = 0
    private let sink: (UnsafeBufferPointer<UInt8>) throws(ExportError) -> Void
    /// Of what was written to the sink so far.
    private(set) var crc: UInt32 = 0
    private(set) var uncompressed = 0
    private(set) var compressed = 0

    /// `sink` receives the compressed bytes in order, on the caller's thread.
    init(level: Int32 = 1, sink: @escaping (UnsafeBufferPointer<UInt8>) throws(ExportError) -> Void) throws(ExportError) {
        // Twice the cores in flight: the caller fills one chunk while the others are deflated.
        let count = max(2, min(8, 2 * ProcessInfo.processInfo.activeProcessorCount))
        var made: [DeflateSlot] = []
        for _ in 0..<count { made.append(try DeflateSlot(level: level)) }
        slots = made
        input = ByteBuffer(capacity: Self.chunkSize + (64 << 10))
        self.sink = sink
    }

    /// Hands the chunk being filled to a worker and takes an empty one; waits for the oldest
    /// chunk in flight (and writes it) when every slot is busy.
    func submit() throws(ExportError) {
        guard input.count > 0 else { return }
        let slot = slots[next]
        try collect(slot)
        swap(&slot.input, &input)
        input.count = 0
        slot.start()
        next = (next + 1) % slots.count
    }

    /// Deflates what is left and writes every chunk still in flight; the stream stays open
    /// (no final block), so more deflate data may follow it.
    func flush() throws(ExportError) {
        try submit()
        for k in 0..<slots.count { try collect(slots[(next + k) % slots.count]) }
    }

    private func collect(_ slot: DeflateSlot) throws(ExportError) {
        guard slot.wait() else { return }
        guard slot.status == Z_OK else { throw ExportError("cannot compress the workbook: zlib error \(slot.status)") }
        try sink(UnsafeBufferPointer(start: slot.output, count: slot.outputCount))
        crc = DeflateChunk.combine(crc, slot.crc, length: slot.input.count)
        uncompressed += slot.input.count
        compressed += slot.outputCount
    }
}

/// One chunk's stream and buffers, reused from chunk to chunk; a worker thread owns it between
/// `start` and `wait`.
private final class DeflateSlot: @unchecked Sendable {
    var input = ByteBuffer(capacity: ParallelDeflate.chunkSize + (64 << 10))
    private(set) var output: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var outputCount = 0
    private(set) var crc: UInt32 = 0
    private(set) var status = Z_OK
    private var stream = z_stream()
    private var busy = false
    private let done = DispatchSemaphore(value: 0)

    init(level: Int32) throws(ExportError) {
        guard wx_deflateInitRaw(&stream, level) == Z_OK else { throw ExportError("cannot start zlib's deflate") }
        capacity = ParallelDeflate.chunkSize * 2
        output = .allocate(capacity: capacity)
    }

    deinit {
        _ = wait()
        deflateEnd(&stream)
        output.deallocate()
    }

    func start() {
        busy = true
        DispatchQueue.global(qos: .userInitiated).async {
            self.compress()
            self.done.signal()
        }
    }

    /// Waits for the chunk in flight; false when there was none.
    func wait() -> Bool {
        guard busy else { return false }
        done.wait()
        busy = false
        return true
    }

    private func compress() {
        let bytes = input.contents
        let bound = Int(deflateBound(&stream, uLong(bytes.count))) + 64
        if bound > capacity {
            output.deallocate()
            capacity = bound
            output = .allocate(capacity: capacity)
        }
        let (rc, n) = DeflateChunk.deflate(&stream, bytes, into: output, capacity: capacity)
        status = rc
        outputCount = n
        crc = DeflateChunk.crc(bytes)
    }
}

/// The pieces of a deflate stream made of separately deflated chunks.
enum DeflateChunk {
    /// An empty final block (fixed Huffman codes, only the end-of-block code): what ends a
    /// stream whose chunks all ended with a sync flush.
    static let end: [UInt8] = [0x03, 0x00]

    /// `bytes` deflated and sync-flushed by `stream` (reset first) into `output`, which holds at
    /// least `deflateBound` + 64 bytes: zlib's status and the bytes written.
    static func deflate(_ stream: inout z_stream, _ bytes: UnsafeBufferPointer<UInt8>,
                        into output: UnsafeMutablePointer<UInt8>, capacity: Int) -> (Int32, Int) {
        guard deflateReset(&stream) == Z_OK else { return (Z_STREAM_ERROR, 0) }
        stream.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress)
        stream.avail_in = uInt(bytes.count)
        stream.next_out = output
        stream.avail_out = uInt(capacity)
        let rc = CZlib.deflate(&stream, Z_SYNC_FLUSH)
        let written = capacity - Int(stream.avail_out)
        // With room for the bound, one call takes every byte; anything else is an error.
        guard rc == Z_OK, stream.avail_in == 0, stream.avail_out > 0 else { return (rc == Z_OK ? Z_BUF_ERROR : rc, written) }
        return (Z_OK, written)
    }

    /// A small part (a workbook's XML parts, a sheet's head and tail) deflated and sync-flushed
    /// on the caller's thread.
    static func deflate(_ bytes: [UInt8], level: Int32 = 1) throws(ExportError) -> [UInt8] {
        var stream = z_stream()
        guard wx_deflateInitRaw(&stream, level) == Z_OK else { throw ExportError("cannot start zlib's deflate") }
        defer { deflateEnd(&stream) }
        let capacity = Int(deflateBound(&stream, uLong(bytes.count))) + 64
        var out = [UInt8](repeating: 0, count: capacity)
        let (rc, n) = bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { deflate(&stream, input, into: $0.baseAddress!, capacity: capacity) }
        }
        guard rc == Z_OK else { throw ExportError("cannot compress the workbook: zlib error \(rc)") }
        return Array(out.prefix(n))
    }

    static func crc(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        UInt32(crc32(0, bytes.baseAddress, uInt(bytes.count)))
    }

    /// The CRC-32 of `a`'s bytes followed by `b`'s `length` bytes.
    static func combine(_ a: UInt32, _ b: UInt32, length: Int) -> UInt32 {
        length == 0 ? a : UInt32(crc32_combine(uLong(a), uLong(b), off_t(length)))
    }
}
