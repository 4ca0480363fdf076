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
    /// Where replies that name no place are for, as `ingest` reads them (station archives).
    static let placeSettings = [SettingsCatalog.inputSetting("place")!, SettingsCatalog.inputSetting("station_time_zone")!]
    public static let options = [unitsSetting.option] + placeSettings.map(\.option) + [LocationOption.spec, IngestCommand.formatFile]
    public static let examples = ["wxpipe inspect reply.json", "wxpipe inspect --units metric archive.tar.gz",
                                  "wxpipe inspect --location id=dsm,lat=41.534,lon=-93.653,tz=America/Chicago,station=KDSM cli.json",
                                  "wxpipe inspect --format-file Formats/backyard-logger.json logger/"]

    /// Units of OpenWeatherMap bodies that do not state them; nil: the decoders' default.
    public var units: UnitSystem?
    /// The settings documents are decoded with: units, place, the declared stations.
    public var settings: IngestSettings
    public var paths: [String]
    /// Declared formats (`--format-file`), read after the built-in decoders as `ingest` reads them.
    public var formats: [DeclaredFormat]

    public init(parsing args: ParsedArguments) throws(UsageError) {
        guard !args.positional.isEmpty else { throw UsageError("no PATH given") }
        paths = args.positional
        var settings = IngestSettings()
        try args.apply([Self.unitsSetting] + Self.placeSettings, to: &settings)
        var locations: [Location] = []
        for spec in args.all(LocationOption.spec) { locations.append(try LocationOption.parse(spec)) }
        let stations = StationDirectory(locations)
        if !stations.isEmpty { settings.stations = stations }
        units = settings.units
        self.settings = settings
        formats = try IngestCommand.parseFormats(args)
    }

    public func run(_ console: Console) -> ExitCode {
        let (documents, rejected, unreadable) = Inspector(units: units, settings: settings, formats: formats).inspect(paths: paths) { console.out($0) }
        console.err("\(documents) document(s), \(rejected) rejected" + (unreadable > 0 ? ", \(unreadable) path(s) could not be read" : ""))
        // A path that cannot be read is a failure (exit 1), as for ingest; rejects are findings.
        return unreadable > 0 ? .failure : .success
    }
}
