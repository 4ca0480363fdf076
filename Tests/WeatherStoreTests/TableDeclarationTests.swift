import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherStore

/// A column is declared once (`RecordTables`, `IngestTables`) and everything else is derived
/// from it; these tests fail when a column exists in one place and not in another.
@Suite struct TableDeclarationTests {
    func store() throws -> (Store, TemporaryFolder) {
        let tmp = try TemporaryFolder("declarations")
        return (try Store(path: tmp.path + "/w.sqlite"), tmp)
    }

    func info(_ db: Database, _ table: String) throws -> [[SQLValue]] {
        try db.rows("SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info(?)", [.text(table)])
    }

    /// What users read: each table (or record view) of a new store has the declared columns, in order.
    @Test func theStoreHasTheDeclaredColumnsInOrder() throws {
        let (s, tmp) = try store()
        defer { tmp.remove() }
        for table in Schema.declarations {
            let live = try info(s.database, table.name).compactMap { $0[0].string }
            #expect(live == table.columns.map(\.name), "\(table.name)")
            #expect(try s.database.declaredColumns(of: table.name) == table.declaredColumns, "\(table.name)")
        }
    }

    /// Every column of a row table is a declared column (or one of the keys and instants the
    /// declaration derives), and an insert binds every one but the rowid.
    @Test func rowTablesHoldWhatTheDeclarationsSay() throws {
        let (s, tmp) = try store()
        defer { tmp.remove() }
        for table in Schema.declarations {
            let live = try info(s.database, table.rowTable).compactMap { $0[0].string }
            #expect(live == table.rowColumns.map(\.name), "\(table.rowTable)")
            #expect(Set(table.insertColumns).isSubset(of: live), "\(table.rowTable)")
            #expect(live.count - table.insertColumns.count == (table.columns.contains { $0.primaryKey && $0.type == "INTEGER" } ? 1 : 0))
        }
        #expect(RecordTables.observationLayout.columns == RecordTables.observations.insertColumns)
        #expect(RecordTables.forecastLayout.columns == RecordTables.forecasts.insertColumns)
        #expect(IngestTables.rejectLayout.columns == IngestTables.rejects.insertColumns)
        #expect(IngestTables.warningLayout.columns == IngestTables.warnings.insertColumns)
        #expect(IngestTables.locationLayout.columns == IngestTables.locations.insertColumns)
        #expect(Set(IngestTables.sourceStartLayout.columns).isSubset(of: IngestTables.sources.insertColumns))
    }

    /// The record views begin with the columns of schema version 1 (name, type, NOT NULL,
    /// default, primary key), in its order, so SQL and spreadsheets written for it still work;
    /// columns added since come after them.
    @Test func recordShapesBeginWithThoseOfSchemaVersion1() throws {
        let scratch = try Database(path: ":memory:")
        try scratch.execute(SchemaV1.observations)
        try scratch.execute(SchemaV1.forecasts)
        let declared = try Database(path: ":memory:")
        let addedSince: [String: [String]] = ["observations": ["temp_max_c", "temp_min_c", "extremes_window_h", "elevation_m"],
                                              "forecasts": ["elevation_m"]]
        for table in RecordTables.all {
            try declared.execute(table.shapeSQL)
            let now = try info(declared, table.name), v1 = try info(scratch, table.name)
            #expect(Array(now.prefix(v1.count)) == v1, "\(table.name)")
            #expect(now.dropFirst(v1.count).map { $0[0].string ?? "" } == addedSince[table.name, default: []], "\(table.name)")
        }
    }

    @Test func everyColumnIsDescribedAndNamedOnce() {
        for table in Schema.declarations {
            #expect(Set(table.columns.map(\.name)).count == table.columns.count, "\(table.name)")
            for c in table.columns {
                #expect(!c.description.isEmpty && c.description != c.name, "\(table.name).\(c.name)")
            }
        }
    }

    /// Every stored property of a record has its column, and every value column its property:
    /// a field added to `Observation` or `Forecast` without a column (or the reverse) fails here.
    @Test func recordPropertiesAndColumnsMatch() {
        func snake(_ s: String) -> String {
            var out = ""
            for ch in s {
                if ch.isUppercase { out += "_" + ch.lowercased() } else { out.append(ch) }
            }
            return out
        }
        // Properties whose column has another name, and properties that are not stored per row.
        let renamed = ["latitude": "lat", "longitude": "lon", "time_zone": "timezone", "station_i_d": "station_id",
                       "observed_at": "observed_at_utc", "sunrise_at": "sunrise_utc", "sunset_at": "sunset_utc",
                       "issued_at": "issued_at_utc", "valid_from": "valid_from_utc", "valid_to": "valid_to_utc",
                       "valid_at": "valid_at_utc", "utc_offset_seconds": "utc_offset_s",
                       "temp_max6h_c": "temp_max_6h_c", "temp_min6h_c": "temp_min_6h_c",
                       "temp_max24h_c": "temp_max_24h_c", "temp_min24h_c": "temp_min_24h_c"]
        // A forecast's coordinates only find its location; an observation keeps its own (a station's).
        let notStored: [String: Set<String>] = ["observations": ["declared_location_i_d"],
                                                "forecasts": ["declared_location_i_d", "latitude", "longitude"]]
        let kept: Set<String> = ["id", "source_id", "line", "location_id", "lead_hours"]
        let o = Observation(provider: "p", product: "q", observedAt: 0, latitude: 0, longitude: 0)
        let f = Forecast(provider: "p", product: "q", latitude: 0, longitude: 0, issuedAt: 0, issuedAtSource: .body,
                         period: .day, validFrom: 0, validTo: 86_400)
        for (record, table) in [(Mirror(reflecting: o), RecordTables.observations), (Mirror(reflecting: f), RecordTables.forecasts)] {
            let properties = Set(record.children.compactMap(\.label).map(snake).filter { !notStored[table.name, default: []].contains($0) }.map { renamed[$0] ?? $0 })
            let columns = Set(table.columns.map(\.name)).subtracting(kept)
            #expect(properties.subtracting(columns).isEmpty, "\(table.name): properties without a column: \(properties.subtracting(columns).sorted())")
            #expect(columns.subtracting(properties).isEmpty, "\(table.name): columns without a property: \(columns.subtracting(properties).sorted())")
        }
    }
}
