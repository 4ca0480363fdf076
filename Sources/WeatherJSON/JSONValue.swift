#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A cursor on one value of a `JSONDocument`: cheap to copy, reads fields on demand.
///
/// Accessors return `nil` when the value has another kind, so decoders can tell a missing
/// field (`nil` from the subscript) from a field of the wrong type (`kind` differs).
public struct JSONValue: Sendable {
    public let document: JSONDocument
    let index: Int

    init(document: JSONDocument, index: Int) {
        self.document = document
        self.index = index
    }

    @inline(__always) var node: JSONNode { document.nodes[index] }

    public var kind: JSONKind { node.kind }
    public var isNull: Bool { node.kind == .null }

    /// The number, or nil when this is not a number.
    public var number: Double? { node.kind == .number ? node.number : nil }

    /// The number when it is integral and fits 64 bits.
    public var int: Int? {
        guard node.kind == .number, let v = Int(exactly: node.number) else { return nil }
        return v
    }

    public var bool: Bool? { node.kind == .bool ? node.flag : nil }

    /// The decoded string, or nil when this is not a string.
    public var string: String? {
        let n = node
        guard n.kind == .string else { return nil }
        let range = Int(n.start)..<Int(n.end)
        let raw = document.bytes(range.lowerBound, range.upperBound)
        if !n.flag { return String(decoding: raw, as: UTF8.self) }
        return JSONValue.unescape(raw)
    }

    /// `body` over the bytes of a string without escapes (nil for other values and for strings
    /// with escapes): readers of fixed-layout text, such as times, parse it without a `String`.
    public func withRawString<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        let n = node
        guard n.kind == .string, !n.flag else { return nil }
        return body(document.bytes(Int(n.start), Int(n.end)))
    }

    /// Number of elements (arrays) or members (objects); 0 otherwise.
    public var count: Int { node.kind == .array || node.kind == .object ? Int(node.count) : 0 }

    /// The member named `key` of an object (nil when absent or when this is not an object).
    /// With duplicate names the last one wins, as in JavaScript's `JSON.parse` and Python's `json`.
    public subscript(key: String) -> JSONValue? {
        // The key's own bytes, borrowed: `withUTF8` on a copy retained and released the key's
        // storage on every lookup, a tenth of the lookup's cost.
        if let found = key.utf8.withContiguousStorageIfAvailable({ member(named: $0) }) { return found }
        var k = key
        return k.withUTF8 { member(named: $0) }
    }

    /// Linear scan over the members comparing names by their first word (`JSONNode.bits`) and
    /// length, and the rest of longer names by `memcmp`; objects in weather replies have a
    /// handful of members, so this beats building a dictionary per object. The object's
    /// `JSONKeyFilter` answers most absent names without the scan. Without a repeated name the
    /// scan starts at the member after the one the last lookup in this object found, wrapping
    /// around (`JSONDocument.lookupStart`): decoders read members mostly in the order replies
    /// write them, so most lookups compare one key, where scanning from the first compared
    /// about eleven per lookup of a One Call hour. With a repeated name every member is read,
    /// in order, and the last match wins. Nothing is retained until a member is found.
    private func member(named needle: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        guard let found = memberIndex(named: needle) else { return nil }
        return JSONValue(document: document, index: found)
    }

    /// The tape index of the member's value, or nil. It reads the tape and the text through
    /// their pointers only, so that the document is retained once, for a member found (the
    /// cursor returned), not around every lookup: a lookup of an absent name retained and
    /// released it, and weather replies are asked for many absent names.
    @inline(__always)
    private func memberIndex(named needle: UnsafeBufferPointer<UInt8>) -> Int? {
        let nodes = document.nodes
        let text = document.text
        let n = nodes[index]
        guard n.kind == .object else { return nil }
        let name = JSONKeyFilter.Name(needle)
        guard JSONKeyFilter(first: n.bits, second: n.extra).mayContain(name) else { return nil }
        let length = needle.count
        let first = index + 1
        if n.flag {
            var child = first
            var found: Int?
            for _ in 0..<Int(n.count) {
                let key = nodes[child]
                if key.flag {
                    let raw = UnsafeBufferPointer(start: text + Int(key.start), count: Int(key.end) - Int(key.start))
                    if Array(JSONValue.unescape(raw).utf8).elementsEqual(needle) { found = child + 1 }
                } else if Self.isNeedle(key, name, length, text, needle) {
                    found = child + 1
                }
                child = Int(nodes[child + 1].next)
            }
            return found
        }
        let end = Int(n.next)
        var child = document.lookupStart(object: index) ?? first
        for _ in 0..<Int(n.count) {
            if child >= end { child = first }
            let key = nodes[child]
            let next = Int(nodes[child + 1].next)
            if Self.isNeedle(key, name, length, text, needle) {
                document.rememberLookup(object: index, next: next)
                return child + 1
            }
            child = next
        }
        return nil
    }

    /// Whether `key`, a name without escapes, is the needle: its first word and length, and
    /// the bytes after the first eight.
    @inline(__always)
    private static func isNeedle(_ key: JSONNode, _ name: JSONKeyFilter.Name, _ length: Int, _ text: UnsafeMutablePointer<UInt8>,
                                 _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        key.bits == name.head && Int(key.end) - Int(key.start) == length
            && (length <= 8 || memcmp(text + Int(key.start) + 8, needle.baseAddress! + 8, length - 8) == 0)
    }

    /// The elements of an array (empty when this is not an array).
    public var elements: [JSONValue] {
        let n = node
        guard n.kind == .array else { return [] }
        var result: [JSONValue] = []
        result.reserveCapacity(Int(n.count))
        var child = index + 1
        for _ in 0..<Int(n.count) {
            result.append(JSONValue(document: document, index: child))
            child = Int(document.nodes[child].next)
        }
        return result
    }

    /// Visits the elements of an array in order with their positions (nothing when this is not
    /// an array), without building the array of cursors `elements` returns: column readers visit
    /// thousands of numbers per reply, and that array cost an allocation and a reference-count
    /// round trip per element.
    public func forEachElement<E: Error>(_ body: (Int, JSONValue) throws(E) -> Void) throws(E) {
        let n = node
        guard n.kind == .array else { return }
        var child = index + 1
        for k in 0..<Int(n.count) {
            try body(k, JSONValue(document: document, index: child))
            child = Int(document.nodes[child].next)
        }
    }

    /// The members of an object in document order (empty when this is not an object).
    public var members: [(key: String, value: JSONValue)] {
        let n = node
        guard n.kind == .object else { return [] }
        var result: [(key: String, value: JSONValue)] = []
        result.reserveCapacity(Int(n.count))
        var child = index + 1
        for _ in 0..<Int(n.count) {
            let key = JSONValue(document: document, index: child).string ?? ""
            result.append((key, JSONValue(document: document, index: child + 1)))
            child = Int(document.nodes[child + 1].next)
        }
        return result
    }

    public var keys: [String] { members.map(\.key) }

    /// The value's source text, for excerpts in error messages.
    public var rawText: String {
        let n = node
        var start = Int(n.start)
        var end = Int(n.end)
        if n.kind == .string { start -= 1; end += 1 }
        return String(decoding: document.bytes(start, end), as: UTF8.self)
    }

    /// Decodes backslash escapes of an already validated string body.
    static func unescape(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = raw.startIndex
        func hex4(_ at: Int) -> UInt32 {
            var v: UInt32 = 0
            for k in 0..<4 { v = v << 4 | (JSONParser.hexValue(raw[at + k]) ?? 0) }
            return v
        }
        while i < raw.endIndex {
            let b = raw[i]
            if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
            let e = raw[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(i)
                i += 4
                if scalar >= 0xD800 && scalar <= 0xDBFF {
                    let low = hex4(i + 2)
                    i += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8))
            default: out.append(e)  // \" \\ \/
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
