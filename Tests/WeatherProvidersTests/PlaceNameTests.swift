import Testing
import WeatherCore
@testable import WeatherProviders

/// Location names from replies (docs/PROVIDERS.md, Locations).
struct PlaceNameTests {
    @Test func repliesNameTheirPlace() throws {
        let owm = #"{"coord":{"lon":13.41,"lat":52.52},"main":{"temp":285},"weather":[],"dt":1761728400,"sys":{"country":"DE"},"name":"Berlin"}"#
        let current = try #require(try decode(owm).get().places.first)
        #expect(current.name == "Berlin" && current.country == "DE")
        let oneCall = #"{"lat":-34.6,"lon":-58.38,"timezone":"America/Argentina/Buenos_Aires","timezone_offset":-10800,"current":{"dt":1714550400,"temp":285}}"#
        #expect(try decode(oneCall).get().places.first?.name == "Buenos Aires")
        let om = #"{"latitude":52.52,"longitude":13.419998,"utc_offset_seconds":0,"timezone":"Europe/Berlin","hourly_units":{"time":"iso8601","temperature_2m":"°C"},"hourly":{"time":["2025-10-29T06:00"],"temperature_2m":[11.2]}}"#
        #expect(try decode(om).get().places.first?.name == "52.52N_13.42E")
    }

    @Test func zoneCitiesAndCoordinateNames() {
        #expect(LocationRegistry.cityName(ofZone: "Europe/Berlin") == "Berlin")
        #expect(LocationRegistry.cityName(ofZone: "America/New_York") == "New York")
        #expect(LocationRegistry.cityName(ofZone: "Etc/GMT+5") == nil)
        #expect(LocationRegistry.cityName(ofZone: "UTC") == nil)
        #expect(LocationRegistry.isCoordinateName("52.52N_13.41E"))
        #expect(LocationRegistry.isCoordinateName("0N_0.13W-2"))
        #expect(!LocationRegistry.isCoordinateName("Berlin"))
        #expect(!LocationRegistry.isCoordinateName("New_York"))
    }

    @Test func whichNamesALocationTakes() {
        var learned = Location(id: "52.52N_13.41E", latitude: 52.52, longitude: 13.41)
        #expect(learned.acceptsName("52.52N_13.42E"))
        learned.name = "52.52N_13.42E"
        #expect(learned.acceptsName("Berlin"))
        #expect(!learned.acceptsName("52.5N_13.4E"))
        learned.name = "Berlin"
        #expect(!learned.acceptsName("Берлин"))
        let declared = Location(id: "home", name: "52.52N_13.41E", latitude: 52.52, longitude: 13.41, declared: true)
        #expect(!declared.acceptsName("Berlin"))
    }
}
