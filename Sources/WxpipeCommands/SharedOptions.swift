import WeatherPipeline

/// `--strict`, `--quiet` and `--verbose`: declared here once and shared by `ingest` and `run`,
/// as an option group is in swift-argument-parser.
extension IngestStage.Options {
    static let specs = [
        OptionSpec("--strict", help: "Exit 3 if any document was rejected (after finishing the run)."),
        OptionSpec("--quiet", help: "Print no progress line and no summary."),
        OptionSpec("--verbose", help: "Print every source with its counts, and every reject, as they happen."),
    ]

    /// The group's usage fragment, for the commands' usage lines.
    static let usage = "[--strict] [--quiet] [--verbose]"

    init(parsing args: ParsedArguments) {
        self.init(strict: args.has("--strict"), quiet: args.has("--quiet"), verbose: args.has("--verbose"))
    }
}
