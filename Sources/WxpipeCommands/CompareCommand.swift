import WeatherAnalytics
import WeatherCore
import WeatherPipeline

/// `wxpipe compare --db FILE [A B] [--variable V] [--lead L] [--location L]`
public struct CompareCommand: Command {
    public static let name = "compare"
    public static let abstract = "Say whether one source's forecasts beat another's, with an interval and a p-value."
    public static let arguments = "[A B]"
    public static let discussion = """
    Reads forecast_pairs (run 'aggregate' first) and compares every two sources on their matched
    sample: the same location, variable, target date and lead in days. Prints one line per
    comparison: the mean absolute errors, their difference with a 95 % interval, and the p-value of
    a Diebold-Mariano test with the Harvey-Leybourne-Newbold correction; "beats" only when p < 0.05.
    A and B are provider/product[/model] names; the rows are also in the table provider_comparison.
    """
    static let db = OptionSpec("--db", value: "FILE", help: "The store to read.", required: true)
    static let variable = OptionSpec("--variable", value: "V", help: "Only this variable (temp_max_c, temp_min_c, precip_mm).")
    static let lead = OptionSpec("--lead", value: "DAYS", help: "Only this lead in days.")
    static let location = OptionSpec("--location", value: "ID", help: "Only this location id.")
    public static let options = [db, variable, lead, location]
    public static let examples = [
        "wxpipe compare --db weather.sqlite",
        "wxpipe compare --db weather.sqlite open-meteo/forecast weatherkit/weather --variable temp_max_c --lead 1",
    ]

    /// The store to read.
    public var store: String
    public var filter: ComparisonFilter

    public init(parsing args: ParsedArguments) throws(UsageError) {
        store = try args.required(Self.db)
        guard args.positional.isEmpty || args.positional.count == 2 else {
            throw UsageError("give two sources A B (provider/product), or none to compare every two")
        }
        for s in args.positional where !(2...3).contains(s.split(separator: "/").count) {
            throw UsageError("a source is provider/product[/model], such as open-meteo/forecast, not '\(Sanitize.printable(s))'")
        }
        var leadDays: Int?
        if let lead = try args.number(Self.lead, in: 0...60) {
            guard lead == lead.rounded() else { throw UsageError("--lead must be a whole number of days, not '\(lead)'") }
            leadDays = Int(lead)
        }
        filter = ComparisonFilter(sources: args.positional, variable: args.value(Self.variable), leadDays: leadDays,
                                  location: args.value(Self.location))
    }

    public func run(_ console: Console) -> ExitCode {
        ExitCode(CompareStage.run(store: store, filter: filter, log: console) { console.out($0) })
    }
}
