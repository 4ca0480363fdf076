#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WeatherCore
import WeatherPipeline
import WeatherStore

/// `wxpipe ingest --db FILE PATH...`
public enum IngestCommand: Command {
    public static let name = "ingest"
    public static let abstract = "Read inputs into the store (idempotent: unchanged inputs are skipped)."
    public static let usage = "wxpipe ingest --db FILE [--units SYSTEM] [--strict] [--quiet] [--verbose] PATH..."
    public static let discussion = """
    PATH may be a file, a folder (read recursively in sorted order) or - for standard input.
    Plain JSON, gzip (also multi-member), tar, tar.gz/tgz and NDJSON are recognised by content.
    Bad documents become rows of the 'rejects' table with a reason; the run goes on.
    """
    public static let options = [
        OptionSpec("--db", value: "FILE", help: "The SQLite store to write (created if missing)."),
        OptionSpec("--units", value: "SYSTEM", help: "Units of OpenWeatherMap bodies whose envelope has no URL: standard (Kelvin), metric or imperial.", default: "standard"),
        OptionSpec("--strict", help: "Exit 3 if any document was rejected (after finishing the run)."),
        OptionSpec("--quiet", help: "Print no progress line and no summary."),
        OptionSpec("--verbose", help: "Print every source with its counts, and every reject, as they happen."),
    ]
    public static let examples = [
        "wxpipe ingest --db weather.sqlite ~/weather-archive/",
        "wxpipe ingest --db weather.sqlite --units imperial us-replies.ndjson.gz",
        "curl -s \"$URL\" | wxpipe ingest --db weather.sqlite -",
    ]

    public static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
        guard let db = args.value("--db") else {
            console.error("missing --db FILE")
            console.err("usage: \(usage)")
            return .usage
        }
        guard !args.positional.isEmpty else {
            console.error("no PATH given: name files, folders or - for standard input")
            console.err("usage: \(usage)")
            return .usage
        }
        var units: UnitSystem?
        if let u = args.value("--units") {
            guard let parsed = UnitSystem(rawValue: u) else {
                console.error("--units must be standard, metric or imperial, not '\(Sanitize.printable(u))'")
                return .usage
            }
            units = parsed
        }
        let inputs = args.positional.map { IngestInput(path: $0, units: units) }
        return Ingesting.run(store: db, inputs: inputs, locations: [], strict: args.has("--strict"),
                             quiet: args.has("--quiet"), verbose: args.has("--verbose"), console: console).code
    }
}

/// Shared by `ingest` and `run`.
enum Ingesting {
    static func run(store path: String, inputs: [IngestInput], locations: [Location], strict: Bool,
                    quiet: Bool, verbose: Bool, console: Console) -> (code: ExitCode, summary: IngestSummary?) {
        do {
            if let slash = path.lastIndex(of: "/") {
                let folder = String(path[..<slash])
                if !folder.isEmpty { try Exporter.makeDirectory(folder) }
            }
            let lock = try StoreLock(store: path) {
                console.err("waiting for another wxpipe run on \(path) to finish…")
            }
            defer { withExtendedLifetime(lock) {} }
            Interruption.install()
            let store = try Store(path: path)
            let runner = try IngestRunner(store: store, declaredLocations: locations)
            let progress = !quiet && ProgressLine.isTerminal ? ProgressLine() : nil
            if let progress { runner.onProgress = { progress.update($0) } }
            if verbose {
                runner.onReject = { r in
                    progress?.clear()
                    console.err("reject: \(Sanitize.printable(r.description))")
                }
                runner.onSource = { path, member, c in
                    progress?.clear()
                    let name = Sanitize.printable(path + (member.map { ":" + $0 } ?? ""))
                    console.err("source \(name): \(c.documents) documents = \(c.accepted) accepted + \(c.rejected) rejected + \(c.duplicates) duplicates")
                }
            }
            let summary = try runner.run(inputs)
            progress?.clear()
            for p in summary.problems { console.warning(p) }
            if !quiet || summary.interrupted != nil { console.err(summary.render()) }
            if let stop = summary.interrupted { return (stop.signal == SIGTERM ? .terminated : .interrupted, summary) }
            if !summary.problems.isEmpty && summary.inputs == 0 {
                console.error("no input could be read")
                return (.failure, summary)
            }
            if strict && summary.rejected > 0 { return (.rejectsUnderStrict, summary) }
            return (.success, summary)
        } catch {
            console.error("\(error)")
            return (.failure, nil)
        }
    }
}
