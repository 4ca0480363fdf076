#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Folders made on the way to a file: the store's (`--db archive/2024/w.sqlite`) and every
/// output's. One `mkdir -p` for the stages that write stores and the exports that write files.
public enum Folder {
    /// Creates `path` and the folders above it that are missing; nil when done, else what went wrong.
    public static func create(_ path: String) -> String? {
        var built = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            built += "/" + part
            var st = stat()
            if stat(built, &st) == 0 {
                if st.st_mode & S_IFMT != S_IFDIR { return "\(built) exists and is not a directory" }
                continue
            }
            if mkdir(built, 0o755) != 0 && errno != EEXIST {
                return "cannot create directory \(built): \(String(cString: strerror(errno)))"
            }
        }
        return nil
    }

    /// Creates the folder that holds `path` (nothing for a bare file name); nil when done.
    public static func createParent(of path: String) -> String? {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let folder = String(path[..<slash])
        return folder.isEmpty ? nil : create(folder)
    }
}
