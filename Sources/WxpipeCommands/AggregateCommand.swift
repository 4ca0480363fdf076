import WeatherAnalytics
import WeatherCore
import WeatherPipeline

/// `wxpipe aggregate --db FILE`
public struct AggregateCommand: Command {
    public static let name = "aggregate"
    public static let abstract = "(Re)compute daily summaries, monthly rainfall and forecast verification."
    public static let discussion = """
    Writes daily_observed, rainfall_monthly, forecast_pairs, excluded_pairs, forecast_scores,
    scores_by_lead and verification_exclusions, replacing earlier versions: running it again gives
    the same tables. docs/AGGREGATES.md and docs/VERIFICATION.md state every rule.
    """
    static let db = OptionSpec("--db", value: "FILE", help: "The store to read and write.", required: true)
    /// The spelling before `--issue-selection "latest_before HH:MM"`, still accepted: the cutoff of latest_before.
    static let issueCutoff = OptionSpec("--issue-cutoff", value: "HH:MM", help: "The local cutoff of latest_before.")
    static let shard = OptionSpec("--shard", value: "K/N", help: "Aggregate only shard K of N of the locations into --out (auto: from "
                                  + "the array job); combine the parts with merge-scores (docs/SCALING.md).")
    static let out = OptionSpec("--out", value: "PART", help: "With --shard: the store this shard's tables are written to.")
    /// `--db`, `--shard`, `--out`, then the settings of `SettingsCatalog.aggregate` (docs/SETTINGS.md).
    public static let options = [db, shard, out] + SettingsCatalog.aggregate.map(\.option)
    public static let deprecatedOptions = [issueCutoff]
    public static let examples = [
        "wxpipe aggregate --db weather.sqlite",
        "wxpipe aggregate --db weather.sqlite --reference openweathermap/current --homogeneous",
        "wxpipe aggregate --db weather.sqlite --issue-selection 'latest_before 12:00' --pairing nws=window",
    ]

    /// The store to read and write.
    public var store: String
    public var options: AggregateOptions
    /// With `--shard`: where the shard's derived tables go.
    public var out: String?

    public init(parsing args: ParsedArguments) throws(UsageError) {
        store = try args.required(Self.db)
        try args.noPositional()
        var options = AggregateOptions()
        try args.apply(SettingsCatalog.aggregate, to: &options)
        if let cutoff = args.value(Self.issueCutoff) { options.issueSelection = try Self.legacyCutoff(cutoff, args) }
        options.locationShard = try IngestCommand.parseShard(args.value(Self.shard))
        out = args.value(Self.out)
        if (options.locationShard == nil) != (out == nil) { throw UsageError("--shard and --out go together") }
        if options.locationShard != nil && options.homogeneous {
            throw UsageError("--homogeneous compares sources over all locations: it cannot be split with --shard")
        }
        self.options = options
    }

    /// `--issue-cutoff HH:MM` (deprecated): `--issue-selection "latest_before HH:MM"`, read by the same parser.
    static func legacyCutoff(_ cutoff: String, _ args: ParsedArguments) throws(UsageError) -> IssueSelection {
        let setting = SettingsCatalog.issueSelection
        let mode = setting.given(in: args)?.text ?? "latest_before"
        guard mode == "latest_before" else {
            throw UsageError("--issue-cutoff goes only with latest_before: write --issue-selection 'latest_before \(Sanitize.printable(cutoff))'")
        }
        var options = AggregateOptions()
        do throws(SettingProblem) { try setting.apply(.word(mode + " " + cutoff), to: &options) } catch {
            throw UsageError("--issue-cutoff must be a local time HH:MM (00:00…24:00), not '\(Sanitize.printable(cutoff))'")
        }
        return options.issueSelection
    }

    public func run(_ console: Console) -> ExitCode {
        if let out { return ExitCode(ShardAggregateStage.run(records: store, out: out, options: options, log: console)) }
        return ExitCode(AggregateStage.run(store: store, options: options, log: console))
    }
}
