import WeatherCore
import WeatherProviders
import WeatherStore

/// The `formats` input setting (`"formats": ["…"]` in a pipeline input or at its top level,
/// `--format-file FILE` on `ingest` and `inspect`; docs/FORMATS.md): format files read and
/// checked whole before anything is ingested.
///
/// Declared beside `SettingsCatalog`, not in it: its values are files, read when the pipeline
/// file or the command line is parsed, relative to the pipeline file — a catalog setting only
/// turns a value into settings, and knows no file or folder.
public enum FormatFiles {
    public static let key = "formats"
    public static let flag = "--format-file"
    public static let help = "A format file describing a JSON shape no decoder knows (docs/FORMATS.md); repeatable, read in order."

    /// The store's record columns a format's values must name: the declarations themselves.
    public static var columns: DeclaredFormat.Columns {
        DeclaredFormat.Columns(observations: RecordTables.observations.columns.map(\.name),
                               forecasts: RecordTables.forecasts.columns.map(\.name))
    }

    /// A format file, parsed and checked (at most 1 MiB: a description, not data).
    public static func load(_ path: String) throws(FormatFileError) -> DeclaredFormat {
        guard let bytes = readWholeFile(path, limit: 1 << 20) else {
            throw FormatFileError(file: path, key: nil, fault: "cannot be read (missing, unreadable or over 1 MiB)")
        }
        return try DeclaredFormat.parse(bytes, file: path, columns: columns)
    }

    /// Format files in order, after those already `loaded`; two formats of one name are refused,
    /// since which one decodes would depend on the order of the files.
    public static func load(_ paths: [String], after loaded: [DeclaredFormat] = []) throws(FormatFileError) -> [DeclaredFormat] {
        var out = loaded
        for path in paths {
            let format = try load(path)
            if let other = out.first(where: { $0.name == format.name }) {
                throw FormatFileError(file: path, key: "format", fault: "'\(format.name)' is declared in \(other.file) too: a format has one file")
            }
            out.append(format)
        }
        return out
    }
}
