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
    var flag: Bool
    /// Byte range of the value's text: for strings, the bytes between the quotes.
    var start: Int32
    var end: Int32
    /// Tape index of the next sibling (just past this value's subtree).
    var next: Int32
    /// Number of children (array elements, or object members) for containers.
    var count: Int32
    /// The value of a number (already checked to be finite).
    var number: Double
}
