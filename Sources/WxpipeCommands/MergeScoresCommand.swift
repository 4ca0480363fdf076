import WeatherPipeline

/// `wxpipe merge-scores --db OUT PART...`
public struct MergeScoresCommand: Command {
    public static let name = "merge-scores"
    public static let abstract = "Combine the parts of 'aggregate --shard K/N' into the derived tables of OUT."
    public static let arguments = "PART..."
    public static let discussion = """
    Daily values, monthly rainfall, pairs, exclusions and per-location scores are the union of
    the parts (each location is in one part); pooled scores add the parts' sums and recompute
    the statistics; scores_by_lead is rebuilt. Every shard 0..N-1 must be given. The derived
    tables of OUT are replaced in one transaction, as by 'wxpipe aggregate'. docs/SCALING.md.
    """
    static let db = OptionSpec("--db", value: "OUT", help: "The store whose derived tables are written (usually the merged store).",
                               required: true)
    public static let options = [db]
    public static let examples = [
        "wxpipe merge-scores --db weather.sqlite parts/aggregate-*.sqlite",
    ]

    public var store: String
    public var parts: [String]

    public init(parsing args: ParsedArguments) throws(UsageError) {
        store = try args.required(Self.db)
        guard !args.positional.isEmpty else { throw UsageError("no PART given: name the stores 'aggregate --shard' wrote") }
        parts = args.positional
    }

    public func run(_ console: Console) -> ExitCode {
        ExitCode(MergeScoresStage.run(out: store, parts: parts, log: console))
    }
}
