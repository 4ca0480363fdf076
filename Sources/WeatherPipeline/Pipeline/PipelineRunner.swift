import WeatherCore
import WeatherExport
import WeatherIngest
import WeatherStore

/// Runs every stage a pipeline file describes, in order: ingest, aggregate, the exports and
/// the report. The first stage that does not complete ends the run with its outcome.
public enum PipelineRunner {
    /// `strict` here (or in the file) is checked once at the end, over the whole store, so the
    /// exports are still written when input was rejected.
    public static func run(_ pipeline: PipelineFile, options: IngestStage.Options, log: StageLog,
                           progress: ProgressDisplay? = nil) -> StageOutcome {
        let inputs = pipeline.inputs.map { IngestInput(path: $0.path, units: $0.units, role: $0.role, shard: pipeline.shard) }
        var ingestOptions = options
        ingestOptions.strict = false
        let ingested = IngestStage.run(store: pipeline.store, inputs: inputs, locations: pipeline.locations,
                                       options: ingestOptions, log: log, progress: progress).outcome
        guard ingested.isCompleted else { return ingested }
        // A shard's store holds part of the records: aggregate and export the merged store (docs/SCALING.md).
        if let shard = pipeline.shard {
            log.info("shard \(shard): ingest only; merge the shard stores, then aggregate (wxpipe merge)")
            return ingested
        }
        let aggregated = AggregateStage.run(store: pipeline.store, options: pipeline.aggregate, log: log)
        guard aggregated.isCompleted else { return aggregated }
        for (request, path) in exports(of: pipeline) {
            let exported = ExportStage.run(store: pipeline.store, request: request, to: path, log: log)
            guard exported.isCompleted else { return exported }
        }
        if let report = pipeline.export.report {
            let reported = ReportStage.run(store: pipeline.store, out: report, title: "wxpipe report: \(pipeline.name)", log: log)
            guard reported.isCompleted else { return reported }
        }
        if options.strict || pipeline.strict, (try? rejectCount(store: pipeline.store)) ?? 0 > 0 {
            return .completedWithRejects
        }
        return .completed
    }

    /// The exports of the file's `export` section, each with its destination. The file's
    /// `dialect` and `units` describe its CSV output; the SQLite copy is the store as it is.
    public static func exports(of pipeline: PipelineFile) -> [(ExportRequest, String)] {
        let e = pipeline.export
        var out: [(ExportRequest, String)] = []
        // PipelineFile has already checked both names, so the fallbacks are never taken.
        if let csv = e.csv, let request = try? ExportRequest(format: .csv, tables: e.tables,
                                                             dialect: CSVDialect(rawValue: e.dialect) ?? .rfc4180,
                                                             units: Units(rawValue: e.units) ?? .metric) {
            out.append((request, csv))
        }
        if let sqlite = e.sqlite, let request = try? ExportRequest(format: .sqlite, tables: e.tables) {
            out.append((request, sqlite))
        }
        return out
    }

    private static func rejectCount(store: String) throws -> Int64 {
        try Database(path: store, readOnly: true).scalar("SELECT COUNT(*) FROM rejects")?.int ?? 0
    }
}
