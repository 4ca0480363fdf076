#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One input file found by walking the paths given on the command line or in a pipeline.
public struct InputFile: Sendable, Equatable {
    public var path: String
    public var size: Int
    public var modifiedAt: Int64?
    public var isStandardInput: Bool

    public init(path: String, size: Int, modifiedAt: Int64?, isStandardInput: Bool = false) {
        self.path = path
        self.size = size
        self.modifiedAt = modifiedAt
        self.isStandardInput = isStandardInput
    }
}

/// Expands paths into input files: files as given, directories recursively in a stable
/// (byte-wise sorted) order, `-` for standard input.
///
/// Symbolic links are followed, but a directory already on the current walk (same device and
/// inode) is not entered again, so link loops end. Inside directories, names starting with `.`
/// (editor and OS litter such as `.DS_Store`) and files whose extension says they are not data
/// (`skippedExtensions`) are passed over; a file named explicitly is always read.
public enum InputWalker {
    public struct Problem: Sendable, Equatable {
        public var path: String
        public var message: String
    }

    /// Extensions that are never weather replies. Inside folders such files (a README, a
    /// collector's log, an exported CSV) are passed over; named explicitly, they are read.
    public static let skippedExtensions: Set<String> = [
        "md", "txt", "rst", "csv", "tsv", "py", "sh", "yml", "yaml", "toml", "ini", "cfg", "log", "xml", "pdf",
        "png", "jpg", "jpeg", "gif", "svg", "sqlite", "sqlite3", "db", "wal", "shm", "swp", "tmp", "expected",
    ]

    static func isSkipped(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return skippedExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    public static func expand(_ paths: [String]) -> (files: [InputFile], problems: [Problem]) {
        var files: [InputFile] = []
        var problems: [Problem] = []
        for path in paths {
            if path == "-" {
                files.append(InputFile(path: "-", size: 0, modifiedAt: nil, isStandardInput: true))
                continue
            }
            var ancestors: [(UInt64, UInt64)] = []
            walk(path, &ancestors, &files, &problems, explicit: true)
        }
        return (files, problems)
    }

    private static func walk(_ path: String, _ ancestors: inout [(UInt64, UInt64)], _ files: inout [InputFile],
                             _ problems: inout [Problem], explicit: Bool) {
        var st = stat()
        guard stat(path, &st) == 0 else {
            problems.append(Problem(path: path, message: explicit ? "no such file or directory" : "cannot read: \(String(cString: strerror(errno)))"))
            return
        }
        let type = st.st_mode & S_IFMT
        if type == S_IFDIR {
            let key = (UInt64(st.st_dev), UInt64(st.st_ino))
            if ancestors.contains(where: { $0 == key }) {
                problems.append(Problem(path: path, message: "symbolic link loop; not followed"))
                return
            }
            guard let dir = opendir(path) else {
                problems.append(Problem(path: path, message: "cannot list directory: \(String(cString: strerror(errno)))"))
                return
            }
            var names: [String] = []
            while let entry = readdir(dir) {
                let name = withUnsafePointer(to: entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
                }
                if name.hasPrefix(".") || isSkipped(name) { continue }
                names.append(name)
            }
            closedir(dir)
            names.sort { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            ancestors.append(key)
            let base = path.hasSuffix("/") ? path : path + "/"
            for name in names { walk(base + name, &ancestors, &files, &problems, explicit: false) }
            ancestors.removeLast()
        } else if type == S_IFREG {
            files.append(InputFile(path: path, size: Int(st.st_size), modifiedAt: Int64(st.st_mtim.tv_sec)))
        } else if explicit {
            problems.append(Problem(path: path, message: "not a regular file or directory"))
        }
    }

    /// Hashes a whole file (used to skip inputs that were ingested before).
    public static func hashFile(_ path: String) throws(IngestError) -> String {
        let source = try FileSource(path: path)
        var hash = ContentHash()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let n = try source.read(into: buffer)
            if n == 0 { break }
            hash.update(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
        }
        return hash.finalize()
    }
}
