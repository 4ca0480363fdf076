#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Database {
    /// Attaches the store at `path` read-only as `schema` (a fixed name, never input), for the
    /// shard merges and the sharded aggregate: a read-only file takes no write lock, so many
    /// tasks can read one store while each writes its own, and nothing can change it by accident.
    /// The file name is bound as an `file:` URI (`?mode=ro`); the attach is checked to have
    /// opened that very file, since a SQLite built without URI support would take the URI as a name.
    public func attachReadOnly(_ path: String, as schema: String) throws(StoreError) {
        guard let resolved = realpath(path, nil) else {
            throw StoreError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        let absolute = String(cString: resolved)
        free(resolved)
        try run("ATTACH DATABASE ? AS \(schema)", [.text("file:" + Database.uriEscaped(absolute) + "?mode=ro")])
        let attached = try rows("SELECT file FROM pragma_database_list WHERE name = ?", [.text(schema)]).first?.first?.string
        guard attached == absolute else {
            try? execute("DETACH DATABASE \(schema)")
            throw StoreError.cannotOpen(path: path, reason: "it could not be attached read-only (this SQLite does not accept file: URIs)")
        }
    }

    /// A path as the path part of a `file:` URI: `%`, `?` and `#` percent-encoded.
    static func uriEscaped(_ path: String) -> String {
        var out = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "?": out += "%3F"
            case "#": out += "%23"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
