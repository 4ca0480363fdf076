import WeatherAnalytics
import WeatherExport
import WeatherStore

/// The export stage: writes a checked `ExportRequest` of the store to `path`. It takes no lock
/// (an export may run beside an ingest); `Exporter` leaves out rows of sources that are not
/// complete.
public enum ExportStage {
    /// Every table a wxpipe store can hold: the records and the derived tables.
    public static var knownTables: [String] { Schema.dataTables + DerivedSchema.tables }

    public static func run(store: String, request: ExportRequest, to path: String, log: StageLog) -> StageOutcome {
        do {
            // Checked and opened read-only first, so a missing or foreign store is a plain error
            // and not a new empty file.
            let reader = try StoreFile.open(store, readOnly: true)
            // A SQLite copy ATTACHes its output, which needs a writable connection; CSV only reads.
            let database = request.format == .sqlite ? try Database(path: store) : reader
            switch try Exporter(database: database).export(request, to: path) {
            case .csvFiles(let files):
                let folder = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
                for f in files { log.info("wrote \(folder)/\(f.table).csv (\(f.rows) row\(f.rows == 1 ? "" : "s"))") }
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
