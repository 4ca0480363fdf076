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
    Bad documents become rows of the 'rejects' table with a reason; the run goes on.
    """
    static let db = OptionSpec("--db", value: "FILE", help: "The SQLite store to write (created if missing).", required: true)
    static let units = OptionSpec("--units", value: "SYSTEM",
                                  help: "Units of OpenWeatherMap bodies whose envelope has no URL: standard (Kelvin), metric or imperial.",
                                  default: UnitSystem.standard.rawValue)
    static let shard = OptionSpec("--shard", value: "K/N", help: "Read only shard K of N (0-based) of the inputs, by a hash of each file's path "
                                  + "under its folder; auto: from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX (docs/SCALING.md).")
    public static let options = [db, units, shard] + IngestStage.Options.specs
    public static let examples = [
        "wxpipe ingest --db weather.sqlite ~/weather-archive/",
        "wxpipe ingest --db weather.sqlite --units imperial us-replies.ndjson.gz",
        "curl -s \"$URL\" | wxpipe ingest --db weather.sqlite -",
    ]

    /// The store to write.
    public var store: String
    /// Units of OpenWeatherMap bodies that do not state them; nil: the decoders' default.
    public var units: UnitSystem?
    public var paths: [String]
    public var output: IngestStage.Options
    /// The part of the inputs this task reads (`--shard`); nil: all.
    public var shard: Shard?

    public init(parsing args: ParsedArguments) throws(UsageError) {
        store = try args.required(Self.db)
        guard !args.positional.isEmpty else { throw UsageError("no PATH given: name files, folders or - for standard input") }
        paths = args.positional
        units = try args.choice(Self.units)
        output = IngestStage.Options(parsing: args)
        shard = try Self.parseShard(args.value(Self.shard))
    }

    /// `--shard K/N` or `auto` (read from the array job's environment).
    static func parseShard(_ text: String?) throws(UsageError) -> Shard? {
        guard let text else { return nil }
        do { return try Shard.parse(text, environment: Shard.processEnvironment()) } catch { throw UsageError("--shard \(error)") }
    }

    public func run(_ console: Console) -> ExitCode {
        let inputs = paths.map { IngestInput(path: $0, units: units, shard: shard) }
        let progress = ProgressLine.isTerminal ? ProgressLine() : nil
        return ExitCode(IngestStage.run(store: store, inputs: inputs, options: output, log: console, progress: progress).outcome)
    }
}
