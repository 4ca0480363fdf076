import Foundation
import Testing
import WeatherCore
@testable import WeatherProviders

/// Optional extended check: the recorded replies of `../shared/provider-samples`, which the
/// repository does not ship (12 of them have no licence that allows it). Runs only when that
/// folder exists beside the repository and prints what it checked; a plain clone skips it.
/// Folders with no rows here (nws/, metar/ today) are listed as not yet supported, and a new
/// file in a supported folder must still decode or be rejected with a reason.
struct SharedSampleExtendedTests {
    typealias Row = ProviderSampleTests.Expectation

    /// The recordings, with the records each holds. Visual Crossing replies never state their
    /// unit group (these two are metric); pytomorrowio's /v4/timelines replies and The Weather
    /// Company's v3 replies echo no place, so they are explained rejects without the envelope
    /// their request URL would give (the wrapped copies in Fixtures/providers decode).
    /// One WeatherAPI.com reply was trimmed by its author to no location at all.
    static let table: [Row] = [
        Row(file: "darksky/pirateweather-us-nyc-forecast-2023-godarksky.json", format: "pirateweather/forecast", observations: 1, forecasts: 61 + 48 + 8),
        Row(file: "darksky/si-frankfurt-de-lang-forecast-2019-fhem.json", format: "darksky/forecast", observations: 1, forecasts: 49 + 8),
        Row(file: "darksky/us-boston-timemachine-1978-darkskycore.json", format: "darksky/timemachine", observations: 25),
        Row(file: "darksky/us-buffalo-blocks-without-data-2016-darkskycore.json", format: "darksky/forecast", observations: 1),
        Row(file: "darksky/us-chicago-forecast-2014-fcpp.json", format: "darksky/forecast", observations: 1, forecasts: 61 + 49 + 8),
        Row(file: "darksky/us-germany-50n10e-forecast-2014-pyforecastio.json", format: "darksky/forecast", observations: 1, forecasts: 49 + 8),
        Row(file: "darksky/us-hull-uk-forecast-alerts-2018-darkskycore.json", format: "darksky/forecast", observations: 1, forecasts: 61 + 49 + 8),
        Row(file: "darksky/us-mumbai-forecast-offset-5.5-2020-godarksky.json", format: "darksky/forecast", observations: 1, forecasts: 49 + 8),
        Row(file: "darksky/us-nyc-all-blocks-excluded-godarksky.json", format: "darksky/forecast"),
        Row(file: "darksky/us-san-francisco-forecast-2017-wxkdarksky.json", format: "darksky/forecast", observations: 1, forecasts: 61 + 49 + 8),
        Row(file: "open-meteo/archive-amsterdam-trimmed-1h-openmeteophp.json", format: "open-meteo/archive", observations: 1),
        Row(file: "open-meteo/forecast-amsterdam-trimmed-1step-openmeteophp.json", format: "open-meteo/forecast", forecasts: 2),
        Row(file: "open-meteo/forecast-berlin-coords-tz-london-current-daily-iso8601-2025-basicweather.json", format: "open-meteo/forecast", observations: 1, forecasts: 7),
        Row(file: "open-meteo/forecast-kyoto-legacy-current_weather-hourly-2023-subaru.json", format: "open-meteo/forecast", observations: 1, forecasts: 168),
        Row(file: "open-meteo/forecast-multimodel-veneto-it-hourly-daily-nulls-2025-pythonmeteo.json", format: "open-meteo/forecast", forecasts: 1201),
        Row(file: "weatherkit/gowk-error-404.json", format: nil),
        Row(file: "weatherkit/gowk-nyc-current-weather.json", format: "weatherkit/weather", observations: 1),
        Row(file: "weatherkit/gowk-nyc-full-weather-metric.json", format: "weatherkit/weather", observations: 1, forecasts: 78 + 243 + 10),
        Row(file: "weatherkit/gowk-nyc-next-hour-forecast.json", format: "weatherkit/weather", forecasts: 79),
        Row(file: "owm-geocoding/direct-charlotte-nc-single-object-cltjared.json", format: "openweathermap/geocoding", places: 1),
        Row(file: "owm-geocoding/direct-london-limit5-pyowm.json", format: "openweathermap/geocoding", places: 5),
        Row(file: "owm-geocoding/direct-reston-va-no-local-names-jimsweather.json", format: "openweathermap/geocoding", places: 1),
        Row(file: "owm-geocoding/reverse-london-limit5-pyowm.json", format: "openweathermap/geocoding", places: 5),
        Row(file: "owm-geocoding/zip-28105-us-mecklenburg-county-cltjared.json", format: "openweathermap/geocoding", places: 1),
        Row(file: "owm-geocoding/zip-33760-largo-us-railsweather.json", format: "openweathermap/geocoding", places: 1),
        Row(file: "owm-current/error-401-invalid-key-owrc.json", format: nil),
        Row(file: "owm-current/globe-0n0e-standard-no-country-2026-railsweather.json", format: "openweathermap/current", observations: 1),
        Row(file: "owm-current/moscow-imperial-lang-ru-2020-owrc.json", format: "openweathermap/current", observations: 1, units: .imperial),
        Row(file: "owm-current/moscow-metric-lang-fr-2020-owrc.json", format: "openweathermap/current", observations: 1, units: .metric),
        Row(file: "owm-current/guntersville-al-standard-rain1h-sys-type3-2016-noazark.json", format: "openweathermap/current", observations: 1),
        Row(file: "owm-current/london-standard-rain1h-2020-owrc.json", format: "openweathermap/current", observations: 1),
        Row(file: "owm-current/newyork-zip-standard-no-wind-deg-id0-2020-owrc.json", format: "openweathermap/current", observations: 1),
        Row(file: "owm-current/san-francisco-standard-sys-message-2018-tigerdash.json", format: "openweathermap/current", observations: 1),
        Row(file: "owm-current/sydney-metric-rain1h-two-weather-conditions-2020-ramola.json", format: "openweathermap/current", observations: 1, units: .metric),
        Row(file: "owm-forecast5/antarctica-unnamed-standard-snow-2025-owrc.json", format: "openweathermap/forecast5", forecasts: 40),
        Row(file: "owm-forecast5/guntersville-al-imperial-city-sys-population-2016-noazark.json", format: "openweathermap/forecast5", forecasts: 38),
        Row(file: "owm-forecast5/london-metric-2020-vueweather.json", format: "openweathermap/forecast5", forecasts: 40, units: .metric),
        Row(file: "owm-forecast5/london-standard-2025-owrc.json", format: "openweathermap/forecast5", forecasts: 40),
        Row(file: "owm-forecast5/moscow-owm-samples-endpoint-empty-snow-2017-weatherapp-swift.json", format: "openweathermap/forecast5", forecasts: 40),
        Row(file: "owm-onecall/error-400-timemachine-out-of-range-owrc.json", format: nil),
        Row(file: "owm-onecall/onecall25-2020-texarkana-exclude-minutely-hourly-no-tzoffset-owrc.json", format: "openweathermap/onecall", observations: 1, forecasts: 8),
        Row(file: "owm-onecall/onecall25-paradise-valley-az-standard-alerts-2023-owrc.json", format: "openweathermap/onecall", observations: 1, forecasts: 60 + 48 + 8),
        Row(file: "owm-onecall/onecall25-paris-standard-daily-pop-rain-2020-myopenweather.json", format: "openweathermap/onecall", observations: 1, forecasts: 48 + 8),
        Row(file: "owm-onecall/onecall25-wolfsburg-de-metric-2020-goowm.json", format: "openweathermap/onecall", observations: 1, forecasts: 48 + 8, units: .metric),
        Row(file: "owm-onecall/timemachine-2020-texarkana-current-hourly-format-owrc.json", format: "openweathermap/timemachine", observations: 24),
        Row(file: "owm-onecall/timemachine30-texarkana-data-array-format-2024-owrc.json", format: "openweathermap/timemachine", observations: 1),
        Row(file: "visualcrossing/epic-skies_timeline_metric_bronxNY_2024-05-19.json", format: "visualcrossing/timeline", observations: 14 + 1, forecasts: 346 + 14, units: .metric),
        Row(file: "visualcrossing/openhab_timeline_metric_wroclaw_2024-08-09.json", format: "visualcrossing/timeline", observations: 14, forecasts: 34 + 1, units: .metric),
        Row(file: "tomorrowio/hossain_weatherforecast_lacmann_snow_2025-01-20.json", format: "tomorrowio/forecast", forecasts: 60 + 120 + 7),
        Row(file: "tomorrowio/pytomorrowio_timelines_1d_orlando_2022-04-14.json", format: nil, reason: .missingField),
        Row(file: "tomorrowio/pytomorrowio_timelines_1h_orlando_2022-04-14.json", format: nil, reason: .missingField),
        Row(file: "tomorrowio/pytomorrowio_timelines_current_orlando_2022-04-17.json", format: nil, reason: .missingField),
        Row(file: "weatherbit/magicmirror_current_newyork_2026-02-06.json", format: "weatherbit/current", observations: 1),
        Row(file: "weatherbit/magicmirror_daily16_newyork_2026-02-06.json", format: "weatherbit/daily", forecasts: 7),
        Row(file: "metno/beijing_compact_2020-07-20.json", format: "metno/locationforecast", forecasts: 82 + 76 + 70),
        Row(file: "metno/london_complete_2020-07-20.json", format: "metno/locationforecast", forecasts: 82 + 76 + 70),
        Row(file: "metno/magicmirror_oslo_2026-02-06.json", format: "metno/locationforecast", forecasts: 83 + 77 + 71),
        Row(file: "pirateweather/magicmirror_newyork_si_2026-02-06.json", format: "pirateweather/forecast", observations: 1, forecasts: 61 + 48 + 8),
        Row(file: "weatherapi/hossain_forecast_2day_sola_vanuatu_2025-02-26.json", format: "weatherapi/forecast", observations: 1, forecasts: 2 + 48),
        Row(file: "weatherapi/hossain_forecast_5day_regina_2025-02-04.json", format: "weatherapi/forecast", observations: 1, forecasts: 5 + 120),
        // Trimmed by its author: no location block, so no coordinates (the envelope's q=LAT,LON would place it).
        Row(file: "weatherapi/iprak_forecast_1day_aqi_2021-08-28.json", format: nil, reason: .missingField),
        Row(file: "metoffice-datahub/magicmirror_london_daily_2026-02-07.json", format: "metoffice/sitespecific", forecasts: 8 + 16),
        Row(file: "metoffice-datahub/magicmirror_london_hourly_2026-02-07.json", format: "metoffice/sitespecific", forecasts: 49),
        Row(file: "twc-v3/fhem_daily5day_units-s_de-DE_2019-04-19_after3pm.json", format: nil, reason: .missingField),
        Row(file: "twc-v3/openharvest_daily15day_metric_Mchinji-MW_2022-02-20_morning.json", format: nil, reason: .missingField),
        Row(file: "twc-v3/weastcore_observations-current_imperial_2025-10-11.json", format: nil, reason: .missingField),
        Row(file: "accuweather/bieniu_currentconditions_piatek_2023-05-15.json", format: nil, reason: .missingField),
        Row(file: "accuweather/bieniu_daily5day_metric_piatek_2023-05-15.json", format: nil, reason: .missingField),
        Row(file: "accuweather/bieniu_hourly12_metric_piatek_2023-05-15.json", format: nil, reason: .missingField),
        Row(file: "brightsky/iobroker_current_weather_berlin_2025-09-18.json", format: "brightsky/current", observations: 1),
        Row(file: "brightsky/iobroker_weather_24h_berlin_2025-09-18.json", format: "brightsky/weather", forecasts: 24),
        Row(file: "brightsky/iobroker_weather_8days_berlin_2025-09-18.json", format: "brightsky/weather", observations: 14, forecasts: 168),
        Row(file: "meteosource/meteosource-php_point_london_2021-09-08.json", format: "meteosource/point", observations: 1, forecasts: 155 + 30),
        // Personal weather stations: replies without a place are rejects naming the `place` setting.
        Row(file: "wu-pws/scilabs_IHERNE113_current_metric_2020-01-14.json", format: "wu/pws", observations: 1),
        Row(file: "wu-pws/batws_IHORW43_current_imperial_2024-03-28T0902Z.json", format: "wu/pws", observations: 1),
        Row(file: "wu-pws/batws_IHORW43_current_imperial_2024-03-28T0906Z.json", format: "wu/pws", observations: 1),
        Row(file: "ambient/aioambient_v1-devices_2019-01-07.json", format: nil, reason: .missingField),
        Row(file: "ambient/aioambient_v1-devices-mac_history_2019-01-10.json", format: nil, reason: .missingField),
        Row(file: "ambient/heiligers_v1-devices-element_Gilbert-AZ_2020-05-22.json", format: "ambient/devices", observations: 1),
        Row(file: "ecowitt/clazie_real-time_imperial_2022-02-03.json", format: nil, reason: .missingField),
        Row(file: "ecowitt/caelumnigre_history_5min_metric_Warsaw_2024-04-21.json", format: nil, reason: .missingField),
        Row(file: "ecowitt/caelumnigre_device-info_imperial_Warsaw_2024-05-01.json", format: "ecowitt/realtime", observations: 1),
        Row(file: "netatmo/pyatmo_getstationsdata_multi-station_anonymized.json", format: "netatmo/stationsdata", observations: 5),
        Row(file: "netatmo/netatmors_getstationsdata_anonymized_2019-04-28.json", format: "netatmo/stationsdata", observations: 1),
    ]

    @Test func recordedRepliesDecodeWhenPresent() throws {
        guard let root = sharedSamplesIfPresent else {
            print("extended check skipped: ../shared/provider-samples is not beside the repository")
            return
        }
        let files = try jsonFilesByFolder(in: root)
        let rows = Dictionary(uniqueKeysWithValues: Self.table.map { ($0.file, $0) })
        let supported = Set(Self.table.map(Self.folder))
        var checked = 0
        var unlisted: [String] = []
        var unsupported: [String: Int] = [:]
        for file in files {
            guard supported.contains(Self.folder(file)) else { unsupported[Self.folder(file), default: 0] += 1; continue }
            let bytes = try #require(FileManager.default.contents(atPath: root + "/" + file)).map { $0 }
            if let row = rows[file] {
                try ProviderSampleTests.check(row, bytes: bytes)
            } else {
                Self.checkUnlisted(file, bytes)
                unlisted.append(file)
            }
            checked += 1
        }
        let missing = Self.table.map(\.file).filter { !files.contains($0) }
        #expect(checked > 0, "no supported recordings in \(root)")
        print("extended check ran: \(checked) recorded replies in \(root) decoded "
              + "(\(checked - unlisted.count) against the table, \(unlisted.count) unlisted: \(unlisted))")
        if !unsupported.isEmpty {
            let list = unsupported.keys.sorted().map { "\($0)/ (\(unsupported[$0]!) files)" }.joined(separator: ", ")
            print("extended check: not yet supported, not checked: \(list)")
        }
        if !missing.isEmpty { print("extended check: listed but absent: \(missing)") }
    }

    static func folder(_ file: Row) -> String { folder(file.file) }
    static func folder(_ file: String) -> String { String(file.split(separator: "/").first ?? "") }

    /// A recording with no row yet: records, or a reject with a reason and a printable message.
    static func checkUnlisted(_ file: String, _ bytes: [UInt8]) {
        let units: UnitSystem? = file.contains("imperial") ? .imperial : file.contains("metric") ? .metric : nil
        switch DocumentDecoder.decode(bytes, context: DecodeContext(owmUnits: units, sourceName: file)) {
        case .success(let doc): #expect(!doc.format.isEmpty, "\(file)")
        case .failure(let f): #expect(!f.message.isEmpty, "\(file)")
        }
    }
}
