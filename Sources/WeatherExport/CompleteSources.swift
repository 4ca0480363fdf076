import WeatherStore

extension Exporter {
    /// Exports read what the store holds for readers: rows of complete sources (`StoreContents`).
    func completeSourcesFilter(table: String) throws -> String {
        try StoreContents.completeSourcesFilter(table: table, in: database)
    }
}
