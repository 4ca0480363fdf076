import WeatherExport
import WeatherPipeline

/// `wxpipe run [PIPELINE.json]`
public struct RunCommand: Command {
    public static let name = "run"
    public static let abstract = "Run every stage a pipeline file describes (ingest, aggregate, exports)."
    public static let arguments = "[PIPELINE.json]"
    public static let discussion = """
    Paths in the pipeline file are relative to its folder. An unknown key or a wrong type in the
    file stops the run with exit 2, naming the file and the key. See docs/PIPELINES.md and docs/SETTINGS.md for every key.
    """
    static let dryRun = OptionSpec("--dry-run", help: "Print the plan (inputs found, stages, outputs) and write nothing.")
    public static let options = [dryRun] + IngestStage.Options.specs
    public static let examples = ["wxpipe run", "wxpipe run Pipelines/forecast-accuracy.json", "wxpipe run --dry-run Pipelines/daily-csv.json"]
    public static let defaultPipeline = "Pipelines/default.json"

    /// The pipeline file to run.
    public var pipelinePath: String
    /// Print the plan and write nothing.
    public var dryRun: Bool
    public var output: IngestStage.Options

    public init(parsing args: ParsedArguments) throws(UsageError) {
        guard args.positional.count <= 1 else { throw UsageError("one pipeline file at most") }
        pipelinePath = args.positional.first ?? RunCommand.defaultPipeline
        dryRun = args.has(Self.dryRun)
        output = try IngestStage.Options(parsing: args)
    }

    public func run(_ console: Console) -> ExitCode {
        let pipeline: PipelineFile
        do {
            pipeline = try PipelineFile.load(path: pipelinePath)
        } catch {
            console.error(error.description)
            return .usage
        }
        // A table no store has is a mistake in the file, found before anything runs.
        do {
            try ExportRequest.checkTables(pipeline.export.tables, known: ExportStage.knownTables)
        } catch {
            console.error("\(pipelinePath): key 'export.tables': \(error.message)")
            return .usage
        }
        if dryRun {
            for line in PipelinePlan.lines(for: pipeline, path: pipelinePath) { console.out(line) }
            return .success
        }
        let progress = ProgressLine.isTerminal ? ProgressLine() : nil
        return ExitCode(PipelineRunner.run(pipeline, options: output, log: console, progress: progress))
    }
}
