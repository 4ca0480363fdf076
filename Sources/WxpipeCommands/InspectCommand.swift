import WeatherCore
import WeatherPipeline

/// `wxpipe inspect PATH...`
public enum InspectCommand: Command {
    public static let name = "inspect"
    public static let abstract = "Show what each document is, the records it gives and its problems (writes nothing)."
    public static let usage = "wxpipe inspect [--units SYSTEM] PATH..."
    public static let discussion = "Reads inputs exactly as 'ingest' does and prints one line per document on stdout."
    public static let options = [
        OptionSpec("--units", value: "SYSTEM", help: "Units of OpenWeatherMap bodies without an envelope URL.", default: "standard"),
    ]
    public static let examples = ["wxpipe inspect reply.json", "wxpipe inspect --units metric archive.tar.gz"]

    public static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
        guard !args.positional.isEmpty else {
            console.error("no PATH given")
            console.err("usage: \(usage)")
            return .usage
        }
        var units: UnitSystem?
        if let u = args.value("--units") {
            guard let parsed = UnitSystem(rawValue: u) else {
                console.error("--units must be standard, metric or imperial")
                return .usage
            }
            units = parsed
        }
        let (documents, rejected) = Inspector(units: units).inspect(paths: args.positional) { console.out($0) }
        console.err("\(documents) document(s), \(rejected) rejected")
        return .success
    }
}
