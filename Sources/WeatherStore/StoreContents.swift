/// What a store holds for its readers, said once: the records of complete sources.
///
/// An ingest commits a file in batches that stay `in_progress` until the file completes (and are
/// deleted if it does not), so every reader — the report's headline, exports, `sql` users
/// through the same rule — counts and reads only rows of sources whose status is `complete`.
/// The record tables are views in a current store and tables in a schema 1 store; both are
/// read by the same names here, so a reader never needs to know which.
public struct StoreContents: Equatable, Sendable {
    /// Documents read from complete sources, and how they ended.
    public var documents: Int64 = 0
    public var acceptedDocuments: Int64 = 0
    public var rejectedDocuments: Int64 = 0
    public var duplicateDocuments: Int64 = 0
    public var observations: Int64 = 0
    public var forecasts: Int64 = 0
    public var locations: Int64 = 0
    /// Rows of `rejects` and `warnings` (a document can have several warnings).
    public var rejects: Int64 = 0
    public var warnings: Int64 = 0

    public init() {}

    /// Counts the store's records of complete sources.
    public static func read(_ database: Database) throws(StoreError) -> StoreContents {
        var c = StoreContents()
        let sums = try database.rows("""
            SELECT COALESCE(SUM(documents), 0), COALESCE(SUM(accepted), 0), COALESCE(SUM(rejected), 0), COALESCE(SUM(duplicates), 0)
            FROM sources WHERE status = 'complete'
            """).first ?? []
        c.documents = sums.first?.int ?? 0
        c.acceptedDocuments = sums.count > 1 ? sums[1].int ?? 0 : 0
        c.rejectedDocuments = sums.count > 2 ? sums[2].int ?? 0 : 0
        c.duplicateDocuments = sums.count > 3 ? sums[3].int ?? 0 : 0
        func count(_ table: String) throws(StoreError) -> Int64 {
            try database.scalar("SELECT COUNT(*) FROM \(table)\(try completeSourcesFilter(table: table, in: database))")?.int ?? 0
        }
        c.observations = try count("observations")
        c.forecasts = try count("forecasts")
        c.locations = try count("locations")
        c.rejects = try count("rejects")
        c.warnings = try count("warnings")
        return c
    }

    /// The WHERE clause that keeps a read of `table` to complete sources: `sources` rows whose
    /// status is `complete`, and rows of tables with a `source_id` that belong to one (records,
    /// rejects, warnings). Other tables need none: derived tables are built by the aggregate
    /// stage from complete sources, and locations belong to no source. `table` is a name of the
    /// store (checked against it by callers), never input text.
    public static func completeSourcesFilter(table: String, in database: Database) throws(StoreError) -> String {
        if table == "sources" { return " WHERE status = 'complete'" }
        let columns = try database.declaredColumns(of: table).compactMap { $0.first?.string }
        guard columns.contains("source_id") else { return "" }
        return " WHERE " + completeSourcesCondition(column: "source_id")
    }

    /// `column IN (the complete sources)`: the condition of `completeSourcesFilter`, for a query
    /// that names the column with its table (`f.source_id` in a join).
    public static func completeSourcesCondition(column: String) -> String {
        "\(column) IN (SELECT id FROM main.sources WHERE status = 'complete')"
    }
}
