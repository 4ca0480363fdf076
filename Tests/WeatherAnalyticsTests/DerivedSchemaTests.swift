import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherAnalytics
@testable import WeatherStore

/// The derived tables carry what SQL users expect: foreign keys to `locations` and indexes for
/// the usual lookups, and a query by location and variable uses the index.
struct DerivedSchemaTests {
    @Test func foreignKeysAndIndexesAfterAnAggregate() throws {
        let dir = try temporaryFolder("schema")
        defer { removeFolder(dir) }
        let store = try AggregatorTests().makeStore(in: dir)
        var options = AggregateOptions()
        options.issueSelection = .all
        _ = try Aggregator(database: store.database, options: options).run()
        let db = store.database
        for table in ["daily_observed", "rainfall_monthly", "forecast_pairs"] {
            let fks = try db.rows("SELECT \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?)", [.text(table)])
            #expect(fks == [[.text("locations"), .text("location_id"), .text("id")]], "\(table)")
        }
        let indexes = try db.rows("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE '%_lookup' ORDER BY name").compactMap { $0[0].string }
        #expect(indexes == ["forecast_pairs_lookup", "forecast_scores_lookup"])
        let plan = try db.rows("EXPLAIN QUERY PLAN SELECT * FROM forecast_pairs WHERE location_id = 'ny' AND variable = 'temp_max_c'")
            .compactMap { $0.last?.string }.joined(separator: " ")
        #expect(plan.contains("forecast_pairs_lookup"), "\(plan)")
        // Running again rebuilds the tables with their indexes (no "already exists").
        _ = try Aggregator(database: db, options: options).run()
        #expect(try db.scalar("SELECT COUNT(*) FROM sqlite_master WHERE name = 'forecast_scores_lookup'") == .integer(1))
    }
}
