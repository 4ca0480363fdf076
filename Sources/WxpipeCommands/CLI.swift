#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `wxpipe` front: picks the command, handles `--help` and `--version`, maps errors to
/// exit codes. `main.swift` only calls `CLI.main`.
public enum CLI {
    public static let version = "0.1.0"

    public static let commands: [any Command.Type] = [
        RunCommand.self, IngestCommand.self, AggregateCommand.self, ExportCommand.self, ReportCommand.self, InspectCommand.self,
        ForgetCommand.self, SQLCommand.self, CompareCommand.self, RankCommand.self, MergeCommand.self, MergeScoresCommand.self,
    ]

    public static var helpText: String {
        var s = """
        wxpipe \(version): turn archives of weather-API responses into clean records, CSV and SQLite.

        Usage: wxpipe COMMAND [OPTIONS] [ARGUMENTS]

        Commands:

        """
        for c in commands { s += "  " + c.name.padding(to: 12) + c.abstract + "\n" }
        s += """

        Options:
          --help      Show this help (or 'wxpipe COMMAND --help' for one command).
          --version   Print the version.

        Exit codes: 0 success; 1 the run failed; 2 bad usage or pipeline file;
        3 the run finished but rejected input while --strict was given.

        Examples:
          wxpipe run                                   (runs Pipelines/default.json)
          wxpipe ingest --db weather.sqlite archive/ more.ndjson.gz
          wxpipe aggregate --db weather.sqlite
          wxpipe export --db weather.sqlite --format csv --out csv/
          wxpipe report --db weather.sqlite --out report.html
          wxpipe inspect reply.json

        """
        return s
    }

    public static func main(_ arguments: [String]) -> Int32 {
        let console = Console()
        guard let first = arguments.first else {
            console.err(helpText)
            return ExitCode.usage.rawValue
        }
        if first == "--help" || first == "-h" || first == "help" {
            if first == "help", arguments.count > 1, let c = commands.first(where: { $0.name == arguments[1] }) {
                console.out(c.helpText)
            } else {
                console.out(helpText)
            }
            return 0
        }
        if first == "--version" {
            console.out("wxpipe \(version)")
            return 0
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            console.error("unknown command '\(first)'")
            console.err("see 'wxpipe --help'")
            return ExitCode.usage.rawValue
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            console.out(command.helpText)
            return 0
        }
        do {
            return try command.parse(rest).run(console).rawValue
        } catch {
            console.error(error.message)
            console.err("usage: \(command.usage)")
            console.err("see 'wxpipe \(command.name) --help'")
            return ExitCode.usage.rawValue
        }
    }
}
