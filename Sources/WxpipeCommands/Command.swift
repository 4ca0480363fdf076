#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WeatherPipeline

/// Exit codes, decided in one place (docs/COMMANDS.md, "Exit codes").
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// The run failed (store unwritable, output failure, …).
    case failure = 1
    /// Bad usage or an unreadable/invalid pipeline file.
    case usage = 2
    /// The run finished but rejected input while `--strict` was given.
    case rejectsUnderStrict = 3
    /// Stopped by SIGINT / SIGTERM (128 + signal, the shell convention).
    case interrupted = 130
    case terminated = 143

    /// The exit code for how a stage or a pipeline run ended.
    public init(_ outcome: StageOutcome) {
        switch outcome {
        case .completed: self = .success
        case .failed: self = .failure
        case .completedWithRejects: self = .rejectsUnderStrict
        case .interrupted(let signal): self = signal == SIGTERM ? .terminated : .interrupted
        }
    }
}

/// One `wxpipe` command, as a type: its help (name, what it does, its options, examples), its
/// parsed options as typed properties, and how it runs.
///
/// `init(parsing:)` turns parsed arguments into values, or throws a `UsageError` (exit 2);
/// `run` only calls the pipeline. Like swift-argument-parser's `ParsableCommand`, but with the
/// option table declared once per option and shared groups (`IngestStage.Options.specs`).
public protocol Command: Sendable {
    static var name: String { get }
    static var abstract: String { get }
    /// The positional arguments in the usage line (`PATH...`), after the options.
    static var arguments: String { get }
    static var discussion: String { get }
    static var options: [OptionSpec] { get }
    /// Options still accepted under an old spelling but left out of `--help` and the usage line.
    static var deprecatedOptions: [OptionSpec] { get }
    static var examples: [String] { get }
    init(parsing args: ParsedArguments) throws(UsageError)
    func run(_ console: Console) -> ExitCode
}

extension Command {
    public static var arguments: String { "" }
    public static var deprecatedOptions: [OptionSpec] { [] }

    /// `wxpipe NAME` and every option as its declaration shows it, then the arguments.
    public static var usage: String {
        (["wxpipe", name] + options.map(\.usage) + (arguments.isEmpty ? [] : [arguments])).joined(separator: " ")
    }

    /// Parses raw arguments (after the command's name) into the command.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Self {
        try Self(parsing: try ParsedArguments.parse(arguments, specs: options + deprecatedOptions))
    }

    /// The text of `wxpipe COMMAND --help`.
    public static var helpText: String {
        var s = "wxpipe \(name): \(abstract)\n\nUsage: \(usage)\n"
        if !discussion.isEmpty { s += "\n\(discussion)\n" }
        let all = options + [OptionSpec("--help", help: "Show this help and exit.")]
        s += "\nOptions:\n"
        let lefts = all.map { o in "  " + o.name + (o.valueName.map { " " + $0 } ?? "") }
        let width = max(26, (lefts.map(\.count).max() ?? 0) + 2)
        for (o, left) in zip(all, lefts) {
            var right = o.help
            if let d = o.defaultValue { right += " (default: \(d))" }
            if o.repeatable { right += " May be repeated." }
            s += left.padding(to: width) + right + "\n"
        }
        if !examples.isEmpty {
            s += "\nExamples:\n"
            for e in examples { s += "  \(e)\n" }
        }
        return s
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self + "  " : self + String(repeating: " ", count: width - count)
    }
}
