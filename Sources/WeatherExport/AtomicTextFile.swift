#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text written to a temporary name and renamed into place by `commit`, as every output is:
/// a query that fails half-way leaves no half-written file (`discard`, or `deinit`).
public final class AtomicTextFile {
    public let path: String
    private let temp: String
    private let writer: FileWriter
    private var done = false

    public init(path: String) throws(ExportError) {
        try OutputFile.makeParentDirectory(of: path)
        self.path = path
        temp = OutputFile.temporaryName(for: path)
        writer = try FileWriter(path: temp)
    }

    deinit { if !done { unlink(temp) } }

    public func write(_ text: String) throws(ExportError) { try writer.write(text) }

    public func commit() throws(ExportError) {
        try writer.close()
        try OutputFile.moveIntoPlace(temp, path)
        done = true
    }

    public func discard() {
        done = true
        unlink(temp)
    }
}
