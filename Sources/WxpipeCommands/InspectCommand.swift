import WeatherCore
import WeatherPipeline
import WeatherProviders

/// `wxpipe inspect PATH...`
public struct InspectCommand: Command {
    public static let name = "inspect"
    public static let abstract = "Show what each document is, the records it gives and its problems (writes nothing)."
    public static let arguments = "PATH..."
    public static let discussion = "Reads inputs exactly as 'ingest' does and prints one line per document on stdout."
    /// The `units` setting of an input, as `ingest` reads it.
    static let unitsSetting = SettingsCatalog.inputSetting("units")!
    public static let options = [unitsSetting.option, IngestCommand.formatFile]
    public static let examples = ["wxpipe inspect reply.json", "wxpipe inspect --units metric archive.tar.gz",
                                  "wxpipe inspect --format-file Formats/backyard-logger.json logger/"]

    /// Units of OpenWeatherMap bodies that do not state them; nil: the decoders' default.
    public var units: UnitSystem?
    public var paths: [String]
    /// Declared formats (`--format-file`), read after the built-in decoders as `ingest` reads them.
    public var formats: [DeclaredFormat]

    public init(parsing args: ParsedArguments) throws(UsageError) {
        guard !args.positional.isEmpty else { throw UsageError("no PATH given") }
        paths = args.positional
        var settings = IngestSettings()
        try args.apply([Self.unitsSetting], to: &settings)
        units = settings.units
        formats = try IngestCommand.parseFormats(args)
    }

    public func run(_ console: Console) -> ExitCode {
        let (documents, rejected, unreadable) = Inspector(units: units, formats: formats).inspect(paths: paths) { console.out($0) }
        console.err("\(documents) document(s), \(rejected) rejected" + (unreadable > 0 ? ", \(unreadable) path(s) could not be read" : ""))
        // A path that cannot be read is a failure (exit 1), as for ingest; rejects are findings.
        return unreadable > 0 ? .failure : .success
    }
}
