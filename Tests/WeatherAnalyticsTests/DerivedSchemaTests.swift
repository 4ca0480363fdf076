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

/// Each derived table is made from its declaration: the store has exactly the declared columns,
/// and an insert cannot name a column the declaration lacks.
struct DerivedDeclarationTests {
    @Test func everyDeclarationIsTheTableTheStoreHas() throws {
        let dir = try temporaryFolder("declared")
        defer { removeFolder(dir) }
        let store = try AggregatorTests().makeStore(in: dir)
        var options = AggregateOptions()
        options.issueSelection = .all
        _ = try Aggregator(database: store.database, options: options).run()
        let db = store.database
        for table in DerivedSchema.declarations {
            let info = try db.rows("SELECT name, type, \"notnull\", pk FROM pragma_table_info(?)", [.text(table.name)])
            #expect(info == table.declaredColumns, "\(table.name)")
        }
        // scores_by_lead is declared per run, for the lead days present.
        let leads = try db.rows("SELECT name FROM pragma_table_info('scores_by_lead') WHERE name LIKE 'n_lead_%'")
            .compactMap { $0[0].string.flatMap { Int($0.dropFirst(7).dropLast()) } }
        #expect(!leads.isEmpty)
        let byLead = VerificationTables.scoresByLead(leads: leads)
        #expect(try db.rows("SELECT name, type, \"notnull\", pk FROM pragma_table_info('scores_by_lead')") == byLead.declaredColumns)
        #expect(Set(DerivedSchema.tables) == Set(DerivedSchema.declarations.map(\.name) + ["scores_by_lead"]))
    }

    @Test func aLayoutNamingAColumnOutsideItsDeclarationIsRefused() throws {
        let dir = try temporaryFolder("undeclared")
        defer { removeFolder(dir) }
        let db = try Database(path: dir + "/d.sqlite")
        try db.execute(DailyTables.rainfallMonthly.createSQL)
        let layout = RowLayout<Int>(columns: ["location_id", "month", "rain_mm"]) { b, v throws(StoreError) in
            try b("location_id", "x")
            try b("month", "2024-05")
            try b("rain_mm", Double(v))
        }
        #expect(throws: StoreError.undeclaredColumn(table: "rainfall_monthly", column: "rain_mm")) {
            _ = try ColumnInsert(db, into: DailyTables.rainfallMonthly, layout: layout)
        }
    }

    @Test func rowsAreReadByName() throws {
        let dir = try temporaryFolder("named")
        defer { removeFolder(dir) }
        let db = try Database(path: dir + "/d.sqlite")
        var seen: [String] = []
        try db.prepare("SELECT 2 AS b, 'x' AS a, 1.5 AS c, NULL AS d UNION ALL SELECT 3, 'y', 2, NULL").forEachRow(named: { r in
            seen.append("\(r.string("a") ?? "?") \(r.int("b") ?? 0) \(r.double("c") ?? 0) \(r["d"] == .null)")
        })
        #expect(seen == ["x 2 1.5 true", "y 3 2.0 true"])
    }
}
