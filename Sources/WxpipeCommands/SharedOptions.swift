import WeatherPipeline

/// `--strict`, `--quiet`, `--verbose` and `--force`: declared here once and shared by `ingest` and `run`,
/// as an option group is in swift-argument-parser.
extension IngestStage.Options {
    static let strict = OptionSpec("--strict", help: "Exit 3 if any document of this run was rejected (after finishing the run).")
    static let quiet = OptionSpec("--quiet", help: "Print no progress line and no summary.")
    static let verbose = OptionSpec("--verbose", help: "Print every source with its counts, and every reject, as they happen.")
    static let force = OptionSpec("--force", help: "Ingest every input again, even one read before with the same bytes and settings (its records are replaced).")
    static let specs = [strict, quiet, verbose, force]

    init(parsing args: ParsedArguments) {
        self.init(strict: args.has(Self.strict), quiet: args.has(Self.quiet), verbose: args.has(Self.verbose), force: args.has(Self.force))
    }
}
