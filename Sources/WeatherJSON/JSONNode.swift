/// The kind of a JSON value, as RFC 8259 names them.
public enum JSONKind: UInt8, Sendable, CustomStringConvertible {
    case null, bool, number, string, array, object

    public var description: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

/// One value of a parsed document, stored flat on a "tape".
///
/// Containers are followed by their children; `next` is the tape index just past the subtree,
/// so a reader can skip a whole value in O(1). Objects store key and value alternately.
/// Offsets are 32-bit because documents are capped far below 2 GiB (see `JSONParser.Limits`).
struct JSONNode: Sendable {
    var kind: JSONKind
    /// For strings: the raw bytes contain a backslash escape. For booleans: the value is `true`.
    /// For objects: two members have the same name, or a name has escapes (its bytes are not
    /// its text), so a lookup reads every member; without it the first member of the name is
    /// the only one.
    var flag: Bool
    /// Byte range of the value's text: for strings, the bytes between the quotes.
    var start: Int32
    var end: Int32
    /// Tape index of the next sibling (just past this value's subtree).
    var next: Int32
    /// Number of children (array elements, or object members) for containers.
    var count: Int32
    /// For objects: the second word of the members' `JSONKeyFilter`. (It fills what would
    /// otherwise be padding before `bits`.)
    var extra: UInt32
    /// For numbers: the bits of the value (already checked to be finite). For objects: the
    /// first word of the members' `JSONKeyFilter`. For an object's keys without escapes: the
    /// name's first eight bytes (`JSONKeyFilter.Name.head`), so a lookup compares a word
    /// rather than calling `memcmp` on the text.
    var bits: UInt64

    var number: Double { Double(bitPattern: bits) }
}

/// A two-word summary of an object's member names, kept on its node: one bit per name in each
/// word (64 and 32 bits), chosen by a hash of the whole name. A lookup of a name whose two bits
/// are not both set ends at once — decoders and format detection ask objects for many names
/// they do not have (every format's `detect` runs on every document). With one word, chosen by
/// a name's length and first and last bytes, an object of fourteen names passed about one
/// absent name in five to a scan of all its members; two independent bits pass about one in
/// fourteen. Two names of the same bits are compared when the second is parsed: a name seen
/// twice sets `JSONNode.flag`. A name with escapes sets every bit (and the flag): its bytes
/// are not its text, so every lookup reads it.
struct JSONKeyFilter {
    var first: UInt64 = 0
    var second: UInt32 = 0

    /// What the filter and lookups need of one name: its first eight bytes as a word (zero
    /// beyond the name) and a hash of all of it.
    struct Name {
        let head: UInt64
        let hash: UInt64

        /// A name in text that is followed by at least 8 readable bytes (the document's
        /// padding): its first word is one load.
        @inline(__always)
        init(padded bytes: UnsafePointer<UInt8>, count: Int) {
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes).loadUnaligned(as: UInt64.self))
            let head = count >= 8 ? word : word & ((1 << (UInt64(count) &* 8)) &- 1)
            self.init(head: head, bytes: bytes, count: count)
        }

        /// A name anywhere, such as the bytes of a `String` a decoder asks for. A name shorter
        /// than a word is read as two overlapping loads (of 4 or 2 bytes) rather than byte by
        /// byte: the bytes both loads cover are the same bytes, so or-ing them is exact.
        @inline(__always)
        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            let count = bytes.count
            guard let base = bytes.baseAddress, count > 0 else { self.init(head: 0, bytes: nil, count: 0); return }
            let raw = UnsafeRawPointer(base)
            let head: UInt64
            if count >= 8 {
                head = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            } else if count >= 4 {
                let low = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
                let high = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
                head = low | high << (UInt64(count - 4) &* 8)
            } else if count >= 2 {
                let low = UInt64(UInt16(littleEndian: raw.loadUnaligned(as: UInt16.self)))
                let high = UInt64(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)))
                head = low | high << (UInt64(count - 2) &* 8)
            } else {
                head = UInt64(base[0])
            }
            self.init(head: head, bytes: base, count: count)
        }

        /// A name of at most eight bytes is its head (no name holds a zero byte, so the zeros
        /// after it tell its length); a longer one adds its last eight bytes and its length.
        /// One multiplication by an odd constant mixes every bit of that into the top bits of
        /// the product, which choose the filter's bits: names of one length that differ only
        /// after their first eight bytes (`wind_speed_10m`, `wind_speed_80m`) get independent
        /// bits.
        @inline(__always)
        private init(head: UInt64, bytes: UnsafePointer<UInt8>?, count: Int) {
            self.head = head
            var h = head
            if count > 8, let bytes {
                let tail = UInt64(littleEndian: UnsafeRawPointer(bytes + count - 8).loadUnaligned(as: UInt64.self))
                h = (h ^ UInt64(truncatingIfNeeded: count)) &+ (tail &* 0xD6E8_FEB8_6659_FD93)
            }
            hash = h &* 0x9E37_79B9_7F4A_7C15
        }

        @inline(__always) var firstBit: UInt64 { 1 << (hash >> 58) }
        @inline(__always) var secondBit: UInt32 { 1 << UInt32(truncatingIfNeeded: (hash >> 53) & 31) }
    }

    init() {}

    init(first: UInt64, second: UInt32) {
        self.first = first
        self.second = second
    }

    @inline(__always)
    func mayContain(_ name: Name) -> Bool { first & name.firstBit != 0 && second & name.secondBit != 0 }

    @inline(__always)
    mutating func insert(_ name: Name) {
        first |= name.firstBit
        second |= name.secondBit
    }

    /// For a name with escapes, which every lookup must read.
    mutating func insertAll() {
        first = .max
        second = .max
    }
}
