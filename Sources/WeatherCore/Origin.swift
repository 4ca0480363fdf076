/// Where a raw document came from, precise enough to find it again by hand.
///
/// Printed as `path:line` or `archive.tar.gz:member:line` (see `description`).
public struct Origin: Sendable, Equatable, CustomStringConvertible {
    /// The input path as given (or `-` for standard input).
    public var path: String
    /// The archive member name (tar), if the document came from one.
    public var member: String?
    /// 1-based line where the document starts in its (decompressed) stream.
    public var line: Int
    /// Byte offset of the document's first byte in its (decompressed) stream.
    public var byteOffset: Int
    /// Modification time of the file or tar member, in Unix seconds.
    public var modifiedAt: Int64?

    public init(path: String, member: String? = nil, line: Int = 1, byteOffset: Int = 0, modifiedAt: Int64? = nil) {
        self.path = path
        self.member = member
        self.line = line
        self.byteOffset = byteOffset
        self.modifiedAt = modifiedAt
    }

    public var description: String {
        var s = path
        if let member { s += ":" + member }
        s += ":\(line)"
        return s
    }
}

/// One document as read from the input, before it is parsed.
public struct RawDocument: Sendable {
    public var bytes: [UInt8]
    public var origin: Origin

    public init(bytes: [UInt8], origin: Origin) {
        self.bytes = bytes
        self.origin = origin
    }
}
