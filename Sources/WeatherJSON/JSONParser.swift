#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A strict RFC 8259 parser over UTF-8 bytes that builds a flat tape of `JSONNode`s.
///
/// Why our own: Foundation's `JSONSerialization` runs at ~16 MB/s on this kind of machine and
/// on Linux reports syntax errors without a position. This parser validates everything the RFC
/// requires (literals, number grammar, escapes, surrogate pairs, UTF-8, no trailing content) in
/// one pass and decodes strings lazily, only when a decoder asks for them.
/// Spec: https://www.rfc-editor.org/rfc/rfc8259
struct JSONParser: ~Copyable {
    /// Zero bytes the text must be followed by: string text is read 8 bytes at a time from any
    /// offset up to the end, and every loop stops at a zero byte without testing the end.
    static let padding = 8

    /// The text: `length` bytes, then `padding` zero bytes. A zero byte is valid nowhere in
    /// JSON (not even inside a string), so a loop that meets one has either reached the end
    /// or found an error, and tells which only then.
    private let p: UnsafePointer<UInt8>
    private let length: Int
    private var i = 0
    private let maxDepth: Int
    private let maxValues: Int
    /// The tape being written: `count` nodes of `capacity`, handed to the document (which
    /// frees it) when the parse succeeds; the caller frees it when the parse throws.
    private(set) var nodes: UnsafeMutablePointer<JSONNode>
    private(set) var count = 0
    private var capacity: Int

    init(_ text: UnsafePointer<UInt8>, count: Int, maxDepth: Int, maxValues: Int) {
        self.p = text
        self.length = count
        self.maxDepth = maxDepth
        self.maxValues = maxValues
        // A value takes 5–10 bytes of a weather reply (`"uvi":0.5,` is two): reserving for one
        // per 6 bytes makes the tape grow rarely, where one per 12 copied it twice per One
        // Call reply. The tape lives only while its document is decoded.
        capacity = max(0, min(maxValues, max(16, count / 6)))
        nodes = .allocate(capacity: capacity)
    }

    mutating func parseDocument() throws(JSONSyntaxError) {
        skipWhitespace()
        try parseValue(depth: 0)
        skipWhitespace()
        if i != length { throw JSONSyntaxError(.trailingContent, at: i) }
    }

    /// The error for the byte at `offset`, which the grammar does not allow there: the end of
    /// the text when `offset` is past it (the loops stop at the zero bytes after the text),
    /// `error` otherwise.
    @inline(never)
    private func endOr(_ error: JSONSyntaxError, at offset: Int) -> JSONSyntaxError {
        offset >= length ? JSONSyntaxError(.unexpectedEnd, at: offset) : error
    }

    /// The error for the byte at `i`: the end of the text, or an unexpected byte.
    private func unexpected() -> JSONSyntaxError { endOr(JSONSyntaxError(.unexpectedByte(p[i]), at: i), at: i) }

    @inline(__always)
    private mutating func skipWhitespace() {
        // Every whitespace byte is at most 0x20, and replies written without spaces have none:
        // one comparison answers most calls.
        while p[i] <= 0x20 {
            let b = p[i]
            if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { i += 1 } else { return }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) {
        switch p[i] {
        case UInt8(ascii: "{"): try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): _ = try parseString()
        case UInt8(ascii: "t"): try parseLiteral("true", kind: .bool, flag: true)
        case UInt8(ascii: "f"): try parseLiteral("false", kind: .bool, flag: false)
        case UInt8(ascii: "n"): try parseLiteral("null", kind: .null, flag: false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber()
        default: throw unexpected()
        }
    }

    private mutating func parseLiteral(_ word: StaticString, kind: JSONKind, flag: Bool) throws(JSONSyntaxError) {
        let start = i
        let n = word.utf8CodeUnitCount
        let w = word.utf8Start
        for k in 0..<n {
            guard p[i] == w[k] else {
                throw endOr(JSONSyntaxError(.invalidLiteral, at: start), at: i)
            }
            i += 1
        }
        try append(kind, flag: flag, start: start, end: i, count: 0, bits: 0)
    }

    @inline(__always)
    private mutating func append(_ kind: JSONKind, flag: Bool, start: Int, end: Int, count children: Int, bits: UInt64) throws(JSONSyntaxError) {
        if count == capacity { try grow(at: start) }
        (nodes + count).initialize(to: JSONNode(kind: kind, flag: flag, start: Int32(truncatingIfNeeded: start),
                                                end: Int32(truncatingIfNeeded: end),
                                                next: Int32(truncatingIfNeeded: count + 1),
                                                count: Int32(truncatingIfNeeded: children), extra: 0, bits: bits))
        count += 1
    }

    /// Doubles the tape, up to `maxValues` nodes: a document with more values than that is
    /// refused when its first value past the limit is read.
    @inline(never)
    private mutating func grow(at start: Int) throws(JSONSyntaxError) {
        if capacity >= maxValues { throw JSONSyntaxError(.tooManyValues(limit: maxValues), at: start) }
        let larger = min(maxValues, capacity * 2)
        let moved = UnsafeMutablePointer<JSONNode>.allocate(capacity: larger)
        moved.moveInitialize(from: nodes, count: count)
        nodes.deallocate()
        nodes = moved
        capacity = larger
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) {
        if depth > maxDepth { throw JSONSyntaxError(.tooDeep(limit: maxDepth), at: i) }
        let start = i
        let slot = count
        try append(.object, flag: false, start: start, end: start, count: 0, bits: 0)
        i += 1
        skipWhitespace()
        var members = 0
        var filter = JSONKeyFilter()
        var mayRepeat = false
        if p[i] == UInt8(ascii: "}") {
            i += 1
        } else {
            while true {
                guard p[i] == UInt8(ascii: "\"") else { throw unexpected() }
                let keyStart = i + 1
                let escaped = try parseString()
                let keyIndex = count - 1
                if escaped {
                    // Its bytes are not its text: every lookup in the object reads every member.
                    mayRepeat = true
                    filter.insertAll()
                } else {
                    let key = JSONKeyFilter.Name(padded: p + keyStart, count: i - 1 - keyStart)
                    nodes[keyIndex].bits = key.head
                    if filter.mayContain(key) && !mayRepeat {
                        mayRepeat = repeatsName(keyIndex, firstKey: slot + 1)
                    }
                    filter.insert(key)
                }
                skipWhitespace()
                guard p[i] == UInt8(ascii: ":") else { throw unexpected() }
                i += 1
                skipWhitespace()
                try parseValue(depth: depth)
                members += 1
                skipWhitespace()
                let b = p[i]
                if b == UInt8(ascii: ",") { i += 1; skipWhitespace(); continue }
                if b == UInt8(ascii: "}") { i += 1; break }
                throw unexpected()
            }
        }
        nodes[slot].end = Int32(truncatingIfNeeded: i)
        nodes[slot].next = Int32(truncatingIfNeeded: count)
        nodes[slot].count = Int32(truncatingIfNeeded: members)
        nodes[slot].flag = mayRepeat
        nodes[slot].bits = filter.first
        nodes[slot].extra = filter.second
    }

    /// Whether the name of the key at `keyIndex` (whose filter bits an earlier member of its
    /// object shares) is the name of one of the keys from `firstKey` on: shared bits are most
    /// often two different names, and only a real repeat should make every lookup in the
    /// object read every member (`JSONNode.flag`). Names with escapes are not compared: they
    /// set the flag themselves.
    private func repeatsName(_ keyIndex: Int, firstKey: Int) -> Bool {
        let key = nodes[keyIndex]
        let length = Int(key.end) - Int(key.start)
        var k = firstKey
        while k < keyIndex {
            let other = nodes[k]
            if other.bits == key.bits && Int(other.end) - Int(other.start) == length
                && (length <= 8 || memcmp(p + Int(other.start) + 8, p + Int(key.start) + 8, length - 8) == 0) {
                return true
            }
            k = Int(nodes[k + 1].next)
        }
        return false
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) {
        if depth > maxDepth { throw JSONSyntaxError(.tooDeep(limit: maxDepth), at: i) }
        let start = i
        let slot = count
        try append(.array, flag: false, start: start, end: start, count: 0, bits: 0)
        i += 1
        skipWhitespace()
        var elements = 0
        if p[i] == UInt8(ascii: "]") {
            i += 1
        } else {
            while true {
                try parseValue(depth: depth)
                elements += 1
                skipWhitespace()
                let b = p[i]
                if b == UInt8(ascii: ",") { i += 1; skipWhitespace(); continue }
                if b == UInt8(ascii: "]") { i += 1; break }
                throw unexpected()
            }
        }
        nodes[slot].end = Int32(truncatingIfNeeded: i)
        nodes[slot].next = Int32(truncatingIfNeeded: count)
        nodes[slot].count = Int32(truncatingIfNeeded: elements)
    }

    /// Validates a string (escapes, surrogate pairs, UTF-8) without decoding it, and tells
    /// whether it has escapes.
    @inline(__always)
    private mutating func parseString() throws(JSONSyntaxError) -> Bool {
        i += 1  // opening quote
        let start = i
        var escaped = false
        while true {
            i = skipPlainASCII(from: i)
            let b = p[i]
            if b == UInt8(ascii: "\"") { break }
            if b == UInt8(ascii: "\\") {
                escaped = true
                try parseEscape()
                continue
            }
            if b < 0x20 {
                throw endOr(JSONSyntaxError(.controlCharacterInString, at: i), at: i)
            }
            if b < 0x80 { i += 1; continue }
            try validateUTF8Sequence()
        }
        try append(.string, flag: escaped, start: start, end: i, count: 0, bits: 0)
        i += 1  // closing quote
        return escaped
    }

    /// The first position from `at` that is not plain string text — a quote, a backslash, a
    /// control character (the zero bytes after the text among them) or a byte of a multi-byte
    /// sequence: eight bytes are tested at once (one word, with the classic "has a byte below
    /// n" bit tricks), where testing byte by byte cost four comparisons each. The padding
    /// makes every word from an offset up to the end readable.
    @inline(__always)
    private func skipPlainASCII(from at: Int) -> Int {
        var k = at
        let base = UnsafeRawPointer(p)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while true {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: k, as: UInt64.self))
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            // A byte is flagged when it is zero after the XOR (the quote or the backslash), below
            // 0x20, or has its high bit set. Borrows can flag bytes after a flagged one, never
            // before it, so the lowest flag is exact.
            let special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                | ((word &- ones &* 0x20) & ~word) | word
            let flags = special & highs
            if flags != 0 { return k + flags.trailingZeroBitCount >> 3 }
            k += 8
        }
    }

    private mutating func parseEscape() throws(JSONSyntaxError) {
        let at = i
        i += 1
        switch p[i] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            i += 1
        case UInt8(ascii: "u"):
            i += 1
            let unit = try readHex4()
            if unit >= 0xD800 && unit <= 0xDBFF {
                // A high surrogate must be followed by an escaped low surrogate.
                guard i + 1 < length else { throw JSONSyntaxError(.unexpectedEnd, at: i) }
                guard p[i] == UInt8(ascii: "\\"), p[i + 1] == UInt8(ascii: "u") else {
                    throw JSONSyntaxError(.loneSurrogate, at: at)
                }
                i += 2
                let low = try readHex4()
                guard low >= 0xDC00 && low <= 0xDFFF else { throw JSONSyntaxError(.loneSurrogate, at: at) }
            } else if unit >= 0xDC00 && unit <= 0xDFFF {
                throw JSONSyntaxError(.loneSurrogate, at: at)
            }
        default:
            throw endOr(JSONSyntaxError(.invalidEscape, at: at), at: i)
        }
    }

    private mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let d = JSONParser.hexValue(p[i]) else {
                throw endOr(JSONSyntaxError(.invalidUnicodeEscape, at: i), at: i)
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// Checks one multi-byte UTF-8 sequence (RFC 3629 table: no overlongs, no surrogates, ≤ U+10FFFF).
    private mutating func validateUTF8Sequence() throws(JSONSyntaxError) {
        let at = i
        let b0 = p[i]
        var need: Int
        var lo: UInt8 = 0x80
        var hi: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF: need = 1
        case 0xE0: need = 2; lo = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: need = 2
        case 0xED: need = 2; hi = 0x9F
        case 0xF0: need = 3; lo = 0x90
        case 0xF1...0xF3: need = 3
        case 0xF4: need = 3; hi = 0x8F
        default: throw JSONSyntaxError(.invalidUTF8, at: at)
        }
        i += 1
        guard i + need <= length else { throw JSONSyntaxError(.unexpectedEnd, at: length) }
        let b1 = p[i]
        guard b1 >= lo && b1 <= hi else { throw JSONSyntaxError(.invalidUTF8, at: at) }
        i += 1
        need -= 1
        while need > 0 {
            guard p[i] & 0xC0 == 0x80 else { throw JSONSyntaxError(.invalidUTF8, at: at) }
            i += 1
            need -= 1
        }
    }

    /// The value of the decimal digit `b`, or a number above 9 when `b` is not one (the zero
    /// after the text among them).
    @inline(__always)
    private static func digit(_ b: UInt8) -> UInt64 { UInt64(b &- UInt8(ascii: "0")) }

    /// Parses a number per the RFC grammar. Exact fast path (Clinger's): a significand of at
    /// most 19 digits that a Double holds exactly (≤ 2^53) and a power of ten up to 10^22 are
    /// each exact, so one multiplication or division rounds once, correctly; `strtod` otherwise.
    @inline(__always)
    private mutating func parseNumber() throws(JSONSyntaxError) {
        let start = i
        var k = i
        let negative = p[k] == UInt8(ascii: "-")
        if negative { k += 1 }
        var mantissa: UInt64 = 0
        let intStart = k
        var d = JSONParser.digit(p[k])
        guard d <= 9 else {
            i = k
            throw endOr(JSONSyntaxError(.invalidNumber, at: start), at: k)
        }
        if d == 0 {
            k += 1
            if JSONParser.digit(p[k]) <= 9 { i = k; throw JSONSyntaxError(.invalidNumber, at: start) }  // leading zeros
        } else {
            repeat {
                mantissa = mantissa &* 10 &+ d
                k += 1
                d = JSONParser.digit(p[k])
            } while d <= 9
        }
        // Digits read into `mantissa`; more than 19 may have wrapped it.
        var digits = k - intStart
        var exponent = 0
        if p[k] == UInt8(ascii: ".") {
            k += 1
            let fracStart = k
            d = JSONParser.digit(p[k])
            while d <= 9 {
                mantissa = mantissa &* 10 &+ d
                k += 1
                d = JSONParser.digit(p[k])
            }
            if k == fracStart {
                i = k
                throw endOr(JSONSyntaxError(.invalidNumber, at: start), at: k)
            }
            exponent = fracStart - k
            digits += k - fracStart
        }
        if p[k] | 0x20 == UInt8(ascii: "e") {
            k += 1
            var expNegative = false
            if p[k] == UInt8(ascii: "+") || p[k] == UInt8(ascii: "-") {
                expNegative = p[k] == UInt8(ascii: "-")
                k += 1
            }
            let expStart = k
            var e = 0
            d = JSONParser.digit(p[k])
            while d <= 9 {
                if e < 100_000 { e = e * 10 + Int(d) }
                k += 1
                d = JSONParser.digit(p[k])
            }
            if k == expStart {
                i = k
                throw endOr(JSONSyntaxError(.invalidNumber, at: start), at: k)
            }
            exponent += expNegative ? -e : e
        }
        i = k
        var value: Double
        if digits <= 19 && mantissa <= 1 << 53 && exponent >= -22 && exponent <= 22 {
            value = Double(mantissa)
            if exponent < 0 { value /= JSONParser.powerOf10(-exponent) } else { value *= JSONParser.powerOf10(exponent) }
            if negative { value = -value }
        } else {
            value = slowParse(start, k)
        }
        if !value.isFinite { throw JSONSyntaxError(.numberOutOfRange, at: start) }
        try append(.number, flag: false, start: start, end: k, count: 0, bits: value.bitPattern)
    }

    private func slowParse(_ start: Int, _ end: Int) -> Double {
        let n = end - start
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: n + 1) { buf in
            for k in 0..<n { buf[k] = CChar(bitPattern: p[start + k]) }
            buf[n] = 0
            return strtod(buf.baseAddress!, nil)
        }
    }

    /// 10^k for k in 0...22, each exact in a Double: a table in the binary, where a static array
    /// was checked for its one-time initialization on every number.
    @inline(__always)
    private static func powerOf10(_ k: Int) -> Double {
        switch k {
        case 0: return 1e0
        case 1: return 1e1
        case 2: return 1e2
        case 3: return 1e3
        case 4: return 1e4
        case 5: return 1e5
        case 6: return 1e6
        case 7: return 1e7
        case 8: return 1e8
        case 9: return 1e9
        case 10: return 1e10
        case 11: return 1e11
        case 12: return 1e12
        case 13: return 1e13
        case 14: return 1e14
        case 15: return 1e15
        case 16: return 1e16
        case 17: return 1e17
        case 18: return 1e18
        case 19: return 1e19
        case 20: return 1e20
        case 21: return 1e21
        default: return 1e22
        }
    }
}
