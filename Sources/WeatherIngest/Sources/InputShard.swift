import WeatherCore

extension InputWalker {
    /// The files of `files` (expanded from `root`) that belong to `shard`.
    ///
    /// The key is the path relative to the root when the root is a folder (so the same archive
    /// mounted at another place shards the same), else the path as given. A tar archive or an
    /// NDJSON file is one key: its members and lines stay together. Standard input has no path
    /// and belongs to shard 0.
    public static func files(_ files: [InputFile], under root: String, in shard: Shard) -> [InputFile] {
        files.filter { file in
            if file.isStandardInput { return shard.index == 0 }
            return shard.contains(shardKey(of: file.path, under: root))
        }
    }

    /// `root/a/b.json` → `a/b.json`; a file named as the root keeps its path.
    public static func shardKey(of path: String, under root: String) -> String {
        let base = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}
