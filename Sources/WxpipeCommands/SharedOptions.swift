import WeatherCore
import WeatherPipeline

/// `--strict`, `--quiet`, `--verbose`, `--force` and `--jobs`: declared here once and shared by `ingest` and `run`,
/// as an option group is in swift-argument-parser.
extension IngestStage.Options {
    static let strict = OptionSpec("--strict", help: "Exit 3 if any document of this run was rejected (after finishing the run).")
    static let quiet = OptionSpec("--quiet", help: "Print no progress line and no summary.")
    static let verbose = OptionSpec("--verbose", help: "Print every source with its counts, and every reject, as they happen.")
    static let force = OptionSpec("--force", help: "Ingest every input again, even one read before with the same bytes and settings (its records are replaced).")
    static let jobsOption = OptionSpec("--jobs", value: "N",
                                 help: "Decode on N threads (records and their order are the same for any N).", default: "one per core but the writer's (at least 1)")
    static let specs = [strict, quiet, verbose, force, jobsOption]

    init(parsing args: ParsedArguments) throws(UsageError) {
        self.init(strict: args.has(Self.strict), quiet: args.has(Self.quiet), verbose: args.has(Self.verbose), force: args.has(Self.force))
        if let n = try args.number(Self.jobsOption, in: 1...256) {
            guard n == n.rounded() else { throw UsageError("--jobs must be a whole number, not '\(Sanitize.printable(args.value(Self.jobsOption) ?? ""))'") }
            jobs = Int(n)
        }
    }
}
