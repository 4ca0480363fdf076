import Foundation
import Testing
import WeatherCore
@testable import WeatherProviders

/// Every provider reply in Fixtures/providers decodes to the records it holds.
struct ProviderSampleTests {
    struct Expectation: Sendable, CustomStringConvertible {
        var file: String
        var format: String?          // nil: rejected, as `rejected` says
        var observations = 0
        var forecasts = 0
        var places = 0
        var units: UnitSystem? = nil
        /// Why a reply with no `format` is rejected.
        var reason: RejectReason = .providerError
        var description: String { file }
    }

    static let table: [Expectation] = [
        // Pirate Weather (flags.version, flags.sourceTimes): a provider of its own since it is told apart.
        .init(file: "darksky/pirateweather-us-nyc-forecast-2023-godarksky.json", format: "pirateweather/forecast", observations: 1, forecasts: 61 + 48 + 8),
        .init(file: "darksky/si-vienna-at-lang-de-forecast-2020-wxpipe.json", format: "darksky/forecast", observations: 1, forecasts: 49 + 8),
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
        .init(file: "open-meteo/forecast-prague-coords-tz-london-current-daily-iso8601-2024-wxpipe.json", format: "open-meteo/forecast", observations: 1, forecasts: 7),
        .init(file: "open-meteo/forecast-osaka-legacy-current_weather-hourly-2024-wxpipe.json", format: "open-meteo/forecast", observations: 1, forecasts: 168),
        // Hourly rows while each model has data (ecmwf 120, icon_d2 48, gfs 120, knmi 60), daily
        // rows of the same models (5 + 2 + 5 + 3); gem_regional and bom_access_global have none.
        .init(file: "open-meteo/forecast-multimodel-bologna-hourly-daily-nulls-2024-wxpipe.json", format: "open-meteo/forecast", forecasts: 348 + 15),
        .init(file: "weatherkit/gowk-error-404.json", format: nil),
        .init(file: "weatherkit/gowk-nyc-current-weather.json", format: "weatherkit/weather", observations: 1),
        .init(file: "weatherkit/gowk-nyc-full-weather-metric.json", format: "weatherkit/weather", observations: 1, forecasts: 78 + 243 + 10),
        .init(file: "weatherkit/gowk-nyc-next-hour-forecast.json", format: "weatherkit/weather", forecasts: 79),
        .init(file: "owm-geocoding/direct-boulder-co-no-local-names-wxpipe.json", format: "openweathermap/geocoding", places: 1),
        .init(file: "owm-geocoding/direct-charlotte-nc-single-object-cltjared.json", format: "openweathermap/geocoding", places: 1),
        .init(file: "owm-geocoding/direct-london-limit5-pyowm.json", format: "openweathermap/geocoding", places: 5),
        .init(file: "owm-geocoding/reverse-london-limit5-pyowm.json", format: "openweathermap/geocoding", places: 5),
        .init(file: "owm-geocoding/zip-28105-us-mecklenburg-county-cltjared.json", format: "openweathermap/geocoding", places: 1),
        .init(file: "owm-geocoding/zip-80302-boulder-us-no-country-code-wxpipe.json", format: "openweathermap/geocoding", places: 1),
        .init(file: "owm-current/error-401-invalid-key-owrc.json", format: nil),
        .init(file: "owm-current/globe-0n0e-standard-no-country-2025-wxpipe.json", format: "openweathermap/current", observations: 1),
        .init(file: "owm-current/guntersville-al-standard-rain1h-sys-type3-2016-noazark.json", format: "openweathermap/current", observations: 1),
        .init(file: "owm-current/london-standard-rain1h-2020-owrc.json", format: "openweathermap/current", observations: 1),
        .init(file: "owm-current/moscow-imperial-lang-ru-2020-owrc.json", format: "openweathermap/current", observations: 1, units: .imperial),
        .init(file: "owm-current/moscow-metric-lang-fr-2020-owrc.json", format: "openweathermap/current", observations: 1, units: .metric),
        .init(file: "owm-current/newyork-zip-standard-no-wind-deg-id0-2020-owrc.json", format: "openweathermap/current", observations: 1),
        .init(file: "owm-current/portland-standard-sys-message-haze-2018-wxpipe.json", format: "openweathermap/current", observations: 1),
        .init(file: "owm-current/wellington-metric-rain1h-two-weather-conditions-2024-wxpipe.json", format: "openweathermap/current", observations: 1, units: .metric),
        .init(file: "owm-forecast5/antarctica-unnamed-standard-snow-2025-owrc.json", format: "openweathermap/forecast5", forecasts: 40),
        .init(file: "owm-forecast5/dublin-metric-pop-visibility-rain3h-2021-wxpipe.json", format: "openweathermap/forecast5", forecasts: 40, units: .metric),
        .init(file: "owm-forecast5/guntersville-al-imperial-city-sys-population-2016-noazark.json", format: "openweathermap/forecast5", forecasts: 38),
        .init(file: "owm-forecast5/kazan-samples-endpoint-country-none-empty-snow-2019-wxpipe.json", format: "openweathermap/forecast5", forecasts: 40),
        .init(file: "owm-forecast5/london-standard-2025-owrc.json", format: "openweathermap/forecast5", forecasts: 40),
        .init(file: "owm-onecall/error-400-timemachine-out-of-range-owrc.json", format: nil),
        .init(file: "owm-onecall/onecall25-2020-texarkana-exclude-minutely-hourly-no-tzoffset-owrc.json", format: "openweathermap/onecall", observations: 1, forecasts: 8),
        .init(file: "owm-onecall/onecall25-madrid-standard-daily-pop-rain-2021-wxpipe.json", format: "openweathermap/onecall", observations: 1, forecasts: 48 + 8),
        .init(file: "owm-onecall/onecall25-paradise-valley-az-standard-alerts-2023-owrc.json", format: "openweathermap/onecall", observations: 1, forecasts: 60 + 48 + 8),
        .init(file: "owm-onecall/onecall25-wolfsburg-de-metric-2020-goowm.json", format: "openweathermap/onecall", observations: 1, forecasts: 48 + 8, units: .metric),
        .init(file: "owm-onecall/timemachine-2020-texarkana-current-hourly-format-owrc.json", format: "openweathermap/timemachine", observations: 24),
        .init(file: "owm-onecall/timemachine30-texarkana-data-array-format-2024-owrc.json", format: "openweathermap/timemachine", observations: 1),
        .init(file: "visualcrossing/error-401-no-account-wxpipe.json", format: nil),
        .init(file: "visualcrossing/timeline-metric-wroclaw-stitched-us-current-wxpipe.json", format: "visualcrossing/timeline", observations: 1, forecasts: 3, units: .metric),
        .init(file: "visualcrossing/timeline-us-denver-dst-obs-comb-fcst-stats-wxpipe.json", format: "visualcrossing/timeline", observations: 3, forecasts: 4 + 2),
        .init(file: "tomorrowio/hossain_weatherforecast_lacmann_snow_2025-01-20.json", format: "tomorrowio/forecast", forecasts: 60 + 120 + 7),
        .init(file: "tomorrowio/own-error-401001-invalid-auth-wxpipe.json", format: nil),
        .init(file: "tomorrowio/own-forecast-sola-plus11-days-wxpipe.json", format: "tomorrowio/forecast", forecasts: 2 + 2),
        .init(file: "tomorrowio/own-timelines-newyork-dst-days-wxpipe.json", format: "tomorrowio/timelines", forecasts: 3 + 1),
        .init(file: "tomorrowio/pytomorrowio_timelines_1d_orlando_2022-04-14-envelope.json", format: "tomorrowio/timelines", forecasts: 15),
        .init(file: "tomorrowio/pytomorrowio_timelines_current_orlando_2022-04-17-envelope.json", format: "tomorrowio/timelines", observations: 1),
        .init(file: "weatherbit/magicmirror_current_newyork_2026-02-06.json", format: "weatherbit/current", observations: 1),
        .init(file: "weatherbit/magicmirror_daily16_newyork_2026-02-06.json", format: "weatherbit/daily", forecasts: 7),
        .init(file: "weatherbit/own-current-london-2018-string-code-wxpipe.json", format: "weatherbit/current", observations: 1),
        .init(file: "weatherbit/own-daily-newyork-dst-end-imperial-wxpipe.json", format: "weatherbit/daily", forecasts: 3),
        .init(file: "weatherbit/own-error-plan-lacks-hourly-wxpipe.json", format: nil),
        .init(file: "metno/beijing_compact_2020-07-20.json", format: "metno/locationforecast", forecasts: 82 + 76 + 70),
        .init(file: "metno/error-403-forbidden-html-wxpipe.json", format: nil, reason: .invalidJSON),
        .init(file: "metno/london_complete_2020-07-20.json", format: "metno/locationforecast", forecasts: 82 + 76 + 70),
        .init(file: "metno/magicmirror_oslo_2026-02-06.json", format: "metno/locationforecast", forecasts: 83 + 77 + 71),
        .init(file: "metno/oslo-complete-probabilities-2026-wxpipe.json", format: "metno/locationforecast", forecasts: 2 + 2 + 1),
        .init(file: "pirateweather/denver-us-version2-snow-dst-2025-03-08-wxpipe.json", format: "pirateweather/forecast", observations: 1, forecasts: 2 + 3),
        .init(file: "pirateweather/error-502-bad-gateway-wxpipe.json", format: nil),
        .init(file: "pirateweather/magicmirror_newyork_si_2026-02-06.json", format: "pirateweather/forecast", observations: 1, forecasts: 61 + 48 + 8),
        .init(file: "weatherapi/error-1006-no-matching-location-wxpipe.json", format: nil),
        .init(file: "weatherapi/hossain_forecast_2day_sola_vanuatu_2025-02-26.json", format: "weatherapi/forecast", observations: 1, forecasts: 2 + 48),
        .init(file: "weatherapi/hossain_forecast_5day_regina_2025-02-04.json", format: "weatherapi/forecast", observations: 1, forecasts: 5 + 120),
        // Trimmed by its author: no location block, so no coordinates.
        .init(file: "weatherapi/iprak_forecast_1day_aqi_2021-08-28.json", format: nil, reason: .missingField),
        .init(file: "weatherapi/london-dst-spring-forward-2024-03-31-wxpipe.json", format: "weatherapi/forecast", observations: 1, forecasts: 1 + 2),
        .init(file: "metoffice/magicmirror_london_daily_2026-02-07.json", format: "metoffice/sitespecific", forecasts: 8 + 16),
        .init(file: "metoffice/magicmirror_london_hourly_2026-02-07.json", format: "metoffice/sitespecific", forecasts: 49),
        .init(file: "metoffice/own-daily-london-bst-start-wxpipe.json", format: "metoffice/sitespecific", forecasts: 3 + 6),
        .init(file: "metoffice/own-error-401-unauthorized-wxpipe.json", format: nil),
        .init(file: "metoffice/own-three-hourly-edinburgh-snow-wxpipe.json", format: "metoffice/sitespecific", forecasts: 4),
        .init(file: "twc/openharvest_daily15day_metric_Mchinji-MW_2022-02-20-envelope.json", format: "twc/daily", forecasts: 15 + 30),
        .init(file: "twc/own-current-saotome-imperial-wxpipe.json", format: "twc/current", observations: 1),
        .init(file: "twc/own-daily3day-newyork-edt-end-imperial-wxpipe.json", format: "twc/daily", forecasts: 3 + 6),
        .init(file: "twc/own-daily5day-munich-cest-start-after3pm-si-wxpipe.json", format: "twc/daily", forecasts: 11),
        .init(file: "twc/own-error-cdn-0001-invalid-apikey-wxpipe.json", format: nil),
        .init(file: "accuweather/bieniu_currentconditions_piatek_2023-05-15.json", format: nil, reason: .missingField),
        .init(file: "accuweather/bieniu_currentconditions_piatek_2023-05-15-array-envelope.json", format: "accuweather/current", observations: 1),
        .init(file: "accuweather/bieniu_daily5day_metric_piatek_2023-05-15.json", format: nil, reason: .missingField),
        .init(file: "accuweather/bieniu_daily5day_metric_piatek_2023-05-15-envelope.json", format: "accuweather/daily", forecasts: 5 * 3),
        .init(file: "accuweather/bieniu_hourly12_metric_piatek_2023-05-15.json", format: nil, reason: .missingField),
        .init(file: "accuweather/bieniu_hourly12_metric_piatek_2023-05-15-envelope.json", format: "accuweather/hourly", forecasts: 12),
        .init(file: "accuweather/own-daily-warsaw-dst-start-imperial-wxpipe.json", format: "accuweather/daily", forecasts: 3 * 3),
        .init(file: "accuweather/own-error-unauthorized-wxpipe.json", format: nil),
        .init(file: "brightsky/iobroker_current_weather_berlin_2025-09-18.json", format: "brightsky/current", observations: 1),
        .init(file: "brightsky/iobroker_weather_24h_berlin_2025-09-18.json", format: "brightsky/weather", forecasts: 24),
        .init(file: "brightsky/iobroker_weather_8days_berlin_2025-09-18.json", format: "brightsky/weather", observations: 14, forecasts: 168),
        .init(file: "brightsky/own-error-no-sources-wxpipe.json", format: nil),
        .init(file: "brightsky/own-weather-muenster-dst-end-tz-berlin-wxpipe.json", format: "brightsky/weather", observations: 2, forecasts: 3),
        .init(file: "meteosource/meteosource-php_point_london_2021-09-08.json", format: "meteosource/point", observations: 1, forecasts: 155 + 30),
        .init(file: "meteosource/own-error-invalid-key-wxpipe.json", format: nil),
        .init(file: "meteosource/own-point-newyork-dst-start-no-units-wxpipe.json", format: "meteosource/point", observations: 1, forecasts: 3 + 3),
        .init(file: "meteosource/own-timemachine-prague-dst-end-us-wxpipe.json", format: "meteosource/timemachine", observations: 5),
        // Personal weather stations; most of their replies name no place (rejects naming the `place` setting here).
        .init(file: "wu-pws/scilabs_IHERNE113_current_metric_2020-01-14.json", format: "wu/pws", observations: 1),
        .init(file: "wu-pws/own-current-luzern-imperial-qc-flagged-wxpipe.json", format: "wu/pws", observations: 1),
        .init(file: "wu-pws/own-current-bergen-metric_si-wxpipe.json", format: "wu/pws", observations: 1),
        .init(file: "wu-pws/own-current-leeds-uk_hybrid-wxpipe.json", format: "wu/pws", observations: 1),
        .init(file: "wu-pws/own-error-invalid-apikey-wxpipe.json", format: nil),
        .init(file: "ambient/aioambient_v1-devices_2019-01-07.json", format: nil, reason: .missingField),
        .init(file: "ambient/aioambient_v1-devices-mac_history_2019-01-10.json", format: nil, reason: .missingField),
        .init(file: "ambient/own-devices-gilbert-coords-tz-wxpipe.json", format: "ambient/devices", observations: 1),
        .init(file: "ambient/own-devices-newyork-dst-start-wxpipe.json", format: "ambient/devices", observations: 2),
        .init(file: "ambient/own-history-gilbert-midnight-reset-wxpipe.json", format: nil, reason: .missingField),
        .init(file: "ambient/own-error-missing-application-key-wxpipe.json", format: nil),
        .init(file: "ecowitt/own-device-info-warsaw-imperial-wxpipe.json", format: "ecowitt/realtime", observations: 1),
        .init(file: "ecowitt/own-realtime-imperial-stale-uvi-wxpipe.json", format: nil, reason: .missingField),
        .init(file: "ecowitt/own-history-metric-midnight-reset-wxpipe.json", format: nil, reason: .missingField),
        .init(file: "ecowitt/own-error-illegal-application-key-wxpipe.json", format: nil),
        .init(file: "netatmo/own-stationsdata-three-stations-wxpipe.json", format: "netatmo/stationsdata", observations: 2),
        .init(file: "netatmo/own-error-invalid-access-token-wxpipe.json", format: nil),
    ]

    @Test(arguments: table)
    func sampleDecodes(_ e: Expectation) throws {
        try Self.check(e, bytes: try sample(e.file))
    }

    /// Decodes one reply and compares it with its expectation (also used by the extended check
    /// over ../shared/provider-samples).
    static func check(_ e: Expectation, bytes: [UInt8]) throws {
        let result = DocumentDecoder.decode(bytes, context: DecodeContext(owmUnits: e.units, sourceName: e.file))
        guard let format = e.format else {
            guard case .failure(let f) = result else { Issue.record("\(e.file): must be rejected"); return }
            #expect(f.reason == e.reason, "\(e.file): \(f.message)")
            return
        }
        let doc = try result.get()
        #expect(doc.format == format, "\(e.file)")
        #expect(doc.observations.count == e.observations, "\(e.file)")
        #expect(doc.forecasts.count == e.forecasts, "\(e.file)")
        #expect(doc.places.filter(\.isGeocoding).count == e.places, "\(e.file)")
        #expect(!doc.detectedBy.isEmpty)
        // Canonical units: every temperature a sample holds is plausible for the Earth.
        for o in doc.observations { if let t = o.tempC { #expect(t > -50 && t < 50, "\(e.file) \(t)") } }
        for f in doc.forecasts {
            for t in [f.tempC, f.tempMaxC, f.tempMinC].compactMap({ $0 }) { #expect(t > -60 && t < 50, "\(e.file) \(t)") }
            #expect(f.validTo > f.validFrom)
            if f.period == .day { #expect(f.targetDate != nil) }
        }
    }

    /// The table lists exactly the replies in Fixtures/providers: a new fixture needs its row.
    @Test func tableCoversEveryFixture() throws {
        let allFiles = try jsonFilesByFolder(in: providerFixtures)
        // nws/ and metar/ have tables of their own (NWSDecoderTests, METARDecoderTests), and so
        // have the station archives, which need declared stations (StationArchiveFixtureTests).
        let all = allFiles.filter { !$0.hasPrefix("nws/") && !$0.hasPrefix("metar/") && !StationArchiveFixtureTests.owns($0) }
        #expect(all.count == 100 + 17)
        #expect(Set(all) == Set(Self.table.map(\.file)))
        #expect(Self.table.count == Set(Self.table.map(\.file)).count)
    }
}
