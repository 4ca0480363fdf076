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
    private let p: UnsafeBufferPointer<UInt8>
    private var i = 0
    private let maxDepth: Int
    private let maxValues: Int
    /// The tape being written: `count` nodes of `capacity`, handed to the document (which
    /// frees it) when the parse succeeds; the caller frees it when the parse throws.
    private(set) var nodes: UnsafeMutablePointer<JSONNode>
    private(set) var count = 0
    private var capacity: Int

    init(_ buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int, maxValues: Int) {
        self.p = buffer
        self.maxDepth = maxDepth
        self.maxValues = maxValues
        // A value takes 5–10 bytes of a weather reply (`"uvi":0.5,` is two): reserving for one
        // per 6 bytes makes the tape grow rarely, where one per 12 copied it twice per One
        // Call reply. The tape lives only while its document is decoded.
        capacity = max(0, min(maxValues, max(16, buffer.count / 6)))
        nodes = .allocate(capacity: capacity)
    }

    mutating func parseDocument() throws(JSONSyntaxError) {
        skipWhitespace()
        try parseValue(depth: 0)
        skipWhitespace()
        if i != p.count { throw JSONSyntaxError(.trailingContent, at: i) }
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while i < p.count {
            let b = p[i]
            if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { i += 1 } else { return }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) {
        guard i < p.count else { throw JSONSyntaxError(.unexpectedEnd, at: i) }
        switch p[i] {
        case UInt8(ascii: "{"): try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): try parseString()
        case UInt8(ascii: "t"): try parseLiteral("true", kind: .bool, flag: true)
        case UInt8(ascii: "f"): try parseLiteral("false", kind: .bool, flag: false)
        case UInt8(ascii: "n"): try parseLiteral("null", kind: .null, flag: false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber()
        default: throw JSONSyntaxError(.unexpectedByte(p[i]), at: i)
        }
    }

    private mutating func parseLiteral(_ word: StaticString, kind: JSONKind, flag: Bool) throws(JSONSyntaxError) {
        let start = i
        let n = word.utf8CodeUnitCount
        let w = word.utf8Start
        for k in 0..<n {
            guard i < p.count else { throw JSONSyntaxError(.unexpectedEnd, at: i) }
            guard p[i] == w[k] else { throw JSONSyntaxError(.invalidLiteral, at: start) }
            i += 1
        }
        try append(kind, flag: flag, start: start, end: i, count: 0, number: 0)
    }

    @inline(__always)
    private mutating func append(_ kind: JSONKind, flag: Bool, start: Int, end: Int, count children: Int, number: Double) throws(JSONSyntaxError) {
        if count == capacity { try grow(at: start) }
        (nodes + count).initialize(to: JSONNode(kind: kind, flag: flag, start: Int32(truncatingIfNeeded: start),
                                                end: Int32(truncatingIfNeeded: end),
                                                next: Int32(truncatingIfNeeded: count + 1),
                                                count: Int32(truncatingIfNeeded: children), number: number))
        count += 1
    }

    /// Doubles the tape, up to `maxValues` nodes: a document with more values than that is
    /// refused when its first value past the limit is read.
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
        try append(.object, flag: false, start: start, end: start, count: 0, number: 0)
        i += 1
        skipWhitespace()
        var members = 0
        var filter: UInt64 = 0, mayRepeat = false
        if i < p.count && p[i] == UInt8(ascii: "}") {
            i += 1
        } else {
            while true {
                guard i < p.count else { throw JSONSyntaxError(.unexpectedEnd, at: i) }
                guard p[i] == UInt8(ascii: "\"") else { throw JSONSyntaxError(.unexpectedByte(p[i]), at: i) }
                try parseString()
                let keyIndex = count - 1
                let key = nodes[keyIndex]
                let bit = key.flag ? JSONKeyFilter.all
                    : JSONKeyFilter.bit(p.baseAddress! + Int(key.start), count: Int(key.end) - Int(key.start))
                if filter & bit != 0 && !mayRepeat { mayRepeat = repeatsName(key, firstKey: slot + 1, before: keyIndex) }
                filter |= bit
                skipWhitespace()
                guard i < p.count else { throw JSONSyntaxError(.unexpectedEnd, at: i) }
                guard p[i] == UInt8(ascii: ":") else { throw JSONSyntaxError(.unexpectedByte(p[i]), at: i) }
                i += 1
                skipWhitespace()
                try parseValue(depth: depth)
                members += 1
                skipWhitespace()
                guard i < p.count else { throw JSONSyntaxError(.unexpectedEnd, at: i) }
                let b = p[i]
                i += 1
                if b == UInt8(ascii: ",") { skipWhitespace(); continue }
                if b == UInt8(ascii: "}") { break }
                throw JSONSyntaxError(.unexpectedByte(b), at: i - 1)
            }
        }
        nodes[slot].end = Int32(truncatingIfNeeded: i)
        nodes[slot].next = Int32(truncatingIfNeeded: count)
        nodes[slot].count = Int32(truncatingIfNeeded: members)
        nodes[slot].flag = mayRepeat
        nodes[slot].number = Double(bitPattern: filter)
    }

    /// Whether `key` (whose filter bit an earlier member of its object shares) has the name
    /// of one of the keys from `firstKey` up to `before`: a shared bit is most often two
    /// different names (a dozen names in 64 bits), and only a real repeat, or a name with
    /// escapes, should make every lookup in the object read every member (`JSONNode.flag`).
    private func repeatsName(_ key: JSONNode, firstKey: Int, before: Int) -> Bool {
        let length = Int(key.end) - Int(key.start)
        var k = firstKey
        while k < before {
            let other = nodes[k]
            if key.flag || other.flag { return true }
            if Int(other.end) - Int(other.start) == length
                && memcmp(p.baseAddress! + Int(other.start), p.baseAddress! + Int(key.start), length) == 0 {
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
        try append(.array, flag: false, start: start, end: start, count: 0, number: 0)
        i += 1
        skipWhitespace()
        var elements = 0
        if i < p.count && p[i] == UInt8(ascii: "]") {
            i += 1
        } else {
            while true {
                try parseValue(depth: depth)
                elements += 1
                skipWhitespace()
                guard i < p.count else { throw JSONSyntaxError(.unexpectedEnd, at: i) }
                let b = p[i]
                i += 1
                if b == UInt8(ascii: ",") { skipWhitespace(); continue }
                if b == UInt8(ascii: "]") { break }
                throw JSONSyntaxError(.unexpectedByte(b), at: i - 1)
            }
        }
        nodes[slot].end = Int32(truncatingIfNeeded: i)
        nodes[slot].next = Int32(truncatingIfNeeded: count)
        nodes[slot].count = Int32(truncatingIfNeeded: elements)
    }

    /// Validates a string (escapes, surrogate pairs, UTF-8) without decoding it.
    private mutating func parseString() throws(JSONSyntaxError) {
        i += 1  // opening quote
        let start = i
        var escaped = false
        while true {
            i = skipPlainASCII(from: i)
            guard i < p.count else { throw JSONSyntaxError(.unexpectedEnd, at: i) }
            let b = p[i]
            if b == UInt8(ascii: "\"") { break }
            if b == UInt8(ascii: "\\") {
                escaped = true
                try parseEscape()
                continue
            }
            if b < 0x20 { throw JSONSyntaxError(.controlCharacterInString, at: i) }
            if b < 0x80 { i += 1; continue }
            try validateUTF8Sequence()
        }
        try append(.string, flag: escaped, start: start, end: i, count: 0, number: 0)
        i += 1  // closing quote
    }

    /// The first position from `at` that is not plain string text — a quote, a backslash, a
    /// control character or a byte of a multi-byte sequence — or the nearest 8 bytes to the
    /// end that hold none: eight bytes are tested at once (one word, with the classic "has a
    /// byte below n" bit tricks), where testing byte by byte cost four comparisons each. The
    /// byte-by-byte loop of `parseString` reads the rest.
    @inline(__always)
    private func skipPlainASCII(from at: Int) -> Int {
        var k = at
        let base = UnsafeRawPointer(p.baseAddress!)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while k + 8 <= p.count {
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
        return k
    }

    private mutating func parseEscape() throws(JSONSyntaxError) {
        let at = i
        i += 1
        guard i < p.count else { throw JSONSyntaxError(.unexpectedEnd, at: i) }
        switch p[i] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            i += 1
        case UInt8(ascii: "u"):
            i += 1
            let unit = try readHex4()
            if unit >= 0xD800 && unit <= 0xDBFF {
                // A high surrogate must be followed by an escaped low surrogate.
                guard i + 1 < p.count else { throw JSONSyntaxError(.unexpectedEnd, at: i) }
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
            throw JSONSyntaxError(.invalidEscape, at: at)
        }
    }

    private mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard i < p.count else { throw JSONSyntaxError(.unexpectedEnd, at: i) }
            guard let d = JSONParser.hexValue(p[i]) else { throw JSONSyntaxError(.invalidUnicodeEscape, at: i) }
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
        guard i + need <= p.count else { throw JSONSyntaxError(.unexpectedEnd, at: p.count) }
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

    /// Parses a number per the RFC grammar; exact fast path for ≤ 15 digits and small exponents
    /// (Clinger's method), `strtod` otherwise.
    private mutating func parseNumber() throws(JSONSyntaxError) {
        let start = i
        var negative = false
        if p[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
            guard i < p.count else { throw JSONSyntaxError(.unexpectedEnd, at: i) }
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        guard p[i] >= UInt8(ascii: "0") && p[i] <= UInt8(ascii: "9") else { throw JSONSyntaxError(.invalidNumber, at: start) }
        if p[i] == UInt8(ascii: "0") {
            i += 1
            if i < p.count && p[i] >= UInt8(ascii: "0") && p[i] <= UInt8(ascii: "9") {
                throw JSONSyntaxError(.invalidNumber, at: start)  // leading zeros
            }
        } else {
            while i < p.count && p[i] >= UInt8(ascii: "0") && p[i] <= UInt8(ascii: "9") {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(p[i] - 48) } else { exponent += 1 }
                digits += 1
                i += 1
            }
        }
        if i < p.count && p[i] == UInt8(ascii: ".") {
            i += 1
            let fracStart = i
            while i < p.count && p[i] >= UInt8(ascii: "0") && p[i] <= UInt8(ascii: "9") {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(p[i] - 48); exponent -= 1 }
                if mantissa != 0 || digits > 0 { digits += 1 }
                i += 1
            }
            if i == fracStart {
                if i >= p.count { throw JSONSyntaxError(.unexpectedEnd, at: i) }
                throw JSONSyntaxError(.invalidNumber, at: start)
            }
        }
        if i < p.count && (p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E")) {
            i += 1
            var expNegative = false
            if i < p.count && (p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-")) {
                expNegative = p[i] == UInt8(ascii: "-")
                i += 1
            }
            let expStart = i
            var e = 0
            while i < p.count && p[i] >= UInt8(ascii: "0") && p[i] <= UInt8(ascii: "9") {
                if e < 100_000 { e = e * 10 + Int(p[i] - 48) }
                i += 1
            }
            if i == expStart {
                if i >= p.count { throw JSONSyntaxError(.unexpectedEnd, at: i) }
                throw JSONSyntaxError(.invalidNumber, at: start)
            }
            exponent += expNegative ? -e : e
        }
        var value: Double
        if digits <= 15 && exponent >= -22 && exponent <= 22 {
            value = Double(mantissa)
            if exponent < 0 { value /= JSONParser.powerOf10(-exponent) } else { value *= JSONParser.powerOf10(exponent) }
            if negative { value = -value }
        } else {
            value = slowParse(start, i)
        }
        if !value.isFinite { throw JSONSyntaxError(.numberOutOfRange, at: start) }
        try append(.number, flag: false, start: start, end: i, count: 0, number: value)
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
