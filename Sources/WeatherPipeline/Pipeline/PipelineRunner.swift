import WeatherCore
import WeatherExport
import WeatherIngest
import WeatherStore

/// Runs every stage a pipeline file describes, in order: ingest, aggregate, the exports and
/// the report. The first stage that does not complete ends the run with its outcome.
public enum PipelineRunner {
    /// `strict` here (or in the file) is checked once at the end, so the exports are still
    /// written when input was rejected; it counts the rejects of this run's ingest, not those an
    /// earlier run stored (a re-run that reads nothing new passes).
    public static func run(_ pipeline: PipelineFile, options: IngestStage.Options, log: StageLog,
                           progress: ProgressDisplay? = nil) -> StageOutcome {
        let inputs = pipeline.inputs.map { IngestInput(path: $0.path, settings: $0.settings, shard: pipeline.shard) }
        var ingestOptions = options
        ingestOptions.strict = false
        let (ingested, summary) = IngestStage.run(store: pipeline.store, inputs: inputs, locations: pipeline.locations,
                                                  options: ingestOptions, log: log, progress: progress)
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
        if options.strict || pipeline.strict, (summary?.rejected ?? 0) > 0 {
            return .completedWithRejects
        }
        return .completed
    }

    /// The exports of the file's `export` section, each with its destination. The file's
    /// `dialect` and `units` describe its CSV output (`units` its XLSX too); the SQLite copy is
    /// the store as it is.
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
        if let xlsx = e.xlsx, let request = try? ExportRequest(format: .xlsx, tables: e.tables, units: Units(rawValue: e.units) ?? .metric) {
            out.append((request, xlsx))
        }
        return out
    }
}
