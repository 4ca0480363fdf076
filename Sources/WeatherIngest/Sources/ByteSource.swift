/// A stream of bytes read in chunks: a file, a gzip stream, a tar member.
///
/// Readers are pull-based and hold one chunk at a time, so memory does not grow with the input.
public protocol ByteSource: AnyObject {
    /// Reads up to `buffer.count` bytes; returns 0 only at the end of the stream.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(IngestError) -> Int
}

/// A failure of the input itself (not of one document's content): what went wrong, as a typed
/// `Problem`, and where, as a field.
///
/// The place is `byteOffset` (with the bytes it counts, `offsetKind`), never text to parse back
/// out of a message; `message` writes it out for people, in the words users have always read
/// ("gzip stream ends inside a member at compressed byte 181 (truncated file?)"). The path, the
/// member and the line come with the event's `Origin`.
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

    /// What went wrong; the message of each is written once, in `message`.
    public enum Problem: Sendable, Equatable {
        case zlibInitialisation(code: Int32)
        case gzipEndsInsideMember
        case gzipCorrupt(reason: String)
        case gzipExpandsPast(limitBytes: Int)
        case gzipRatio(maxRatio: Int, bytesOut: Int)
        case gzipTrailingData
        case tarEndsInsideMember
        case tarEndsInsideHeader
        case tarChecksumMismatch
        case tarInvalidSize
        case tarEndsInsideEntry
        case tarExtendedHeaderTooLarge(sizeBytes: Int)
        case tarEndsInsideExtendedHeader
        case tarMemberCutShort(missingBytes: Int)
        case cannotOpen(reason: String)
        case readFailed(reason: String)
        /// Any other failure, described in words (tests, tools).
        case described(String)

        /// The kind of failure, as rejects report it.
        var kind: Kind {
            switch self {
            case .zlibInitialisation, .gzipCorrupt, .gzipTrailingData, .tarChecksumMismatch, .tarInvalidSize,
                 .tarExtendedHeaderTooLarge: return .corrupt
            case .gzipEndsInsideMember, .tarEndsInsideMember, .tarEndsInsideHeader, .tarEndsInsideEntry,
                 .tarEndsInsideExtendedHeader, .tarMemberCutShort: return .truncated
            case .gzipExpandsPast, .gzipRatio: return .tooLarge
            case .cannotOpen, .readFailed, .described: return .unreadable
            }
        }
    }

    public var kind: Kind
    public var problem: Problem
    /// The offset at which reading failed, in `offsetKind` bytes; nil where no byte position
    /// applies (a file that cannot be opened, zlib that cannot start).
    public var byteOffset: Int?
    public var offsetKind: OffsetKind

    public init(_ problem: Problem, at byteOffset: Int? = nil, in offsetKind: OffsetKind = .stream) {
        self.kind = problem.kind
        self.problem = problem
        self.byteOffset = byteOffset
        self.offsetKind = offsetKind
    }

    /// A failure described in words, of the given kind.
    public init(_ kind: Kind, _ message: String, at byteOffset: Int? = nil) {
        self.init(.described(message), at: byteOffset)
        self.kind = kind
    }

    /// The failure and its place, for people.
    public var message: String {
        let at = byteOffset.map(String.init) ?? "?"
        switch problem {
        case .zlibInitialisation(let code): return "zlib initialisation failed (\(code))"
        case .gzipEndsInsideMember: return "gzip stream ends inside a member at compressed byte \(at) (truncated file?)"
        case .gzipCorrupt(let reason): return "gzip data corrupt at compressed byte \(at): \(reason)"
        case .gzipExpandsPast(let limit): return "gzip stream expands past \(limit) bytes (decompression bomb?)"
        case .gzipRatio(let maxRatio, let bytesOut):
            return "gzip stream expands more than \(maxRatio):1 (\(bytesOut) bytes from \(at)); refusing a likely decompression bomb"
        case .gzipTrailingData: return "unexpected data after gzip member at compressed byte \(at)"
        case .tarEndsInsideMember: return "tar archive ends inside a member"
        case .tarEndsInsideHeader: return "tar archive ends inside a header at byte \(at)"
        case .tarChecksumMismatch: return "tar header checksum mismatch at byte \(at); archive damaged, rest skipped"
        case .tarInvalidSize: return "tar header at byte \(at) has an invalid size field"
        case .tarEndsInsideEntry: return "tar archive ends inside an entry"
        case .tarExtendedHeaderTooLarge(let size): return "tar extended header of \(size) bytes is implausible"
        case .tarEndsInsideExtendedHeader: return "tar archive ends inside an extended header"
        case .tarMemberCutShort(let missing): return "tar member cut short: \(missing) bytes missing"
        case .cannotOpen(let reason): return "cannot open: \(reason)"
        case .readFailed(let reason): return "read failed: \(reason)"
        case .described(let text): return text
        }
    }

    public var description: String { message }
}
