import WeatherCore
import WeatherPipeline

/// `wxpipe merge --db OUT STORE...`, or one location part of it: `wxpipe merge --shard K/M --db PART STORE...`
public struct MergeCommand: Command {
    public static let name = "merge"
    public static let abstract = "Combine stores written by 'ingest --shard' into one, as a single ingest would."
    public static let arguments = "STORE..."
    public static let discussion = """
    Sources, observations, forecasts, rejects, warnings and locations of each STORE are added to
    OUT, deduplicated by the same keys as an ingest (the record of the input one ingest reads first wins). Each
    STORE is merged in one transaction and remembered in 'merged_stores': merging it again does
    nothing, and a merge that was killed is completed by running it again. With --shard K/M, OUT
    holds only the locations whose id hashes to K of M (as 'aggregate --shard' splits them), with
    all their records: M tasks write M parts at once, each resolving the locations of all the
    STOREs the same way; a part is written whole or not at all. docs/SCALING.md.
    """
    static let db = OptionSpec("--db", value: "OUT", help: "The store to write (created if missing); not with --prepare.")
    static let shard = OptionSpec("--shard", value: "K/M", help: "Write only location shard K of M into OUT (auto: from the array job); "
                                  + "aggregate it with 'aggregate --db OUT --shard K/M' (docs/SCALING.md).")
    static let prepare = OptionSpec("--prepare", help: "Record in each STORE (a shard store, after its ingest) the first record of each "
                                    + "location, so that every 'merge --shard' task reads that instead of every record.")
    public static let options = [db, shard, prepare]
    public static let examples = [
        "wxpipe merge --db weather.sqlite shards/part-*.sqlite",
        "wxpipe merge --prepare shards/ingest-3.sqlite",
        "wxpipe merge --shard 3/16 --db locations/part-3.sqlite shards/ingest-*.sqlite",
    ]

    /// The store to write.
    public var store: String?
    /// `--prepare`: write the location pass's table into each STORE instead of merging.
    public var prepare: Bool
    /// The shard stores, merged in this order.
    public var stores: [String]
    /// With `--shard`: the location part to write.
    public var shard: Shard?

    public init(parsing args: ParsedArguments) throws(UsageError) {
        prepare = args.has(Self.prepare)
        store = args.value(Self.db)
        if prepare && (store != nil || args.value(Self.shard) != nil) { throw UsageError("--prepare writes into each STORE: it takes no --db or --shard") }
        if !prepare && store == nil { throw UsageError("--db OUT is required: the store to write") }
        guard !args.positional.isEmpty else { throw UsageError("no STORE given: name the shard stores to merge") }
        stores = args.positional
        shard = try IngestCommand.parseShard(args.value(Self.shard))
    }

    public func run(_ console: Console) -> ExitCode {
        guard let store else { return ExitCode(MergePrepareStage.run(stores: stores, log: console)) }
        if let shard { return ExitCode(LocationMergeStage.run(out: store, shard: shard, stores: stores, log: console)) }
        return ExitCode(MergeStage.run(out: store, stores: stores, log: console))
    }
}
