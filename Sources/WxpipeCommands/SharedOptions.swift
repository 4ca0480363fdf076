import WeatherPipeline

/// `--strict`, `--quiet` and `--verbose`: declared here once and shared by `ingest` and `run`,
/// as an option group is in swift-argument-parser.
extension IngestStage.Options {
    static let strict = OptionSpec("--strict", help: "Exit 3 if any document was rejected (after finishing the run).")
    static let quiet = OptionSpec("--quiet", help: "Print no progress line and no summary.")
    static let verbose = OptionSpec("--verbose", help: "Print every source with its counts, and every reject, as they happen.")
    static let specs = [strict, quiet, verbose]

    init(parsing args: ParsedArguments) {
        self.init(strict: args.has(Self.strict), quiet: args.has(Self.quiet), verbose: args.has(Self.verbose))
    }
}
