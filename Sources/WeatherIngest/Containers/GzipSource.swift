import CZlib

/// Decompresses a gzip stream, including concatenated members (`cat a.gz b.gz`).
///
/// - The `z_stream` lives on the heap: zlib keeps its address between calls, and a Swift
///   struct field may move.
/// - On `Z_STREAM_END` with input left, `inflateReset` continues with the next member;
///   a single inflate loop would silently stop after the first.
/// - Input that ends inside a member is reported as truncated, with the compressed offset
///   (`IngestError.byteOffset`, counted in `.compressed` bytes).
/// - A decompression bomb is stopped by a ratio limit once the output passes a floor
///   (JSON compresses ~10–30:1; a run of zeros 1000:1), and by an absolute cap.
/// zlib manual: https://zlib.net/manual.html
public final class GzipSource: ByteSource {
    public struct Limits: Sendable {
        /// Output never exceeds this many bytes per stream.
        public var maxOutputBytes: Int
        /// Above `ratioFloorBytes` of output, output/input may not exceed this.
        public var maxRatio: Int
        public var ratioFloorBytes: Int

        public init(maxOutputBytes: Int = 1 << 40, maxRatio: Int = 200, ratioFloorBytes: Int = 64 << 20) {
            self.maxOutputBytes = maxOutputBytes
            self.maxRatio = maxRatio
            self.ratioFloorBytes = ratioFloorBytes
        }
    }

    private let upstream: ByteSource
    private let stream: UnsafeMutablePointer<z_stream>
    /// Heap input buffer: zlib keeps `next_in` pointing into it between calls.
    private let input: UnsafeMutablePointer<UInt8>
    private let inputCapacity = 128 << 10
    private let limits: Limits
    private var upstreamEnded = false
    private var finished = false
    private var inMember = false
    private var compressedRead = 0
    public private(set) var bytesOut = 0
    public private(set) var members = 0

    public init(_ upstream: ByteSource, limits: Limits = Limits()) throws(IngestError) {
        self.upstream = upstream
        self.limits = limits
        self.input = UnsafeMutablePointer<UInt8>.allocate(capacity: inputCapacity)
        self.stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // 15 + 32: accept gzip and zlib headers, maximum window.
        let rc = wx_inflateInit2(stream, 15 + 32)
        if rc != Z_OK {
            stream.deinitialize(count: 1)
            stream.deallocate()
            input.deallocate()
            throw IngestError(.zlibInitialisation(code: rc))
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
        input.deallocate()
    }

    /// Offset in the compressed input of the next byte zlib will read.
    public var compressedOffset: Int { compressedRead - Int(stream.pointee.avail_in) }

    private func refill() throws(IngestError) {
        let n = try upstream.read(into: UnsafeMutableRawBufferPointer(start: input, count: inputCapacity))
        if n == 0 { upstreamEnded = true; return }
        compressedRead += n
        stream.pointee.next_in = input
        stream.pointee.avail_in = UInt32(n)
    }

    public func read(into out: UnsafeMutableRawBufferPointer) throws(IngestError) -> Int {
        if finished || out.count == 0 { return 0 }
        while true {
            if stream.pointee.avail_in == 0 {
                try refill()
                if upstreamEnded {
                    finished = true
                    if inMember {
                        throw IngestError(.gzipEndsInsideMember, at: compressedRead, in: .compressed)
                    }
                    return 0
                }
            }
            inMember = true
            stream.pointee.next_out = out.baseAddress!.assumingMemoryBound(to: Bytef.self)
            stream.pointee.avail_out = UInt32(min(out.count, Int(UInt32.max)))
            let rc = inflate(stream, Z_NO_FLUSH)
            let produced = out.count - Int(stream.pointee.avail_out)
            bytesOut += produced
            try checkBomb()
            switch rc {
            case Z_OK, Z_BUF_ERROR:
                if produced > 0 { return produced }
            case Z_STREAM_END:
                inMember = false
                members += 1
                try startNextMemberIfAny()
                if produced > 0 { return produced }
                if finished { return 0 }
            default:
                finished = true
                let reason = stream.pointee.msg.map { String(cString: $0) } ?? "error \(rc)"
                throw IngestError(.gzipCorrupt(reason: reason), at: compressedOffset, in: .compressed)
            }
        }
    }

    private func checkBomb() throws(IngestError) {
        if bytesOut > limits.maxOutputBytes {
            finished = true
            throw IngestError(.gzipExpandsPast(limitBytes: limits.maxOutputBytes), at: compressedOffset, in: .compressed)
        }
        if bytesOut > limits.ratioFloorBytes && bytesOut / max(1, compressedOffset) > limits.maxRatio {
            finished = true
            throw IngestError(.gzipRatio(maxRatio: limits.maxRatio, bytesOut: bytesOut), at: compressedOffset, in: .compressed)
        }
    }

    /// After a member ends: continue with the next gzip member, or finish.
    private func startNextMemberIfAny() throws(IngestError) {
        if stream.pointee.avail_in == 0 {
            try refill()
            if upstreamEnded { finished = true; return }
        }
        // Peek the next byte: a new member starts with the gzip magic 1f 8b.
        let next = stream.pointee.next_in.pointee
        if next == 0x1F {
            inflateReset(stream)
            return
        }
        // Trailing zero padding (tape blocks) is harmless; anything else is not ours to guess.
        finished = true
        if next != 0 {
            throw IngestError(.gzipTrailingData, at: compressedOffset, in: .compressed)
        }
    }
}
