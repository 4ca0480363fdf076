/// A fast 128-bit non-cryptographic hash of a byte stream, for "have we ingested this before?".
///
/// Two independent multiply–xorshift lanes over 8-byte words (in the spirit of wyhash/xxhash):
/// it runs at memory speed, so hashing a file before ingesting it costs little. It is not a
/// defence against crafted collisions; it decides idempotent re-ingest of one's own archive.
public struct ContentHash: Sendable {
    private var a: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private var length: UInt64 = 0
    private var tail: UInt64 = 0
    private var tailCount = 0

    public init() {}

    @inline(__always) private static func mix(_ h: UInt64, _ w: UInt64, _ m: UInt64) -> UInt64 {
        var x = (h ^ w) &* m
        x ^= x >> 29
        return x
    }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var i = 0
        // Finish a partial word from the previous call.
        while tailCount > 0 && tailCount < 8 && i < bytes.count {
            tail |= UInt64(bytes[i]) << (8 * UInt64(tailCount))
            tailCount += 1
            i += 1
        }
        if tailCount == 8 { absorb(tail); tail = 0; tailCount = 0 }
        while i + 8 <= bytes.count {
            absorb(bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i += 8
        }
        while i < bytes.count {
            tail |= UInt64(bytes[i]) << (8 * UInt64(tailCount))
            tailCount += 1
            i += 1
        }
    }

    @inline(__always) private mutating func absorb(_ w: UInt64) {
        a = ContentHash.mix(a, w, 0xFF51_AFD7_ED55_8CCD)
        b = ContentHash.mix(b &+ 0x632B_E59B_D9B4_E019, w, 0xC4CE_B9FE_1A85_EC53)
    }

    /// 32 hex digits.
    public func finalize() -> String {
        var x = a
        var y = b
        x = ContentHash.mix(x, tail ^ length, 0xFF51_AFD7_ED55_8CCD)
        y = ContentHash.mix(y, length ^ (tail << 1), 0xC4CE_B9FE_1A85_EC53)
        x = ContentHash.mix(x, y, 0x9E37_79B9_7F4A_7C15)
        y = ContentHash.mix(y, x, 0xFF51_AFD7_ED55_8CCD)
        return hex(x) + hex(y)
    }

    private func hex(_ v: UInt64) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}

/// Passes bytes through while hashing them.
public final class HashingSource: ByteSource {
    private let upstream: ByteSource
    public private(set) var hash = ContentHash()
    public private(set) var bytes = 0

    public init(_ upstream: ByteSource) { self.upstream = upstream }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(IngestError) -> Int {
        let n = try upstream.read(into: buffer)
        hash.update(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
        bytes += n
        return n
    }
}
