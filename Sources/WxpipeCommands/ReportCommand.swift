import WeatherPipeline

/// `wxpipe report --db FILE --out FILE.html`
public struct ReportCommand: Command {
    public static let name = "report"
    public static let abstract = "Write a self-contained HTML report with charts of the store."
    public static let usage = "wxpipe report --db FILE --out FILE.html"
    public static let discussion = """
    One HTML file, no network, scripts or external fonts: forecast MAE and bias against lead days
    per provider (daily high, low, precipitation), daily highs and lows with rainfall per location,
    monthly rainfall, and data quality (documents by provider and format, rejects by reason with
    examples, complete and incomplete days, the reference observations). Run 'aggregate' first.
    """
    public static let options = [
        OptionSpec("--db", value: "FILE", help: "The store to read."),
        OptionSpec("--out", value: "FILE", help: "The HTML file to write."),
        OptionSpec("--title", value: "TEXT", help: "The report's title.", default: "wxpipe report"),
    ]
    public static let examples = ["wxpipe report --db weather.sqlite --out report.html"]

    /// The store to read.
    public var store: String
    /// The HTML file to write.
    public var out: String
    /// The report's title; nil: the report's default.
    public var title: String?

    public init(parsing args: ParsedArguments) throws(UsageError) {
        store = try args.required("--db", "FILE")
        out = try args.required("--out", "FILE")
        try args.noPositional()
        title = args.value("--title")
    }

    public func run(_ console: Console) -> ExitCode {
        ExitCode(ReportStage.run(store: store, out: out, title: title, log: console))
    }
}
