import WeatherCore
import WeatherPipeline

/// `wxpipe inspect PATH...`
public struct InspectCommand: Command {
    public static let name = "inspect"
    public static let abstract = "Show what each document is, the records it gives and its problems (writes nothing)."
    public static let arguments = "PATH..."
    public static let discussion = "Reads inputs exactly as 'ingest' does and prints one line per document on stdout."
    /// The `units` setting of an input, as `ingest` reads it.
    static let unitsSetting = SettingsCatalog.inputSetting("units")!
    public static let options = [unitsSetting.option]
    public static let examples = ["wxpipe inspect reply.json", "wxpipe inspect --units metric archive.tar.gz"]

    /// Units of OpenWeatherMap bodies that do not state them; nil: the decoders' default.
    public var units: UnitSystem?
    public var paths: [String]

    public init(parsing args: ParsedArguments) throws(UsageError) {
        guard !args.positional.isEmpty else { throw UsageError("no PATH given") }
        paths = args.positional
        var settings = IngestSettings()
        try args.apply([Self.unitsSetting], to: &settings)
        units = settings.units
    }

    public func run(_ console: Console) -> ExitCode {
        let (documents, rejected, unreadable) = Inspector(units: units).inspect(paths: paths) { console.out($0) }
        console.err("\(documents) document(s), \(rejected) rejected" + (unreadable > 0 ? ", \(unreadable) path(s) could not be read" : ""))
        // A path that cannot be read is a failure (exit 1), as for ingest; rejects are findings.
        return unreadable > 0 ? .failure : .success
    }
}
