/// A stream of bytes read in chunks: a file, a gzip stream, a tar member.
///
/// Readers are pull-based and hold one chunk at a time, so memory does not grow with the input.
public protocol ByteSource: AnyObject {
    /// Reads up to `buffer.count` bytes; returns 0 only at the end of the stream.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(IngestError) -> Int
}

/// A failure of the input itself (not of one document's content), with where it happened.
///
/// The place is a field (`byteOffset`, and which bytes it counts), not text inside the
/// problem, so that a reject can store it in its `byte_offset` column; `message` puts the two
/// together for people: "gzip stream ends inside a member at compressed byte 812: the file is
/// truncated". The path, member and line come with the event's `Origin`.
public struct IngestError: Error, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case unreadable
        case truncated
        case corrupt
        case tooLarge
    }

    /// Which bytes `byteOffset` counts.
    public enum OffsetKind: Sendable {
        /// The compressed input of a gzip stream: the file (or tar member) as stored.
        case compressed
        /// The stream being read: the file itself, or a tar archive after decompression.
        case stream
    }

    public var kind: Kind
    /// What went wrong, without the place: "gzip stream ends inside a member".
    public var problem: String
    /// The offset at which reading failed; nil where no byte position applies (a file that
    /// cannot be opened).
    public var byteOffset: Int?
    public var offsetKind: OffsetKind
    /// What follows the place in the message: zlib's reason, a likely cause.
    public var detail: String?

    public init(_ kind: Kind, _ problem: String, at byteOffset: Int? = nil, in offsetKind: OffsetKind = .stream,
                detail: String? = nil) {
        self.kind = kind
        self.problem = problem
        self.byteOffset = byteOffset
        self.offsetKind = offsetKind
        self.detail = detail
    }

    /// The problem, its place and the detail, as one sentence for people.
    public var message: String {
        var s = problem
        if let byteOffset { s += offsetKind == .compressed ? " at compressed byte \(byteOffset)" : " at byte \(byteOffset)" }
        if let detail { s += ": " + detail }
        return s
    }

    public var description: String { message }
}
