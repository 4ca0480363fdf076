import WeatherPipeline

/// `wxpipe report --db FILE --out FILE.html`
public struct ReportCommand: Command {
    public static let name = "report"
    public static let abstract = "Write a self-contained HTML report with charts of the store."
    public static let discussion = """
    One HTML file, no network, scripts or external fonts: forecast MAE and bias against lead days
    per provider (daily high, low, precipitation), daily highs and lows with rainfall per location,
    monthly rainfall, and data quality (documents by provider and format, rejects by reason with
    examples, complete and incomplete days, the reference observations). Run 'aggregate' first.
    """
    static let db = OptionSpec("--db", value: "FILE", help: "The store to read.", required: true)
    static let out = OptionSpec("--out", value: "FILE.html", help: "The HTML file to write.", required: true)
    static let title = OptionSpec("--title", value: "TEXT", help: "The report's title.", default: "wxpipe report")
    public static let options = [db, out, title]
    public static let examples = ["wxpipe report --db weather.sqlite --out report.html"]

    /// The store to read.
    public var store: String
    /// The HTML file to write.
    public var out: String
    /// The report's title; nil: the report's default.
    public var title: String?

    public init(parsing args: ParsedArguments) throws(UsageError) {
        store = try args.required(Self.db)
        out = try args.required(Self.out)
        try args.noPositional()
        title = args.value(Self.title)
    }

    public func run(_ console: Console) -> ExitCode {
        ExitCode(ReportStage.run(store: store, out: out, title: title, log: console))
    }
}
