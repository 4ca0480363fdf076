#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file (or standard input) through a raw POSIX descriptor.
///
/// POSIX `read` avoids Foundation's FileHandle buffering and exceptions; the descriptor is
/// closed in `deinit`, so a source can be dropped at any point of an error path.
public final class FileSource: ByteSource {
    private let fd: Int32
    private let ownsDescriptor: Bool
    public let path: String
    /// Bytes read so far: where a failed read stopped.
    private var position = 0

    public init(path: String) throws(IngestError) {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw IngestError(.cannotOpen(reason: FileSource.errnoText())) }
        self.fd = fd
        self.ownsDescriptor = true
    }

    /// Standard input; not closed on deinit.
    public init(standardInput: Void) {
        self.path = "-"
        self.fd = 0
        self.ownsDescriptor = false
    }

    deinit {
        if ownsDescriptor { close(fd) }
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(IngestError) -> Int {
        while true {
            #if canImport(Glibc)
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            #else
            let n = Darwin.read(fd, buffer.baseAddress, buffer.count)
            #endif
            if n >= 0 { position += n; return n }
            if errno == EINTR { continue }
            throw IngestError(.readFailed(reason: FileSource.errnoText()), at: position)
        }
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}

/// An in-memory source, for tests and for replaying peeked bytes.
public final class MemorySource: ByteSource {
    private let bytes: [UInt8]
    private var position = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(IngestError) -> Int {
        let n = min(buffer.count, bytes.count - position)
        if n > 0 {
            bytes.withUnsafeBytes { src in
                buffer.baseAddress!.copyMemory(from: src.baseAddress! + position, byteCount: n)
            }
            position += n
        }
        return n
    }
}
