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
    /// The value of a number (already checked to be finite). For objects: the bits of the
    /// members' `JSONKeyFilter`.
    var number: Double
}

/// A one-word summary of an object's member names, kept on its node: a bit per name, chosen by
/// its length and its first and last bytes. A lookup of a name whose bit is clear ends at once —
/// decoders and format detection ask objects for many names they do not have (every format's
/// `detect` runs on every document). Two names of one bit are compared when the second is
/// parsed: a name seen twice sets `JSONNode.flag`. A name with escapes sets every bit (and so
/// the flag, when the object has another member): its bytes are not its text, so every lookup
/// reads it.
enum JSONKeyFilter {
    static let all = UInt64.max

    @inline(__always)
    static func bit(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        guard count > 0 else { return 1 }
        let h = count &+ Int(bytes[0]) &* 3 &+ Int(bytes[count - 1]) &* 5
        return 1 << UInt64(h & 63)
    }
}
