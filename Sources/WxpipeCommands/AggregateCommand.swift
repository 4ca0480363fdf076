import WeatherAnalytics
import WeatherCore
import WeatherStore

/// `wxpipe aggregate --db FILE`
public enum AggregateCommand: Command {
    public static let name = "aggregate"
    public static let abstract = "(Re)compute daily summaries, monthly rainfall and forecast verification."
    public static let usage = "wxpipe aggregate --db FILE [--reference PROVIDER/PRODUCT ...] [--min-coverage SHARE] [--include-incomplete-days] [--match-window-minutes N] [--precip-threshold-mm MM] [--homogeneous] [--issue-selection all|first_of_day|latest_before] [--issue-cutoff HH:MM] [--day-window-tolerance-hours H] [--allow-self-reference]"
    public static let discussion = """
    Writes daily_observed, rainfall_monthly, forecast_pairs, excluded_pairs, forecast_scores,
    scores_by_lead and verification_exclusions, replacing earlier versions: running it again gives
    the same tables. README.md and docs/VERIFICATION.md state every rule.
    """
    public static let options = [
        OptionSpec("--db", value: "FILE", help: "The store to read and write."),
        OptionSpec("--reference", value: "PROVIDER/PRODUCT", help: "Observations taken as the truth, in priority order.", default: "observed observations", repeatable: true),
        OptionSpec("--min-coverage", value: "SHARE", help: "Share of a day's hours with data for the day to be complete.", default: "0.75"),
        OptionSpec("--include-incomplete-days", help: "Pair day forecasts with incomplete days too."),
        OptionSpec("--match-window-minutes", value: "N", help: "Hourly forecasts pair with the nearest observation within N minutes.", default: "30"),
        OptionSpec("--precip-threshold-mm", value: "MM", help: "Precipitation event threshold (amount >= MM).", default: "0.2"),
        OptionSpec("--homogeneous", help: "Score only cases (location, target, lead) every compared provider has."),
        OptionSpec("--issue-selection", value: "MODE", help: "Which forecasts of one case are scored: all, first_of_day, latest_before.", default: "latest_before"),
        OptionSpec("--issue-cutoff", value: "HH:MM", help: "The local cutoff of latest_before.", default: "06:00"),
        OptionSpec("--day-window-tolerance-hours", value: "H", help: "How far a day forecast's window may be from the local day.", default: "1"),
        OptionSpec("--allow-self-reference", help: "Let a provider/product be verified against its own observations."),
    ]
    public static let examples = [
        "wxpipe aggregate --db weather.sqlite",
        "wxpipe aggregate --db weather.sqlite --reference openweathermap/current --homogeneous",
    ]

    public static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
        guard let db = args.value("--db") else {
            console.error("missing --db FILE")
            console.err("usage: \(usage)")
            return .usage
        }
        var options = AggregateOptions()
        options.reference = args.all("--reference")
        for r in options.reference where r.split(separator: "/").count != 2 {
            console.error("--reference must be PROVIDER/PRODUCT, such as openweathermap/current, not '\(Sanitize.printable(r))'")
            return .usage
        }
        func number(_ name: String, _ range: ClosedRange<Double>) -> Double?? {
            guard let text = args.value(name) else { return .some(nil) }
            guard let v = Double(text), range.contains(v) else {
                console.error("\(name) must be a number in \(range.lowerBound)…\(range.upperBound), not '\(Sanitize.printable(text))'")
                return nil
            }
            return .some(v)
        }
        guard let coverage = number("--min-coverage", 0.01...1), let window = number("--match-window-minutes", 1...720),
              let threshold = number("--precip-threshold-mm", 0.001...1000),
              let tolerance = number("--day-window-tolerance-hours", 0...12) else { return .usage }
        if let tolerance { options.dayWindowToleranceHours = tolerance }
        guard let selection = issueSelection(args, console) else { return .usage }
        options.issueSelection = selection
        options.allowSelfReference = args.has("--allow-self-reference")
        if let coverage { options.dailyMinCoverage = coverage }
        if let window { options.matchWindowMinutes = window }
        if let threshold { options.precipThresholdMm = threshold }
        options.includeIncompleteDays = args.has("--include-incomplete-days")
        options.homogeneous = args.has("--homogeneous")
        return Aggregating.run(db: db, options: options, console: console)
    }
}

extension AggregateCommand {
    /// `--issue-selection` and `--issue-cutoff` (docs/VERIFICATION.md); nil after an error.
    static func issueSelection(_ args: ParsedArguments, _ console: Console) -> IssueSelection? {
        let cutoffText = args.value("--issue-cutoff") ?? "06:00"
        guard let cutoff = IssueSelection.parseClock(cutoffText) else {
            console.error("--issue-cutoff must be a local time HH:MM, not '\(Sanitize.printable(cutoffText))'")
            return nil
        }
        switch args.value("--issue-selection") ?? "latest_before" {
        case "all": return .all
        case "first_of_day": return .firstOfDay
        case "latest_before": return .latestBefore(minuteOfDay: cutoff)
        case let other:
            console.error("--issue-selection must be all, first_of_day or latest_before, not '\(Sanitize.printable(other))'")
            return nil
        }
    }
}

enum Aggregating {
    static func run(db: String, options: AggregateOptions, console: Console) -> ExitCode {
        do {
            let lock = try StoreLock(store: db) { console.err("waiting for another wxpipe run on \(db) to finish…") }
            defer { withExtendedLifetime(lock) {} }
            let database = try Database(path: db)
            let summary = try Aggregator(database: database, options: options).run()
            console.err(summary.render())
            return .success
        } catch {
            console.error("\(error)")
            return .failure
        }
    }
}
