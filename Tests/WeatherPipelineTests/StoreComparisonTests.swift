import Foundation
import Testing
import TestSupport
import WeatherStore

/// The comparison reads its tables from the stores: a table the schema gains is compared unasked.
struct StoreComparisonTests {
    @Test func tablesAreTheStoresOwnLessTheStoreLocalKeys() throws {
        let folder = try TemporaryFolder("store-comparison")
        defer { folder.remove() }
        let store = try Store(path: folder.path + "/a.sqlite")
        let tables = try StoreComparison.tables(store.database)
        // The record views stand in for the row tables, whose keys are numbers local to each store.
        #expect(tables.contains("observations") && tables.contains("forecasts"))
        #expect(tables.contains("sources") && tables.contains("rejects") && tables.contains("warnings"))
        #expect(Set(tables).isDisjoint(with: StoreComparison.excluded.keys))
        #expect(!tables.contains("observations_named"), "views other than the record views are read from the tables compared")
    }

    @Test func aNewTableIsComparedAndOneInOneStoreOnlyIsADifference() throws {
        let folder = try TemporaryFolder("store-comparison")
        defer { folder.remove() }
        let a = try Store(path: folder.path + "/a.sqlite").database
        let b = try Store(path: folder.path + "/b.sqlite").database
        #expect(try StoreComparison.differences(a, b).isEmpty)
        try a.execute("CREATE TABLE brand_new_scores (provider TEXT, mae REAL)")
        #expect(try StoreComparison.differences(a, b) == ["brand_new_scores: only in the first store"])
        try b.execute("CREATE TABLE brand_new_scores (provider TEXT, mae REAL)")
        try a.execute("INSERT INTO brand_new_scores VALUES ('owm', 1.5)")
        try b.execute("INSERT INTO brand_new_scores VALUES ('owm', 1.25)")
        let diff = try StoreComparison.differences(a, b)
        #expect(diff.count == 1 && diff[0].hasPrefix("brand_new_scores: "), "\(diff)")
    }
}
