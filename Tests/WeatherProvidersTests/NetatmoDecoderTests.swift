import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherProviders

/// Netatmo `getstationsdata`. Values are worked out by hand from our look-alike fixture (modelled
/// on pyatmo's recorded composite: unreachable modules, a station without a name).
struct NetatmoDecoderTests {
    static let stations = "netatmo/own-stationsdata-three-stations-wxpipe.json"

    /// One observation per station with outdoor, wind or rain modules: outdoor temperature and
    /// humidity (never the indoor 21.5 °C), km/h wind, `sum_rain_1` over 1 hour, sea-level pressure.
    @Test func eachStationIsOneObservation() throws {
        let doc = try PWSFixture.doc(Self.stations)
        #expect(doc.format == "netatmo/stationsdata" && doc.observations.count == 2 && doc.places.count == 2)
        let lyon = doc.observations[0]
        #expect(lyon.provider == "netatmo" && lyon.product == "stationsdata" && lyon.stationID == "12:34:56:aa:bb:01")
        #expect(lyon.observedAt == 1_717_243_200 && lyon.latitude == 45.764 && lyon.longitude == 4.8357 && lyon.timeZone == "Europe/Paris")
        #expect(lyon.tempC == 12.3 && lyon.humidityPct == 77 && near(lyon.windSpeedMs, 5) && near(lyon.windGustMs, 10) && lyon.windDirDeg == 270)
        #expect(lyon.precipMm == 1.4 && lyon.precipWindowH == 1 && lyon.pressureHpa == 1016.4)
        #expect(lyon.placeName == "Garden House" && lyon.country == "FR")
        #expect(ObservationRole.decide(provider: lyon.provider, product: lyon.product) == .observed)
    }

    /// Hobart: the outdoor module is unreachable, so the reading is the wind module's; a wind
    /// angle of −1 is no direction; the rain module's reading two hours older is left out.
    /// Stockholm has only indoor modules: no observation, and a warning says so.
    @Test func unreachableAndStaleModulesAreLeftOut() throws {
        let doc = try PWSFixture.doc(Self.stations)
        let hobart = doc.observations[1]
        #expect(hobart.stationID == "12:34:56:aa:bb:02" && hobart.observedAt == 1_717_243_140 && hobart.placeName == "Hobart")
        #expect(hobart.tempC == nil && hobart.windSpeedMs == 0 && hobart.windDirDeg == nil && near(hobart.windGustMs, 3 / 3.6))
        #expect(hobart.precipMm == nil && hobart.pressureHpa == 1003.1)
        #expect(doc.warnings.contains { $0.contains("unreachable") })
        #expect(doc.warnings.contains { $0.contains("modules[2]") && $0.contains("not read") })
        #expect(doc.warnings.contains { $0.contains("12:34:56:aa:bb:03") && $0.contains("nothing to store") })
    }

    @Test func errorBodiesAreProviderErrors() throws {
        let f = try #require(PWSFixture.failure("netatmo/own-error-invalid-access-token-wxpipe.json"))
        #expect(f.reason == .providerError && f.message == "Netatmo error 2: Invalid access_token")
    }

    @Test func inspectNamesTheFormat() throws {
        let r = try CLI.run(["inspect", providerFixtures + "/" + Self.stations])
        #expect(r.status == 0)
        #expect(r.stdout.contains("netatmo/stationsdata (recognised by body.devices[]"))
    }
}
