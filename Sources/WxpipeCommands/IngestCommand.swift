import WeatherCore
import WeatherPipeline

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
    static let units = OptionSpec("--units", value: "SYSTEM",
                                  help: "Units of OpenWeatherMap bodies whose envelope has no URL: standard (Kelvin), metric or imperial.",
                                  default: UnitSystem.standard.rawValue)
    public static let options = [db, units] + IngestStage.Options.specs
    public static let examples = [
        "wxpipe ingest --db weather.sqlite ~/weather-archive/",
        "wxpipe ingest --db weather.sqlite --units imperial us-replies.ndjson.gz",
        "curl -s \"$URL\" | wxpipe ingest --db weather.sqlite -",
        "wxpipe ingest --db weather.sqlite --units metric archive/   (re-ingests archive/ read before without --units)",
    ]

    /// The store to write.
    public var store: String
    /// Units of OpenWeatherMap bodies that do not state them; nil: the decoders' default.
    public var units: UnitSystem?
    public var paths: [String]
    public var output: IngestStage.Options

    public init(parsing args: ParsedArguments) throws(UsageError) {
        store = try args.required(Self.db)
        guard !args.positional.isEmpty else { throw UsageError("no PATH given: name files, folders or - for standard input") }
        paths = args.positional
        units = try args.choice(Self.units)
        output = IngestStage.Options(parsing: args)
    }

    public func run(_ console: Console) -> ExitCode {
        let inputs = paths.map { IngestInput(path: $0, units: units) }
        let progress = ProgressLine.isTerminal ? ProgressLine() : nil
        return ExitCode(IngestStage.run(store: store, inputs: inputs, options: output, log: console, progress: progress).outcome)
    }
}
