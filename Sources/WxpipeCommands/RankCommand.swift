import WeatherAnalytics
import WeatherCore
import WeatherPipeline

/// `wxpipe rank --db FILE [--variable V] [--lead L] [--location L] [--format text|csv|json]`
public struct RankCommand: Command {
    public static let name = "rank"
    public static let abstract = "Rank the sources of each variable and lead, with ties where the sample cannot tell them apart."
    public static let arguments = ""
    public static let discussion = """
    Prints provider_ranking (written by 'aggregate'): per location and pooled (*), variable and
    lead, the sources in order of MAE on the cases they all have, issued within
    issue_alignment_hours of each other. Sources whose difference from a group's best is not
    significant (Diebold-Mariano, p adjusted by p_adjustment) share its group. Each line gives the
    MAE with its 95 % block-bootstrap interval, the difference from the best and its adjusted p,
    the smallest difference the sample could detect (80 % power), the effective number of days,
    and the sources it is tied with. --format csv or json prints the table's rows.
    """
    static let format = OptionSpec.choice("--format", RankFormat.self, help: "text lines, or the rows as CSV or JSON.", default: .text)
    public static let options = [ComparisonOptions.db, ComparisonOptions.variable, ComparisonOptions.lead, ComparisonOptions.location, format]
    public static let examples = [
        "wxpipe rank --db weather.sqlite",
        "wxpipe rank --db weather.sqlite --variable temp_max_c --lead 1 --location '*'",
        "wxpipe rank --db weather.sqlite --format csv > ranking.csv",
    ]

    public var store: String
    public var filter: ComparisonFilter
    public var format: RankFormat

    public init(parsing args: ParsedArguments) throws(UsageError) {
        store = try args.required(ComparisonOptions.db)
        try args.noPositional()
        filter = try ComparisonOptions.filter(args)
        format = try args.choice(Self.format) ?? .text
    }

    public func run(_ console: Console) -> ExitCode {
        ExitCode(RankStage.run(store: store, filter: filter, format: format, log: console) { console.out($0) })
    }
}
