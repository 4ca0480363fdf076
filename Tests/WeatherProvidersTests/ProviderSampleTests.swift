import Foundation
import Testing
import WeatherCore
@testable import WeatherProviders

/// Every recorded reply in ../shared/provider-samples decodes to the records it holds.
struct ProviderSampleTests {
    struct Expectation: Sendable, CustomStringConvertible {
        var file: String
        var format: String?          // nil: rejected as provider_error
        var observations = 0
        var forecasts = 0
        var places = 0
        var units: UnitSystem? = nil
        var description: String { file }
    }

    static let table: [Expectation] = [
        .init(file: "darksky/pirateweather-us-nyc-forecast-2023-godarksky.json", format: "darksky/forecast", observations: 1, forecasts: 61 + 48 + 8),
        .init(file: "darksky/si-frankfurt-de-lang-forecast-2019-fhem.json", format: "darksky/forecast", observations: 1, forecasts: 49 + 8),
        .init(file: "darksky/us-boston-timemachine-1978-darkskycore.json", format: "darksky/timemachine", observations: 25),
        .init(file: "darksky/us-buffalo-blocks-without-data-2016-darkskycore.json", format: "darksky/forecast", observations: 1),
        .init(file: "darksky/us-chicago-forecast-2014-fcpp.json", format: "darksky/forecast", observations: 1, forecasts: 61 + 49 + 8),
        .init(file: "darksky/us-germany-50n10e-forecast-2014-pyforecastio.json", format: "darksky/forecast", observations: 1, forecasts: 49 + 8),
        .init(file: "darksky/us-hull-uk-forecast-alerts-2018-darkskycore.json", format: "darksky/forecast", observations: 1, forecasts: 61 + 49 + 8),
        .init(file: "darksky/us-mumbai-forecast-offset-5.5-2020-godarksky.json", format: "darksky/forecast", observations: 1, forecasts: 49 + 8),
        .init(file: "darksky/us-nyc-all-blocks-excluded-godarksky.json", format: "darksky/forecast"),
        .init(file: "darksky/us-san-francisco-forecast-2017-wxkdarksky.json", format: "darksky/forecast", observations: 1, forecasts: 61 + 49 + 8),
        .init(file: "open-meteo/archive-amsterdam-trimmed-1h-openmeteophp.json", format: "open-meteo/archive", observations: 1),
        .init(file: "open-meteo/forecast-amsterdam-trimmed-1step-openmeteophp.json", format: "open-meteo/forecast", forecasts: 2),
        .init(file: "open-meteo/forecast-berlin-coords-tz-london-current-daily-iso8601-2025-basicweather.json", format: "open-meteo/forecast", observations: 1, forecasts: 7),
        .init(file: "open-meteo/forecast-kyoto-legacy-current_weather-hourly-2023-subaru.json", format: "open-meteo/forecast", observations: 1, forecasts: 168),
        .init(file: "open-meteo/forecast-multimodel-veneto-it-hourly-daily-nulls-2025-pythonmeteo.json", format: "open-meteo/forecast", forecasts: 1201),
        .init(file: "weatherkit/gowk-error-404.json", format: nil),
        .init(file: "weatherkit/gowk-nyc-current-weather.json", format: "weatherkit/weather", observations: 1),
        .init(file: "weatherkit/gowk-nyc-full-weather-metric.json", format: "weatherkit/weather", observations: 1, forecasts: 78 + 243 + 10),
        .init(file: "weatherkit/gowk-nyc-next-hour-forecast.json", format: "weatherkit/weather", forecasts: 79),
        .init(file: "owm-geocoding/direct-charlotte-nc-single-object-cltjared.json", format: "openweathermap/geocoding", places: 1),
        .init(file: "owm-geocoding/direct-london-limit5-pyowm.json", format: "openweathermap/geocoding", places: 5),
        .init(file: "owm-geocoding/direct-reston-va-no-local-names-jimsweather.json", format: "openweathermap/geocoding", places: 1),
        .init(file: "owm-geocoding/reverse-london-limit5-pyowm.json", format: "openweathermap/geocoding", places: 5),
        .init(file: "owm-geocoding/zip-28105-us-mecklenburg-county-cltjared.json", format: "openweathermap/geocoding", places: 1),
        .init(file: "owm-geocoding/zip-33760-largo-us-railsweather.json", format: "openweathermap/geocoding", places: 1),
        .init(file: "owm-current/error-401-invalid-key-owrc.json", format: nil),
        .init(file: "owm-current/globe-0n0e-standard-no-country-2026-railsweather.json", format: "openweathermap/current", observations: 1),
        .init(file: "owm-current/moscow-imperial-lang-ru-2020-owrc.json", format: "openweathermap/current", observations: 1, units: .imperial),
        .init(file: "owm-current/moscow-metric-lang-fr-2020-owrc.json", format: "openweathermap/current", observations: 1, units: .metric),
        .init(file: "owm-forecast5/antarctica-unnamed-standard-snow-2025-owrc.json", format: "openweathermap/forecast5", forecasts: 40),
        .init(file: "owm-forecast5/guntersville-al-imperial-city-sys-population-2016-noazark.json", format: "openweathermap/forecast5", forecasts: 38),
        .init(file: "owm-forecast5/london-metric-2020-vueweather.json", format: "openweathermap/forecast5", forecasts: 40, units: .metric),
        .init(file: "owm-forecast5/london-standard-2025-owrc.json", format: "openweathermap/forecast5", forecasts: 40),
        .init(file: "owm-forecast5/moscow-owm-samples-endpoint-empty-snow-2017-weatherapp-swift.json", format: "openweathermap/forecast5", forecasts: 40),
        .init(file: "owm-onecall/error-400-timemachine-out-of-range-owrc.json", format: nil),
        .init(file: "owm-onecall/onecall25-2020-texarkana-exclude-minutely-hourly-no-tzoffset-owrc.json", format: "openweathermap/onecall", observations: 1, forecasts: 8),
        .init(file: "owm-onecall/onecall25-paradise-valley-az-standard-alerts-2023-owrc.json", format: "openweathermap/onecall", observations: 1, forecasts: 60 + 48 + 8),
        .init(file: "owm-onecall/onecall25-paris-standard-daily-pop-rain-2020-myopenweather.json", format: "openweathermap/onecall", observations: 1, forecasts: 48 + 8),
        .init(file: "owm-onecall/onecall25-wolfsburg-de-metric-2020-goowm.json", format: "openweathermap/onecall", observations: 1, forecasts: 48 + 8, units: .metric),
        .init(file: "owm-onecall/timemachine-2020-texarkana-current-hourly-format-owrc.json", format: "openweathermap/timemachine", observations: 24),
        .init(file: "owm-onecall/timemachine30-texarkana-data-array-format-2024-owrc.json", format: "openweathermap/timemachine", observations: 1),
    ]

    @Test(arguments: table)
    func sampleDecodes(_ e: Expectation) throws {
        let bytes = try sample(e.file)
        let result = DocumentDecoder.decode(bytes, context: DecodeContext(owmUnits: e.units, sourceName: e.file))
        guard let format = e.format else {
            guard case .failure(let f) = result else { Issue.record("error body must be rejected"); return }
            #expect(f.reason == .providerError)
            return
        }
        let doc = try result.get()
        #expect(doc.format == format)
        #expect(doc.observations.count == e.observations)
        #expect(doc.forecasts.count == e.forecasts)
        #expect(doc.places.filter(\.isGeocoding).count == e.places)
        #expect(!doc.detectedBy.isEmpty)
        // Canonical units: every temperature a sample holds is plausible for the Earth.
        for o in doc.observations { if let t = o.tempC { #expect(t > -50 && t < 50, "\(e.file) \(t)") } }
        for f in doc.forecasts {
            for t in [f.tempC, f.tempMaxC, f.tempMinC].compactMap({ $0 }) { #expect(t > -60 && t < 50, "\(e.file) \(t)") }
            #expect(f.validTo > f.validFrom)
            if f.period == .day { #expect(f.targetDate != nil) }
        }
    }

    /// Samples the table does not list are the OWM current ones covered in OWMCurrentTests.
    @Test func tableCoversEverySample() throws {
        var all: [String] = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: sharedSamples).sorted() {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: sharedSamples + "/" + folder, isDirectory: &isDir), isDir.boolValue else { continue }
            for f in try FileManager.default.contentsOfDirectory(atPath: sharedSamples + "/" + folder) where f.hasSuffix(".json") {
                all.append(folder + "/" + f)
            }
        }
        // nws/ and metar/ are checked by SharedStationSampleTests.
        all = all.filter { !$0.hasPrefix("nws/") && !$0.hasPrefix("metar/") }
        #expect(all.count == 46)
        let listed = Set(Self.table.map(\.file))
        let missing = all.filter { !listed.contains($0) && !$0.hasPrefix("owm-current/") }
        #expect(missing.isEmpty, "\(missing)")
    }
}
