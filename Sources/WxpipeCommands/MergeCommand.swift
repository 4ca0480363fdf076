import WeatherPipeline

/// `wxpipe merge --db OUT STORE...`
public struct MergeCommand: Command {
    public static let name = "merge"
    public static let abstract = "Combine stores written by 'ingest --shard' into one, as a single ingest would."
    public static let arguments = "STORE..."
    public static let discussion = """
    Sources, observations, forecasts, rejects, warnings and locations of each STORE are added to
    OUT, deduplicated by the same keys as an ingest (the record of the input one ingest reads first wins). Each
    STORE is merged in one transaction and remembered in 'merged_stores': merging it again does
    nothing, and a merge that was killed is completed by running it again. docs/SCALING.md.
    """
    static let db = OptionSpec("--db", value: "OUT", help: "The store to write (created if missing).", required: true)
    public static let options = [db]
    public static let examples = [
        "wxpipe merge --db weather.sqlite shards/part-*.sqlite",
    ]

    /// The store to write.
    public var store: String
    /// The shard stores, merged in this order.
    public var stores: [String]

    public init(parsing args: ParsedArguments) throws(UsageError) {
        store = try args.required(Self.db)
        guard !args.positional.isEmpty else { throw UsageError("no STORE given: name the shard stores to merge") }
        stores = args.positional
    }

    public func run(_ console: Console) -> ExitCode {
        ExitCode(MergeStage.run(out: store, stores: stores, log: console))
    }
}
