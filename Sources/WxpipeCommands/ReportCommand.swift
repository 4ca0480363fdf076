#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WeatherCore
import WeatherReport
import WeatherStore

/// `wxpipe report --db FILE --out FILE.html`
public enum ReportCommand: Command {
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

    public static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
        guard let db = args.value("--db"), let out = args.value("--out") else {
            console.error("--db and --out are required")
            console.err("usage: \(usage)")
            return .usage
        }
        return Reporting.run(db: db, out: out, title: args.value("--title"), console: console)
    }
}

enum Reporting {
    static func run(db: String, out: String, title: String?, console: Console) -> ExitCode {
        do {
            var builder = ReportBuilder(database: try Database(path: db, readOnly: true))
            if let title { builder.title = title }
            try Exporter.writeText(try builder.build(generatedAt: Int64(time(nil))), to: out)
            console.err("wrote \(out)")
            return .success
        } catch {
            console.error("\(error)")
            return .failure
        }
    }
}
