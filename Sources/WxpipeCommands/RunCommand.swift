import WeatherCore
import WeatherPipeline
import WeatherStore

/// `wxpipe run [PIPELINE.json]`
public enum RunCommand: Command {
    public static let name = "run"
    public static let abstract = "Run every stage a pipeline file describes (ingest, aggregate, exports)."
    public static let usage = "wxpipe run [--strict] [--quiet] [--verbose] [PIPELINE.json]"
    public static let discussion = """
    Paths in the pipeline file are relative to its folder. An unknown key or a wrong type in the
    file stops the run with exit 2, naming the file and the key. See README.md for every key.
    """
    public static let options = [
        OptionSpec("--strict", help: "Exit 3 if any document was rejected (after finishing the run)."),
        OptionSpec("--quiet", help: "Print no summary."),
        OptionSpec("--verbose", help: "Print every reject as it happens."),
    ]
    public static let examples = ["wxpipe run", "wxpipe run Pipelines/default.json"]
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
        let inputs = pipeline.inputs.map { IngestInput(path: $0.path, units: $0.units) }
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
