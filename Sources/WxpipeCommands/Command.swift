#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Exit codes, decided in one place (DESIGN.md, Command line).
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
}

/// One `wxpipe` command: its name, what it does, its options, examples, and how it runs.
public protocol Command: Sendable {
    static var name: String { get }
    static var abstract: String { get }
    static var usage: String { get }
    static var discussion: String { get }
    static var options: [OptionSpec] { get }
    static var examples: [String] { get }
    static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode
}

extension Command {
    /// The text of `wxpipe COMMAND --help`.
    public static var helpText: String {
        var s = "wxpipe \(name): \(abstract)\n\nUsage: \(usage)\n"
        if !discussion.isEmpty { s += "\n\(discussion)\n" }
        let all = options + [OptionSpec("--help", help: "Show this help and exit.")]
        s += "\nOptions:\n"
        for o in all {
            var left = "  " + o.name
            if let v = o.valueName { left += " " + v }
            var right = o.help
            if let d = o.defaultValue { right += " (default: \(d))" }
            if o.repeatable { right += " May be repeated." }
            s += left.padding(to: 26) + right + "\n"
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

/// Where messages go: data to stdout, diagnostics to stderr (never mixed).
public final class Console {
    public init() {}

    public func out(_ s: String) {
        print(s)
    }

    /// Unbuffered, so diagnostics appear in order even when stdout is a pipe.
    public func err(_ s: String) {
        var text = s + "\n"
        text.withUTF8 { buf in
            var done = 0
            while done < buf.count {
                let n = write(2, buf.baseAddress! + done, buf.count - done)
                if n <= 0 { break }
                done += n
            }
        }
    }

    /// Red "error:" and yellow "warning:" on a terminal, plain text otherwise or when the user
    /// set `NO_COLOR` (https://no-color.org).
    private var colour: Bool { isatty(2) == 1 && getenv("NO_COLOR") == nil }

    public func error(_ s: String) { err((colour ? "\u{1B}[1;31merror:\u{1B}[0m " : "error: ") + s) }
    public func warning(_ s: String) { err((colour ? "\u{1B}[1;33mwarning:\u{1B}[0m " : "warning: ") + s) }
}
