import WeatherJSON
import WeatherCore
import WeatherProviders

/// The `inputs` of a pipeline file: a path, or an object naming the path and the settings its
/// documents are read with — the same settings as `wxpipe ingest`'s options (docs/PIPELINES.md). Every key is checked; a typo is an error naming it.
extension PipelineFile {
    /// `path`, then the settings of `SettingsCatalog.input` (a dotted key is a nested object: `envelope`).
    static let inputKeys = ["path"] + SettingsCatalog.input.map(\.key).reduce(into: [String]()) { keys, key in
        let top = String(key.prefix { $0 != "." })
        if !keys.contains(top) { keys.append(top) }
    } + [FormatFiles.key]

    /// `"formats"` (top level or an input's): format files relative to the pipeline file, each
    /// read and checked now, so a bad one stops the run before anything is ingested.
    static func parseFormats(_ value: JSONValue?, _ key: String, _ r: Reader, folder: String,
                             after loaded: [DeclaredFormat]) throws(Problem) -> [DeclaredFormat] {
        guard let value else { return loaded }
        guard value.kind == .array else { throw r.fail(key, "must be an array of format files, not \(value.kind)") }
        var out = loaded
        for (k, item) in value.elements.enumerated() {
            guard let path = item.string, !path.isEmpty else { throw r.fail("\(key)[\(k)]", "must be the path of a format file") }
            do { out = try FormatFiles.load([resolve(path, folder)], after: out) } catch { throw r.fail("\(key)[\(k)]", error.description) }
        }
        return out
    }

    static func parseInputs(_ value: JSONValue?, _ r: Reader, folder: String, formats: [DeclaredFormat] = []) throws(Problem) -> [Input] {
        guard let value else { throw r.fail("inputs", "missing: list the files or folders to ingest") }
        guard value.kind == .array else { throw r.fail("inputs", "must be an array, not \(value.kind)") }
        var inputs: [Input] = []
        for (k, item) in value.elements.enumerated() {
            let key = "inputs[\(k)]"
            if let s = item.string {
                inputs.append(Input(path: resolve(s, folder), settings: IngestSettings(formats: formats)))
                continue
            }
            guard item.kind == .object else { throw r.fail(key, "must be a path or an object {\"path\": …, \"units\": …, \"role\": …}") }
            for sub in item.keys where !inputKeys.contains(sub) {
                throw r.fail("\(key).\(sub)", "unknown key (known: \(inputKeys.joined(separator: ", ")))")
            }
            guard let path = try r.string(item["path"], "\(key).path") else { throw r.fail("\(key).path", "missing") }
            var settings = try parseSettings(item, key, r)
            settings.formats = try parseFormats(item[FormatFiles.key], "\(key).\(FormatFiles.key)", r, folder: folder, after: formats)
            inputs.append(Input(path: resolve(path, folder), settings: settings))
        }
        if inputs.isEmpty { throw r.fail("inputs", "is empty: nothing to ingest") }
        return inputs
    }

    /// The settings keys of one input object (`SettingsCatalog.input`).
    static func parseSettings(_ item: JSONValue, _ key: String, _ r: Reader) throws(Problem) -> IngestSettings {
        var settings = IngestSettings()
        try r.apply(SettingsCatalog.input, from: item, prefix: key + ".", to: &settings)
        return settings
    }
}

extension IngestSettings {
    /// MADIS QC letters (`"VCSZ"`, `"V,C,S"`): the flags whose NWS values are kept (`nws_qc_accept`).
    public static func parseQCLetters(_ text: String) -> Set<String>? {
        let letters = text.filter { $0 != "," && $0 != " " }.map(String.init)
        guard !letters.isEmpty, letters.allSatisfy({ ["V", "C", "S", "Z", "G", "Q", "X", "B"].contains($0) }) else { return nil }
        return Set(letters)
    }
}
