/// A stream of bytes read in chunks: a file, a gzip stream, a tar member.
///
/// Readers are pull-based and hold one chunk at a time, so memory does not grow with the input.
public protocol ByteSource: AnyObject {
    /// Reads up to `buffer.count` bytes; returns 0 only at the end of the stream.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(IngestError) -> Int
}

/// A failure of the input itself (not of one document's content).
public struct IngestError: Error, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case unreadable
        case truncated
        case corrupt
        case tooLarge
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
