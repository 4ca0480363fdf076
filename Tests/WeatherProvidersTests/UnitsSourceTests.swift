import Testing
import WeatherCore
@testable import WeatherProviders

/// Every record says where its units came from, with one `UnitsSource` case per place a
/// provider states them (or the API default when nothing does).
struct UnitsSourceTests {
    func records(_ text: String, units: UnitSystem? = nil) throws -> [(assumed: String?, source: String?)] {
        let doc = try DocumentDecoder.decode(Array(text.utf8), context: DecodeContext(owmUnits: units)).get()
        return doc.observations.map { ($0.unitsAssumed, $0.unitsSource?.rawValue) } + doc.forecasts.map { ($0.unitsAssumed, $0.unitsSource?.rawValue) }
    }

    /// The stored strings are part of the store's contents: pinned.
    @Test func storedNames() {
        #expect(UnitsSource.allCases.map(\.rawValue) == ["flags", "metadata", "units_block", "envelope_url", "input", "default"])
    }

    @Test func darkSkyFlagsUnitsIsTheBodysOwnStatement() throws {
        let withFlags = #"{"latitude":1,"longitude":2,"timezone":"UTC","flags":{"units":"si"},"currently":{"time":1700000000,"temperature":10},"hourly":{"data":[{"time":1700003600,"temperature":11}]}}"#
        let r = try records(withFlags, units: .imperial)  // an OWM setting does not touch Dark Sky
        #expect(r.count == 2 && r.allSatisfy { $0.assumed == "si" && $0.source == "flags" })
        let bare = #"{"latitude":1,"longitude":2,"timezone":"UTC","offset":0,"currently":{"time":1700000000,"temperature":50}}"#
        #expect(try records(bare).map(\.source) == ["default"])
        #expect(try records(bare).map(\.assumed) == ["us"])
    }

    static func weatherKit(_ metadata: String) -> String {
        #"{"currentWeather":{"metadata":{"latitude":40.7,"longitude":-74\#(metadata)},"asOf":"2022-07-05T12:00:00Z","temperature":25},"forecastHourly":{"hours":[{"forecastStart":"2022-07-05T13:00:00Z","temperature":26}]}}"#
    }

    @Test func weatherKitReadsMetadataUnits() throws {
        let declared = try records(Self.weatherKit(#","units":"m""#))
        #expect(declared.count == 2 && declared.allSatisfy { $0.assumed == "m" && $0.source == "metadata" })
        // No block says its units: metric (the API's only system) is an assumption, said as such.
        let silent = try records(Self.weatherKit(""))
        #expect(silent.count == 2 && silent.allSatisfy { $0.assumed == "m" && $0.source == "default" })
        let other = DocumentDecoder.decode(Array(Self.weatherKit(#","units":"e""#).utf8))
        guard case .failure(let f) = other else { Issue.record("an unknown unit system must be rejected"); return }
        #expect(f.reason == .unknownFormat && f.fieldPath == "currentWeather.metadata.units")
    }

    @Test func openMeteoUnitsBlocksAndTheLegacyDefault() throws {
        let hourly = #"{"latitude":1,"longitude":2,"utc_offset_seconds":0,"hourly_units":{"time":"iso8601","temperature_2m":"°F","windspeed_10m":"mph"},"hourly":{"time":["2024-01-01T00:00"],"temperature_2m":[50],"windspeed_10m":[10]},"current_weather":{"time":"2024-01-01T00:00","temperature":50,"windspeed":10}}"#
        let doc = try DocumentDecoder.decode(Array(hourly.utf8)).get()
        let current = try #require(doc.observations.first)
        #expect(approx(current.tempC, 10) && approx(current.windSpeedMs, 4.47))  // legacy current follows the hourly units
        #expect(current.unitsSource == .unitsBlock)
        #expect(doc.forecasts.allSatisfy { $0.unitsSource == .unitsBlock })
        let legacyOnly = #"{"latitude":1,"longitude":2,"utc_offset_seconds":0,"current_weather":{"time":"2024-01-01T00:00","temperature":10,"windspeed":36}}"#
        let o = try #require(try DocumentDecoder.decode(Array(legacyOnly.utf8)).get().observations.first)
        #expect(o.tempC == 10 && o.windSpeedMs == 10 && o.unitsSource == .default)  // °C and km/h by default
    }

    @Test func openWeatherMapURLThenInputThenDefault() throws {
        let body = #"{"coord":{"lon":1,"lat":1},"weather":[],"main":{"temp":50},"dt":1600000000}"#
        let envelope = #"{"fetched_at":1600000000,"url":"https://api.openweathermap.org/data/2.5/weather?q=x&units=imperial","response":\#(body)}"#
        #expect(try records(envelope, units: .metric).map(\.source) == ["envelope_url"])
        #expect(try records(envelope, units: .metric).map(\.assumed) == ["imperial"])
        #expect(try records(body, units: .metric).map(\.source) == ["input"])
        let standard = #"{"coord":{"lon":1,"lat":1},"weather":[],"main":{"temp":280},"dt":1600000000}"#
        #expect(try records(standard).map(\.source) == ["default"])
    }
}
