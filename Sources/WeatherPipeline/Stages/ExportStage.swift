import WeatherExport
import WeatherStore

/// The export stage: writes a checked `ExportRequest` of the store to `path`.
public enum ExportStage {
    public static func run(store: String, request: ExportRequest, to path: String, log: StageLog) -> StageOutcome {
        do {
            // Opened read-only first, so a missing store is an error and not a new empty file.
            let reader = try Database(path: store, readOnly: true)
            // A SQLite copy ATTACHes its output, which needs a writable connection; CSV only reads.
            let database = request.format == .sqlite ? try Database(path: store) : reader
            switch try Exporter(database: database).export(request, to: path) {
            case .csvFiles(let files):
                for f in files { log.info("wrote \(path)/\(f.table).csv (\(f.rows) rows)") }
            case .sqliteFile:
                log.info("wrote \(path)")
            case .workbook(let sheets):
                for line in XLSXSummary.lines(sheets, path: path) { log.info(line) }
            }
            return .completed
        } catch {
            log.error("\(error)")
            return .failed
        }
    }
}
