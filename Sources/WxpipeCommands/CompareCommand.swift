import WeatherAnalytics
import WeatherCore
import WeatherPipeline

/// `wxpipe compare --db FILE [A B] [--variable V] [--lead L] [--location L] [--all]`
public struct CompareCommand: Command {
    public static let name = "compare"
    public static let abstract = "Say whether one source's forecasts beat another's, with an interval and an adjusted p-value."
    public static let arguments = "[A B]"
    public static let discussion = """
    Reads forecast_pairs (run 'aggregate' first) and compares every two sources on their matched
    sample: the same location, variable, lead (days, or an hour bin) and target date or valid hour,
    issued within --issue-alignment-hours of each other. Prints one line per comparison: the mean
    absolute errors, their difference with a 95 % interval, and the p-value of a Diebold-Mariano
    test with the Harvey-Leybourne-Newbold correction, adjusted over the comparison's family (the
    comparisons of one variable, lead and location set: Holm by default); "beats" only when the
    adjusted p < 0.05. Comparisons with too few matched days are counted in one line (--all lists
    them). A and B are provider/product[/model] names; the rows are also in provider_comparison.
    The settings default to those the aggregate recorded. For the verdict of all sources at once: wxpipe rank.
    """
    static let all = OptionSpec("--all", help: "Also list the comparisons that have too few matched days for a test.")
    public static let options = [ComparisonOptions.db, ComparisonOptions.variable, ComparisonOptions.lead, ComparisonOptions.location, all]
        + ComparisonOptions.settings.map(\.option)
    public static let examples = [
        "wxpipe compare --db weather.sqlite",
        "wxpipe compare --db weather.sqlite open-meteo/forecast weatherkit/weather --variable temp_max_c --lead 1",
        "wxpipe compare --db weather.sqlite --variable temp_c --lead 24-48 --p-adjustment bh",
    ]

    /// The store to read.
    public var store: String
    public var filter: ComparisonFilter
    public var listAll: Bool
    /// The comparison settings given on the command line (nil: those the aggregate recorded).
    public var issueAlignmentHours: Double?
    public var pAdjustment: PAdjustment?

    public init(parsing args: ParsedArguments) throws(UsageError) {
        store = try args.required(ComparisonOptions.db)
        guard args.positional.isEmpty || args.positional.count == 2 else {
            throw UsageError("give two sources A B (provider/product), or none to compare every two")
        }
        for s in args.positional where !(2...3).contains(s.split(separator: "/").count) {
            throw UsageError("a source is provider/product[/model], such as open-meteo/forecast, not '\(Sanitize.printable(s))'")
        }
        filter = try ComparisonOptions.filter(args, sources: args.positional)
        listAll = args.has(Self.all)
        var given = AggregateOptions()
        try args.apply(ComparisonOptions.settings, to: &given)
        let settings = ComparisonOptions.settings
        if settings.contains(where: { $0.key == "issue_alignment_hours" && $0.given(in: args) != nil }) { issueAlignmentHours = given.issueAlignmentHours }
        if settings.contains(where: { $0.key == "p_adjustment" && $0.given(in: args) != nil }) { pAdjustment = given.pAdjustment }
    }

    public func run(_ console: Console) -> ExitCode {
        ExitCode(CompareStage.run(store: store, filter: filter, all: listAll, configure: { options in
            if let issueAlignmentHours { options.issueAlignmentHours = issueAlignmentHours }
            if let pAdjustment { options.pAdjustment = pAdjustment }
        }, log: console) { console.out($0) })
    }
}
