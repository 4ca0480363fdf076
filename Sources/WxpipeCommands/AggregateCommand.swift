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
    the same tables. README.md and docs/VERIFICATION.md state every rule.
    """
    static let db = OptionSpec("--db", value: "FILE", help: "The store to read and write.", required: true)
    static let reference = OptionSpec("--reference", value: "PROVIDER/PRODUCT", help: "Observations taken as the truth, in priority order.",
                                      default: "observed observations", repeatable: true)
    static let minCoverage = OptionSpec("--min-coverage", value: "SHARE", help: "Share of a day's hours with data for the day to be complete.",
                                        default: "0.75")
    static let includeIncompleteDays = OptionSpec("--include-incomplete-days", help: "Pair day forecasts with incomplete days too.")
    static let matchWindow = OptionSpec("--match-window-minutes", value: "N",
                                        help: "Hourly forecasts pair with the nearest observation within N minutes.", default: "30")
    static let precipThreshold = OptionSpec("--precip-threshold-mm", value: "MM", help: "Precipitation event threshold (amount >= MM).",
                                            default: "0.2")
    static let homogeneous = OptionSpec("--homogeneous", help: "Score only cases (location, target, lead) every compared provider has.")
    static let issueSelection = OptionSpec("--issue-selection", value: "MODE",
                                           help: "Which forecasts of one case are scored: all, first_of_day, latest_before.",
                                           default: "latest_before")
    static let issueCutoff = OptionSpec("--issue-cutoff", value: "HH:MM", help: "The local cutoff of latest_before.", default: "06:00")
    static let dayWindowTolerance = OptionSpec("--day-window-tolerance-hours", value: "H",
                                               help: "How far a day forecast's window may be from the local day.", default: "1")
    static let allowSelfReference = OptionSpec("--allow-self-reference", help: "Let a provider/product be verified against its own observations.")
    static let shard = OptionSpec("--shard", value: "K/N", help: "Aggregate only shard K of N of the locations into --out (auto: from "
                                  + "the array job); combine the parts with merge-scores (docs/SCALING.md).")
    static let out = OptionSpec("--out", value: "PART", help: "With --shard: the store this shard's tables are written to.")
    public static let options = [db, shard, out, reference, minCoverage, includeIncompleteDays, matchWindow, precipThreshold, homogeneous,
                                 issueSelection, issueCutoff, dayWindowTolerance, allowSelfReference]
    public static let examples = [
        "wxpipe aggregate --db weather.sqlite",
        "wxpipe aggregate --db weather.sqlite --reference openweathermap/current --homogeneous",
        "wxpipe aggregate --db weather.sqlite --issue-selection latest_before --issue-cutoff 12:00",
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
        options.reference = args.all(Self.reference)
        for r in options.reference where r.split(separator: "/").count != 2 {
            throw UsageError("--reference must be PROVIDER/PRODUCT, such as openweathermap/current, not '\(Sanitize.printable(r))'")
        }
        if let coverage = try args.number(Self.minCoverage, in: 0.01...1) { options.dailyMinCoverage = coverage }
        if let window = try args.number(Self.matchWindow, in: 1...720) { options.matchWindowMinutes = window }
        if let threshold = try args.number(Self.precipThreshold, in: 0.001...1000) { options.precipThresholdMm = threshold }
        if let tolerance = try args.number(Self.dayWindowTolerance, in: 0...12) { options.dayWindowToleranceHours = tolerance }
        options.issueSelection = try Self.parseIssueSelection(args)
        options.allowSelfReference = args.has(Self.allowSelfReference)
        options.includeIncompleteDays = args.has(Self.includeIncompleteDays)
        options.homogeneous = args.has(Self.homogeneous)
        options.locationShard = try IngestCommand.parseShard(args.value(Self.shard))
        out = args.value(Self.out)
        if (options.locationShard == nil) != (out == nil) { throw UsageError("--shard and --out go together") }
        if options.locationShard != nil && options.homogeneous {
            throw UsageError("--homogeneous compares sources over all locations: it cannot be split with --shard")
        }
        self.options = options
    }

    /// `--issue-selection` and `--issue-cutoff` (docs/VERIFICATION.md).
    static func parseIssueSelection(_ args: ParsedArguments) throws(UsageError) -> IssueSelection {
        let cutoffText = args.value(issueCutoff) ?? "06:00"
        guard let cutoff = IssueSelection.parseClock(cutoffText) else {
            throw UsageError("--issue-cutoff must be a local time HH:MM, not '\(Sanitize.printable(cutoffText))'")
        }
        switch args.value(issueSelection) ?? "latest_before" {
        case "all": return .all
        case "first_of_day": return .firstOfDay
        case "latest_before": return .latestBefore(minuteOfDay: cutoff)
        case let other:
            throw UsageError("--issue-selection must be all, first_of_day or latest_before, not '\(Sanitize.printable(other))'")
        }
    }

    public func run(_ console: Console) -> ExitCode {
        if let out { return ExitCode(ShardAggregateStage.run(records: store, out: out, options: options, log: console)) }
        return ExitCode(AggregateStage.run(store: store, options: options, log: console))
    }
}
