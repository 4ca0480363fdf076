import WeatherCore
import WeatherPipeline
import WeatherProviders

/// `wxpipe ingest --db FILE PATH...`
public struct IngestCommand: Command {
    public static let name = "ingest"
    public static let abstract = "Read inputs into the store (idempotent: unchanged inputs are skipped)."
    public static let arguments = "PATH..."
    public static let discussion = """
    PATH may be a file, a folder (read recursively in sorted order) or - for standard input.
    Plain JSON, gzip (also multi-member), tar, tar.gz/tgz and NDJSON are recognised by content.
    Inside folders, names starting with '.' and files with these extensions are skipped (a file
    named explicitly is always read): \(IngestPlan.skippedExtensions.map { "." + $0 }.joined(separator: " ")).
    Bad documents become rows of the 'rejects' table with a reason; the run goes on.
    An input is skipped when the same bytes were ingested before with the same settings (--units);
    with other settings it is ingested again and replaces its earlier records. --force re-ingests
    anyway; 'wxpipe forget' removes an input's records. Ctrl-C (or SIGTERM) removes the records of
    the file in progress before exiting; the next run ingests it again.
    """
    static let db = OptionSpec("--db", value: "FILE", help: "The SQLite store to write (created if missing).", required: true)
    static let shard = OptionSpec("--shard", value: "K/N", help: "Read only shard K of N (0-based) of the inputs, by a hash of each file's path "
                                  + "under its folder; auto: from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX (docs/SCALING.md).")
    /// `--db`, `--shard`, the input settings of `SettingsCatalog.input` (docs/SETTINGS.md), `--location`.
    public static let options = [db, shard] + SettingsCatalog.input.map(\.option) + [formatFile, LocationOption.spec] + IngestStage.Options.specs
    /// `--format-file FILE` (repeatable): the `formats` input setting (docs/FORMATS.md).
    static let formatFile = OptionSpec(FormatFiles.flag, value: "FILE", help: FormatFiles.help, repeatable: true)
    public static let examples = [
        "wxpipe ingest --db weather.sqlite ~/weather-archive/",
        "wxpipe ingest --db weather.sqlite --units imperial us-replies.ndjson.gz",
        "curl -s \"$URL\" | wxpipe ingest --db weather.sqlite -",
        "wxpipe ingest --db weather.sqlite --units metric archive/   (re-ingests archive/ read before without --units)",
        "wxpipe ingest --db weather.sqlite --role observed --file-time-zone America/New_York past-days/",
        "wxpipe ingest --db weather.sqlite --envelope-body data --envelope-fetched-at fetchedAt wrapped/",
        "wxpipe ingest --db weather.sqlite --format-file Formats/backyard-logger.json logger/",
        "wxpipe ingest --db weather.sqlite --location id=berlin,lat=52.52,lon=13.41,tz=Europe/Berlin,name=Berlin berlin/",
    ]

    /// The store to write.
    public var store: String
    /// The settings every input is read with (units, role, file zone, issue-time source,
    /// envelope, strict values): the same as a pipeline input's keys.
    public var settings: IngestSettings
    /// Units of OpenWeatherMap bodies that do not state them; nil: the decoders' default.
    public var units: UnitSystem? { settings.units }
    public var paths: [String]
    /// Locations declared with `--location`.
    public var locations: [Location]
    public var output: IngestStage.Options
    /// The part of the inputs this task reads (`--shard`); nil: all.
    public var shard: Shard?

    public init(parsing args: ParsedArguments) throws(UsageError) {
        store = try args.required(Self.db)
        guard !args.positional.isEmpty else { throw UsageError("no PATH given: name files, folders or - for standard input") }
        paths = args.positional
        settings = try Self.parseSettings(args)
        var locations: [Location] = []
        for spec in args.all(LocationOption.spec) { locations.append(try LocationOption.parse(spec)) }
        self.locations = locations
        output = try IngestStage.Options(parsing: args)
        shard = try Self.parseShard(args.value(Self.shard))
    }

    /// `--shard K/N` or `auto` (read from the array job's environment).
    static func parseShard(_ text: String?) throws(UsageError) -> Shard? {
        guard let text else { return nil }
        do { return try Shard.parse(text, environment: Shard.processEnvironment()) } catch { throw UsageError("--shard \(error)") }
    }

    public func run(_ console: Console) -> ExitCode {
        let inputs = paths.map { IngestInput(path: $0, settings: settings, shard: shard) }
        let progress = ProgressLine.isTerminal ? ProgressLine() : nil
        return ExitCode(IngestStage.run(store: store, inputs: inputs, locations: locations, options: output, log: console, progress: progress).outcome)
    }
}

extension IngestCommand {
    /// The per-input settings options: `SettingsCatalog.input`, checked as a pipeline file's input keys are.
    static func parseSettings(_ args: ParsedArguments) throws(UsageError) -> IngestSettings {
        var settings = IngestSettings()
        try args.apply(SettingsCatalog.input, to: &settings)
        settings.formats = try parseFormats(args)
        return settings
    }

    /// The format files of `--format-file`, read and checked before anything is ingested: a
    /// fault is a usage error naming the file, the key and what is wrong (exit 2).
    static func parseFormats(_ args: ParsedArguments) throws(UsageError) -> [DeclaredFormat] {
        do { return try FormatFiles.load(args.all(formatFile)) } catch { throw UsageError("\(FormatFiles.flag): \(Sanitize.printable(error.description))") }
    }
}
