#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WeatherCore

/// Buffered writer to a file, flushing in large chunks; reports write errors (a full disk).
///
/// Fault injection for tests: with `WXPIPE_FAULT_WRITE_LIMIT=N` in the environment, writing past
/// N bytes fails as a full disk would (ENOSPC), so the failure path is tested without a real
/// full file system.
public final class FileWriter {
    private let file: UnsafeMutablePointer<FILE>
    public let path: String
    private var written = 0
    private let faultLimit: Int? = getenv("WXPIPE_FAULT_WRITE_LIMIT").flatMap { Int(String(cString: $0)) }

    public init(path: String) throws(ExportError) {
        guard let f = fopen(path, "wb") else {
            throw ExportError("cannot create \(path): \(String(cString: strerror(errno)))")
        }
        self.file = f
        self.path = path
        setvbuf(f, nil, _IOFBF, 1 << 20)
    }

    deinit { fclose(file) }

    public func write(_ s: String) throws(ExportError) {
        written += s.utf8.count
        if let faultLimit, written > faultLimit {
            throw ExportError("write to \(path) failed: \(String(cString: strerror(ENOSPC))) (injected fault)")
        }
        var s = s
        let ok = s.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) == $0.count }
        if !ok { throw ExportError("write to \(path) failed: \(String(cString: strerror(errno)))") }
    }

    /// Writes bytes as they are (the CSV encoder's buffer).
    public func write(bytes: [UInt8]) throws(ExportError) {
        written += bytes.count
        if let faultLimit, written > faultLimit {
            throw ExportError("write to \(path) failed: \(String(cString: strerror(ENOSPC))) (injected fault)")
        }
        let ok = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) == $0.count }
        if !ok { throw ExportError("write to \(path) failed: \(String(cString: strerror(errno)))") }
    }

    /// Writes bytes in place (the fast encoders' buffer, a megabyte at a time).
    func write(bytes: UnsafeBufferPointer<UInt8>) throws(ExportError) {
        written += bytes.count
        if let faultLimit, written > faultLimit {
            throw ExportError("write to \(path) failed: \(String(cString: strerror(ENOSPC))) (injected fault)")
        }
        guard fwrite(bytes.baseAddress, 1, bytes.count, file) == bytes.count else {
            throw ExportError("write to \(path) failed: \(String(cString: strerror(errno)))")
        }
    }

    public func close() throws(ExportError) {
        if fflush(file) != 0 || ferror(file) != 0 {
            throw ExportError("write to \(path) failed: \(String(cString: strerror(errno)))")
        }
    }
}

/// Files written whole or not at all, and the folders they go in.
public enum OutputFile {
    /// Writes `text` to `path` through a temporary file renamed into place: a failure (a full
    /// disk) leaves no half-written file and any earlier version intact.
    public static func writeText(_ text: String, to path: String) throws(ExportError) {
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try makeDirectory(String(path[..<slash]))
        }
        let temp = temporaryName(for: path)
        do {
            let writer = try FileWriter(path: temp)
            try writer.write(text)
            try writer.close()
            try moveIntoPlace(temp, path)
        } catch {
            unlink(temp)
            throw error
        }
    }

    /// `mkdir -p` (`Folder.create`).
    public static func makeDirectory(_ path: String) throws(ExportError) {
        if let problem = Folder.create(path) { throw ExportError(problem) }
    }

    /// The folder that holds `path` is created (for an output named inside a folder).
    public static func makeParentDirectory(of path: String) throws(ExportError) {
        if let problem = Folder.createParent(of: path) { throw ExportError(problem) }
    }

    /// A name beside `path`, unique to this process, for a file being written.
    static func temporaryName(for path: String) -> String { path + ".tmp-\(getpid())" }

    /// Renames a completed temporary file to its final name (atomic within a file system).
    static func moveIntoPlace(_ temp: String, _ path: String) throws(ExportError) {
        guard rename(temp, path) == 0 else {
            throw ExportError("cannot move \(temp) to \(path): \(String(cString: strerror(errno)))")
        }
    }
}
