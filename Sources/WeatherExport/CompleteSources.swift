import WeatherStore

extension Exporter {
    /// The WHERE clause that keeps an export to complete sources: `sources` rows whose status is
    /// `complete`, and rows of record tables (those with a `source_id`) that belong to one. An
    /// ingest running beside the export commits its file in batches that stay `in_progress`
    /// until the file completes (and are deleted if it does not), so they are never exported.
    /// Derived tables need no filter: the aggregate stage builds them from complete sources.
    func completeSourcesFilter(table: String) throws -> String {
        if table == "sources" { return " WHERE status = 'complete'" }
        let columns = try database.rows("SELECT name FROM pragma_table_info(?)", [.text(table)]).compactMap { $0.first?.string }
        guard columns.contains("source_id") else { return "" }
        return " WHERE source_id IN (SELECT id FROM main.sources WHERE status = 'complete')"
    }
}
