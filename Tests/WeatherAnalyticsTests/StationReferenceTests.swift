import Testing
import WeatherCore
@testable import WeatherAnalytics

/// How a `reference` entry names station truth: `provider/product` names every station of the
/// product, `provider/product STATION` one of them (the spelling `daily_observed` shows as
/// `truth_source` and `truth_station`, joined by a space).
struct StationReferenceTests {
    static let backyard = SourceName(provider: "wu", product: "pws", station: "IHERNE113")
    static let neighbour = SourceName(provider: "wu", product: "pws", station: "IHERNE7")
    static let owm = SourceName(provider: "openweathermap", product: "current")

    @Test func aStationIsNamedByItsProductOrItsLabel() {
        #expect(Self.backyard.isNamed(by: "wu/pws") && Self.neighbour.isNamed(by: "wu/pws"))
        #expect(Self.backyard.isNamed(by: "wu/pws IHERNE113") && !Self.neighbour.isNamed(by: "wu/pws IHERNE113"))
        #expect(!Self.backyard.isNamed(by: "wu/pws IHERNE11") && !Self.backyard.isNamed(by: "IHERNE113"))
        // A product without stations is not named by a label it does not have.
        #expect(!Self.owm.isNamed(by: "openweathermap/current ") && Self.owm.isNamed(by: "openweathermap/current"))
    }

    /// Naming one station makes it the only truth, ahead of a nearer one of the same product.
    @Test func namingOneStationRanksOnlyIt() {
        let t = TruthSources(locationID: "herne", reference: ["wu/pws IHERNE113"], allowSelfReference: false, series: [:],
                             days: [Self.backyard: [day("herne", "2024-05-01")], Self.neighbour: [day("herne", "2024-05-01")]],
                             distanceKm: [Self.backyard: 4, Self.neighbour: 1])
        #expect(t.ranking["2024-05-01"]?.first == Self.backyard)
        #expect(TruthSources.isEligible(TruthObservation(source: Self.neighbour, role: .observed,
                                                        point: ObservationPoint(id: 1, instant: 0, tempC: 1, precipMm: nil, precipWindowH: nil)),
                                        reference: ["wu/pws IHERNE113"]) == false)
    }
}
