import Foundation
import WeatherCore
import WeatherPipeline

/// `wxpipe merge-scores --db OUT PART...`, split or not: `--shard J/S --out STATS PART...`
/// computes one of S shares of the statistics that pool pairs across locations, and
/// `--db OUT --statistics STATS... PART...` puts them together with the parts.
public struct MergeScoresCommand: Command {
    public static let name = "merge-scores"
    public static let abstract = "Combine the parts of 'aggregate --shard K/N' into the derived tables of OUT."
    public static let arguments = "PART..."
    public static let discussion = """
    Daily values, monthly rainfall, pairs, exclusions and per-location scores are the union of
    the parts (each location is in one part); pooled scores add the parts' sums and recompute
    the statistics; scores_by_lead is rebuilt. Every shard 0..N-1 must be given. The derived
    tables of OUT are replaced in one transaction, as by 'wxpipe aggregate'.
    The statistics that pool pairs across locations (intervals, skill, thresholds, reliability,
    months, consistency, comparisons, rankings) can be split into S tasks: each
    'merge-scores --shard J/S --out STATS-J PART...' computes the groups whose key hashes to J,
    then 'merge-scores --db OUT --statistics DIR PART...' takes them from the S files instead of
    computing them. With --rows-in-parts as well, the per-location tables (daily values, pairs,
    exclusions, derived days) are not copied into OUT: they stay in the parts, and
    forecast_consistency in the statistics files, which OUT's table part_tables names; OUT keeps
    forecast_scores, scores_by_lead and the other pooled statistics (no step left serial grows
    with the records). docs/SCALING.md.
    """
    static let db = OptionSpec("--db", value: "OUT", help: "The store whose derived tables are written (the scores store or the merged store).")
    static let shard = OptionSpec("--shard", value: "J/S", help: "Compute only share J of S of the pooled statistics into --out "
                                  + "(auto: from the array job).")
    static let out = OptionSpec("--out", value: "STATS", help: "With --shard: the file this share's statistics are written to.")
    static let statistics = OptionSpec("--statistics", value: "STATS", help: "With --db: the files of every --shard J/S (or a folder of them), "
                                       + "used instead of computing the pooled statistics here.", repeatable: true)
    static let rowsInParts = OptionSpec("--rows-in-parts", help: "With --statistics: leave the per-location tables (forecast_pairs…) in "
                                       + "the parts and forecast_consistency in the statistics files, named by OUT's part_tables, "
                                       + "instead of copying their rows into OUT.")
    public static let options = [db, shard, out, statistics, rowsInParts]
    public static let examples = [
        "wxpipe merge-scores --db weather.sqlite parts/aggregate-*.sqlite",
        "wxpipe merge-scores --shard 0/4 --out stats/stats-0.sqlite parts/aggregate-*.sqlite",
        "wxpipe merge-scores --db scores.sqlite --statistics stats parts/aggregate-*.sqlite",
        "wxpipe merge-scores --db scores.sqlite --statistics stats --rows-in-parts parts/aggregate-*.sqlite",
    ]

    public var store: String?
    public var parts: [String]
    public var shard: Shard?
    public var out: String?
    public var statistics: [String]
    public var rowsInParts: Bool

    public init(parsing args: ParsedArguments) throws(UsageError) {
        store = args.value(Self.db)
        shard = try IngestCommand.parseShard(args.value(Self.shard))
        out = args.value(Self.out)
        if (shard == nil) != (out == nil) { throw UsageError("--shard and --out go together") }
        if shard != nil && store != nil { throw UsageError("--shard writes --out, not --db: give one of them") }
        if shard == nil && store == nil { throw UsageError("missing --db OUT (or --shard J/S --out STATS)") }
        statistics = try Self.statisticsFiles(args.all(Self.statistics))
        if shard != nil && !statistics.isEmpty { throw UsageError("--statistics goes with --db, not with --shard") }
        rowsInParts = args.has(Self.rowsInParts)
        if rowsInParts && statistics.isEmpty {
            throw UsageError("--rows-in-parts goes with --statistics: without them merge-scores computes the statistics from the pairs copied into OUT")
        }
        guard !args.positional.isEmpty else { throw UsageError("no PART given: name the stores 'aggregate --shard' wrote") }
        parts = args.positional
    }

    /// The files named, a folder standing for its `*.sqlite` files (a glob of many files would
    /// need the option repeated before each).
    static func statisticsFiles(_ given: [String]) throws(UsageError) -> [String] {
        var files: [String] = []
        for path in given {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw UsageError("--statistics \(Sanitize.printable(path)): no such file or folder")
            }
            if isFolder.boolValue {
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".sqlite") }.sorted()
                if names.isEmpty { throw UsageError("--statistics \(Sanitize.printable(path)): the folder holds no .sqlite file") }
                files += names.map { path + "/" + $0 }
            } else {
                files.append(path)
            }
        }
        return files
    }

    public func run(_ console: Console) -> ExitCode {
        if let shard, let out { return ExitCode(MergeScoresStage.runShare(out: out, shard: shard, parts: parts, log: console)) }
        return ExitCode(MergeScoresStage.run(out: store ?? "", parts: parts, statistics: statistics, rowsInParts: rowsInParts, log: console))
    }
}
