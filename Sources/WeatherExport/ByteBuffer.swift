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

extension ByteBuffer {
    /// ASCII text known at compile time (markup).
    @inline(__always)
    func append(_ text: StaticString) {
        let n = text.utf8CodeUnitCount
        let p = reserve(n)
        p.update(from: text.utf8Start, count: n)
        count += n
    }

    /// The decimal digits of `v`.
    @inline(__always)
    func appendDecimal(_ v: UInt64) {
        var n = 1
        var x = v
        while x >= 10 { x /= 10; n += 1 }
        let p = reserve(n)
        x = v
        for k in stride(from: n - 1, through: 0, by: -1) {
            p[k] = UInt8(ascii: "0") + UInt8(x % 10)
            x /= 10
        }
        count += n
    }

    /// `%.10g` of a finite, nonzero `v` (trailing zeros dropped) with `decimal` as the point,
    /// and `.0` after a whole number when `pointZero` (CSV's `formatReal`): the bytes written
    /// and whether the number was whole. Nil, with nothing written, where
    /// `CSVEncoder.tenDigits` leaves the rounding or an exponent to `vsnprintf`.
    @inline(__always)
    func appendTenDigits(_ v: Double, decimal: UInt8, pointZero: Bool) -> (written: Int, whole: Bool)? {
        guard let (digits, exponent) = CSVEncoder.tenDigits(v.magnitude) else { return nil }
        let sign = v < 0 ? 1 : 0
        if v < 0 { append(UInt8(ascii: "-")) }
        // `digits` has 10 digits d0…d9 and the value is d0.d1…d9 × 10^exponent, -4 ≤ exponent ≤ 9.
        var d = digits
        var trailing = 0
        while d % 10 == 0 && trailing < 9 { d /= 10; trailing += 1 }
        let significant = 10 - trailing  // digits left after dropping trailing zeros
        // At most "0." + 4 zeros + 10 digits, or 10 digits + ".0": 16 bytes.
        let p = reserve(16)
        var n = 0
        func put(_ b: UInt8) { p[n] = b; n += 1 }
        var whole = false
        var buffer: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { digitsOut in
            var x = d
            for k in stride(from: significant - 1, through: 0, by: -1) {
                digitsOut[k] = UInt8(ascii: "0") + UInt8(x % 10)
                x /= 10
            }
            if exponent < 0 {
                put(UInt8(ascii: "0"))
                put(decimal)
                for _ in 0..<(-exponent - 1) { put(UInt8(ascii: "0")) }
                for k in 0..<significant { put(digitsOut[k]) }
            } else {
                let wholeDigits = exponent + 1
                whole = significant <= wholeDigits
                if whole {
                    for k in 0..<significant { put(digitsOut[k]) }
                    for _ in 0..<(wholeDigits - significant) { put(UInt8(ascii: "0")) }
                    if pointZero {
                        put(decimal)
                        put(UInt8(ascii: "0"))
                    }
                } else {
                    for k in 0..<wholeDigits { put(digitsOut[k]) }
                    put(decimal)
                    for k in wholeDigits..<significant { put(digitsOut[k]) }
                }
            }
        }
        count += n
        return (n + sign, whole)
    }
}
