import Foundation
import Testing
import TestSupport
import WeatherCore
import WeatherStore
@testable import WeatherPipeline

/// The writer takes an observation's role from the product catalog once per run of one product:
/// a source whose replies change product keeps each observation's own role.
struct ObservationRoleTests {
    /// An OpenWeatherMap current-weather reply (observed) at `dt`.
    static func current(_ dt: Int) -> String {
        #"{"coord":{"lon":-0.13,"lat":51.51},"weather":[{"id":800,"main":"Clear","description":"clear sky","icon":"01d"}],"main":{"temp":285.1,"pressure":1012,"humidity":70},"dt":\#(dt),"timezone":3600,"name":"London","cod":200}"#
    }

    /// A One Call reply with only its `current` block (a nowcast) at `dt`.
    static func oneCall(_ dt: Int) -> String {
        #"{"lat":51.51,"lon":-0.13,"timezone":"Europe/London","timezone_offset":3600,"current":{"dt":\#(dt),"temp":286.2,"pressure":1011,"humidity":68}}"#
    }

    @Test func eachObservationKeepsItsProductsRoleWhenProductsAlternate() throws {
        let folder = try TemporaryFolder("roles")
        defer { folder.remove() }
        let lines = [Self.current(1_714_550_400), Self.oneCall(1_714_554_000), Self.oneCall(1_714_557_600),
                     Self.current(1_714_561_200), Self.oneCall(1_714_564_800)]
        try (lines.joined(separator: "\n") + "\n").write(toFile: folder.path + "/mixed.ndjson", atomically: true, encoding: .utf8)
        let store = try Store(path: folder.path + "/s.sqlite")
        let summary = try IngestRunner(store: store).run([IngestInput(path: folder.path + "/mixed.ndjson")])
        #expect(summary.accepted == 5 && summary.rejected == 0, "\(summary.rejectsByReason)")
        let rows = try store.database.rows("SELECT product, role FROM observations ORDER BY observed_at_utc")
        #expect(rows == [[.text("current"), .text("observed")], [.text("onecall"), .text("nowcast")],
                         [.text("onecall"), .text("nowcast")], [.text("current"), .text("observed")],
                         [.text("onecall"), .text("nowcast")]])
    }
}
