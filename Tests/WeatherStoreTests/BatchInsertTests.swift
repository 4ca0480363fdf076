import Testing
import WeatherCore
@testable import WeatherStore

/// Forecasts are inserted in groups of `Store.forecastsPerStatement` rows per INSERT: the table
/// must be what one INSERT per row gives, duplicates (within a group, across groups, against
/// rows already stored) counted the same.
struct BatchInsertTests {
    /// 40 hourly forecasts with varied values; rows 21 and 33 repeat the keys of rows 5 and 31.
    static func forecasts() -> [Forecast] {
        (0..<40).map { k in
            let hour = k == 21 ? 5 : k == 33 ? 31 : k
            var f = Forecast(provider: "p", product: "q", latitude: 1, longitude: 2, issuedAt: 1_714_550_400,
                             issuedAtSource: .body, period: .hour, validFrom: 1_714_550_400 + Int64(hour) * 3600,
                             validTo: 1_714_550_400 + Int64(hour + 1) * 3600)
            f.tempC = k % 7 == 0 ? nil : Double(k) / 4
            f.precipMm = k % 3 == 0 ? 0.2 * Double(k) : nil
            f.conditionText = k % 5 == 0 ? nil : "text \(k)"
            f.model = k >= 30 ? "m" : nil
            return f
        }
    }

    func table(_ store: Store) throws -> [[SQLValue]] {
        try store.database.rows("SELECT * FROM forecasts ORDER BY id")
    }

    @Test func groupsOfRowsGiveWhatSingleInsertsGive() throws {
        let one = try TemporaryStore(), batch = try TemporaryStore()
        var singlyNew = 0
        for t in [one, batch] {
            try t.store.saveLocation(Location(id: "l", latitude: 1, longitude: 2))
            _ = try t.store.beginSource(path: "a.json", member: nil, inputHash: "h", modifiedAt: 0, now: 0)
        }
        // A row stored before the batch: the batch's copy of it is a duplicate too.
        let early = Self.forecasts()[9]
        #expect(try one.store.insert(early, locationID: "l", sourceID: 1, line: 1))
        #expect(try batch.store.insert(early, locationID: "l", sourceID: 1, line: 1))
        for f in Self.forecasts() where try one.store.insert(f, locationID: "l", sourceID: 1, line: 2) { singlyNew += 1 }
        let batchNew = try batch.store.insert(forecasts: Self.forecasts(), locationIDs: Array(repeating: "l", count: 40),
                                              sourceID: 1, line: 2)
        #expect(singlyNew == 40 - 3)   // rows 21 and 33 repeat 5 and 31; row 9 was stored first
        #expect(batchNew == singlyNew)
        #expect(try table(batch.store) == (try table(one.store)))
        #expect(try table(batch.store).count == 38)
    }
}
