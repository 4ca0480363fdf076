import WeatherCore
import WeatherIngest
import WeatherPipeline
import WeatherStore

/// `wxpipe run [PIPELINE.json]`
public enum RunCommand: Command {
    public static let name = "run"
    public static let abstract = "Run every stage a pipeline file describes (ingest, aggregate, exports)."
    public static let usage = "wxpipe run [--dry-run] [--strict] [--quiet] [--verbose] [PIPELINE.json]"
    public static let discussion = """
    Paths in the pipeline file are relative to its folder. An unknown key or a wrong type in the
    file stops the run with exit 2, naming the file and the key. See README.md for every key.
    """
    public static let options = [
        OptionSpec("--dry-run", help: "Print the plan (inputs found, stages, outputs) and write nothing."),
        OptionSpec("--strict", help: "Exit 3 if any document was rejected (after finishing the run)."),
        OptionSpec("--quiet", help: "Print no progress line and no summary."),
        OptionSpec("--verbose", help: "Print every source with its counts, and every reject, as they happen."),
    ]
    public static let examples = ["wxpipe run", "wxpipe run Pipelines/forecast-accuracy.json", "wxpipe run --dry-run Pipelines/daily-csv.json"]
    public static let defaultPipeline = "Pipelines/default.json"

    public static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
        guard args.positional.count <= 1 else {
            console.error("one pipeline file at most")
            return .usage
        }
        let path = args.positional.first ?? defaultPipeline
        let pipeline: PipelineFile
        do {
            pipeline = try PipelineFile.load(path: path)
        } catch {
            console.error(error.description)
            return .usage
        }
        if args.has("--dry-run") {
            for line in plan(pipeline, path: path) { console.out(line) }
            return .success
        }
        let inputs = pipeline.inputs.map { IngestInput(path: $0.path, units: $0.units, role: $0.role) }
        let strict = args.has("--strict") || pipeline.strict
        let (code, _) = Ingesting.run(store: pipeline.store, inputs: inputs, locations: pipeline.locations,
                                      strict: false, quiet: args.has("--quiet"), verbose: args.has("--verbose"),
                                      console: console)
        if code != .success { return code }
        let aggregated = Aggregating.run(db: pipeline.store, options: pipeline.aggregate, console: console)
        if aggregated != .success { return aggregated }
        if let csv = pipeline.export.csv {
            let c = Exporting.run(db: pipeline.store, format: "csv", out: csv, tables: pipeline.export.tables,
                                  dialect: CSVDialect(rawValue: pipeline.export.dialect) ?? .rfc4180,
                                  units: ExportUnits(rawValue: pipeline.export.units) ?? .metric, console: console)
            if c != .success { return c }
        }
        if let sqlite = pipeline.export.sqlite {
            let c = Exporting.run(db: pipeline.store, format: "sqlite", out: sqlite, tables: pipeline.export.tables, console: console)
            if c != .success { return c }
        }
        if let report = pipeline.export.report {
            let c = Reporting.run(db: pipeline.store, out: report, title: "wxpipe report: \(pipeline.name)", console: console)
            if c != .success { return c }
        }
        if strict, let rejected = try? Database(path: pipeline.store, readOnly: true)
            .scalar("SELECT COUNT(*) FROM rejects")?.int, rejected > 0 {
            return .rejectsUnderStrict
        }
        return .success
    }
}

extension RunCommand {
    /// What `run` would do, without opening the store for writing.
    static func plan(_ p: PipelineFile, path: String) -> [String] {
        var lines = ["pipeline \(Sanitize.printable(p.name)) (\(Sanitize.printable(path)))", "inputs:"]
        var totalFiles = 0, totalBytes = 0
        for input in p.inputs {
            let (files, problems) = InputWalker.expand([input.path])
            let bytes = files.reduce(0) { $0 + $1.size }
            totalFiles += files.count
            totalBytes += bytes
            lines.append("  \(Sanitize.printable(input.path)): \(files.count) file(s), \(bytes) bytes"
                         + (input.units.map { ", OpenWeatherMap units \($0.rawValue)" } ?? "")
                         + (problems.isEmpty ? "" : ", \(problems.count) problem(s)"))
        }
        lines.append("  total: \(totalFiles) file(s), \(totalBytes) bytes (inputs already ingested are skipped by content hash)")
        var stages = ["ingest into \(Sanitize.printable(p.store))"]
        var aggregate = "aggregate (reference: \(p.aggregate.reference.isEmpty ? "observed observations" : p.aggregate.reference.joined(separator: ", "))"
        aggregate += ", issue_selection \(p.aggregate.issueSelection.label)"
        aggregate += ", daily_min_coverage \(p.aggregate.dailyMinCoverage), match_window_minutes \(p.aggregate.matchWindowMinutes)"
        aggregate += ", precip_threshold_mm \(p.aggregate.precipThresholdMm)\(p.aggregate.homogeneous ? ", homogeneous" : "")"
        aggregate += p.aggregate.includeIncompleteDays ? ", incomplete days included)" : ")"
        stages.append(aggregate)
        let tables = p.export.tables.isEmpty ? "all tables" : p.export.tables.joined(separator: ", ")
        if let csv = p.export.csv { stages.append("export CSV (\(p.export.dialect), \(p.export.units)) of \(tables) to \(Sanitize.printable(csv))/") }
        if let sqlite = p.export.sqlite { stages.append("export SQLite of \(tables) to \(Sanitize.printable(sqlite))") }
        if let report = p.export.report { stages.append("write the HTML report \(Sanitize.printable(report))") }
        lines.append("stages:")
        lines += stages.enumerated().map { "  \($0.offset + 1). \($0.element)" }
        lines.append("dry run: nothing was written")
        return lines
    }
}
