import WeatherStore

/// `wxpipe sql`: one read-only query over a store, its rows written in a `QueryFormat`.
public enum SQLQuery {
    /// How a query ended, for the command's exit code.
    public enum Outcome: Sendable, Equatable {
        /// It ran; this many rows were written.
        case completed(rows: Int)
        /// A statement that would write, more than one statement, or none: nothing ran (exit 2).
        case refused(String)
        /// No store at that path (exit 1); none is created.
        case missingStore(String)
        /// SQLite rejected the query, or the output could not be written (exit 1).
        case failed(String)
    }

    /// Runs `sql` on the store at `store`, read-only, writing text through `emit` (or the
    /// workbook `out` for XLSX).
    public static func run(store: String, sql: String, format: QueryFormat, out: String? = nil,
                           emit: (String) throws -> Void) -> Outcome {
        do {
            let query = try ReadOnlyQuery(store: store, sql: sql)
            return .completed(rows: try QueryOutput.write(query, format: format, xlsxPath: out, emit: emit))
        } catch let error as QueryError {
            switch error.kind {
            case .refused: return .refused(error.message)
            case .missingStore: return .missingStore(error.message)
            case .failed: return .failed(error.message)
            }
        } catch {
            return .failed("\(error)")
        }
    }
}
