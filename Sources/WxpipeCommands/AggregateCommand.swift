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
    static let pairing = OptionSpec("--pairing", value: "MODE",
                                    help: "How day forecasts meet the truth: calendar_day (local days) or window (the forecast's own window).",
                                    default: "calendar_day")
    static let windowMinCoverage = OptionSpec("--window-min-coverage", value: "SHARE",
                                              help: "Share of a window's hours with a temperature for a window pair.", default: "0.75")
    static let bootstrapSamples = OptionSpec("--bootstrap-samples", value: "N", help: "Resamples behind every 95 % interval.", default: "1000")
    static let bootstrapBlockDays = OptionSpec("--bootstrap-block-days", value: "DAYS", help: "Consecutive target dates per bootstrap block.",
                                               default: "3")
    static let bootstrapSeed = OptionSpec("--bootstrap-seed", value: "N", help: "Seed of the intervals (runs are reproducible).", default: "13")
    static let precipThresholds = OptionSpec("--precip-thresholds-mm", value: "MM,MM,…",
                                             help: "Amounts of the precip_thresholds contingency tables.", default: "0.2,1,5,10")
    static let allowSelfReference = OptionSpec("--allow-self-reference", help: "Let a provider/product be verified against its own observations.")
    static let shard = OptionSpec("--shard", value: "K/N", help: "Aggregate only shard K of N of the locations into --out (auto: from "
                                  + "the array job); combine the parts with merge-scores (docs/SCALING.md).")
    static let out = OptionSpec("--out", value: "PART", help: "With --shard: the store this shard's tables are written to.")
    public static let options = [db, shard, out, reference, minCoverage, includeIncompleteDays, matchWindow, precipThreshold, homogeneous,
                                 issueSelection, issueCutoff, dayWindowTolerance, pairing, windowMinCoverage, allowSelfReference,
                                 bootstrapSamples, bootstrapBlockDays, bootstrapSeed, precipThresholds]
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
        if let text = args.value(Self.pairing) {
            guard let mode = PairingMode(rawValue: text) else {
                throw UsageError("--pairing must be calendar_day or window, not '\(Sanitize.printable(text))'")
            }
            options.pairing = mode
        }
        if let share = try args.number(Self.windowMinCoverage, in: 0.01...1) { options.windowMinCoverage = share }
        try Self.parseScoreOptions(args, into: &options)
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

    /// The bootstrap and threshold options (the pipeline keys `bootstrap_*`, `precip_thresholds_mm`).
    static func parseScoreOptions(_ args: ParsedArguments, into options: inout AggregateOptions) throws(UsageError) {
        if let v = try args.number(bootstrapSamples, in: 1...100_000) {
            guard v == v.rounded() else { throw UsageError("--bootstrap-samples must be a whole number") }
            options.bootstrap.samples = Int(v)
        }
        if let v = try args.number(bootstrapBlockDays, in: 1...365) {
            guard v == v.rounded() else { throw UsageError("--bootstrap-block-days must be a whole number") }
            options.bootstrap.blockLengthDays = Int(v)
        }
        if let text = args.value(bootstrapSeed) {
            guard let seed = UInt64(text) else { throw UsageError("--bootstrap-seed must be a whole number ≥ 0, not '\(Sanitize.printable(text))'") }
            options.bootstrap.seed = seed
        }
        if let text = args.value(precipThresholds) {
            let values = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard !values.isEmpty, values.allSatisfy({ ($0 ?? 0) > 0 }) else {
                throw UsageError("--precip-thresholds-mm must be positive amounts such as 0.2,1,5,10, not '\(Sanitize.printable(text))'")
            }
            options.precipThresholdsMm = values.compactMap { $0 }
        }
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
