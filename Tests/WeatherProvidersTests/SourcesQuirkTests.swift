import Foundation
import Testing
import WeatherCore
@testable import WeatherProviders
import WeatherJSON

/// Quirks listed in Fixtures/providers/SOURCES.md that other tests do not already pin down,
/// each named by its number there.
struct SourcesQuirkTests {
    @Test func quirk2VisibilityIsAlwaysMetres() throws {
        let o = try #require(try decodeSample("owm-current/newyork-zip-standard-no-wind-deg-id0-2020-owrc.json").observations.first)
        #expect(o.visibilityM == 16093)   // 10 miles, already in metres
        #expect(o.windDirDeg == nil)      // quirk 4: wind.deg missing is missing, not 0
    }

    @Test func quirk6ARainConditionWithoutARainObjectIsZeroRain() throws {
        let o = try #require(try decodeSample("owm-current/moscow-metric-lang-fr-2020-owrc.json", units: .metric).observations.first)
        #expect(o.conditionCode == "520" && o.condition == .rain)
        #expect(o.precipMm == 0 && o.precipWindowH == 1)
    }

    @Test func quirk7LocalisedNamesAreLabelsOnly() throws {
        let ru = try #require(try decodeSample("owm-current/moscow-imperial-lang-ru-2020-owrc.json", units: .imperial).observations.first)
        let fr = try #require(try decodeSample("owm-current/moscow-metric-lang-fr-2020-owrc.json", units: .metric).observations.first)
        #expect(ru.placeName == "Москва" && fr.placeName == "Moscou")
        var registry = LocationRegistry()
        let a = registry.resolve(latitude: ru.latitude, longitude: ru.longitude, name: ru.placeName)
        let b = registry.resolve(latitude: fr.latitude, longitude: fr.longitude, name: fr.placeName)
        #expect(a.id == b.id)  // one place, whatever its name
    }

    @Test func quirk11MinutelyHas60Or61Points() throws {
        let paradise = try decodeSample("owm-onecall/onecall25-paradise-valley-az-standard-alerts-2023-owrc.json")
        #expect(paradise.forecasts.filter { $0.period == .minute }.count == 60)
        let chicago = try decodeSample("darksky/us-chicago-forecast-2014-fcpp.json")
        #expect(chicago.forecasts.filter { $0.period == .minute }.count == 61)
    }

    @Test func quirk16FloatOffsetAndQuirk19CalendarDayExtremes() throws {
        let doc = try decodeSample("darksky/pirateweather-us-nyc-forecast-2023-godarksky.json")
        #expect(doc.observations.first?.utcOffsetSeconds == -18000)  // `offset: -5.0`
        let vienna = try decodeSample("darksky/si-vienna-at-lang-de-forecast-2020-wxpipe.json")
        let day = try #require(vienna.forecasts.first { $0.period == .day })
        let raw = try JSONDocument(parsing: try sample("darksky/si-vienna-at-lang-de-forecast-2020-wxpipe.json")).root["daily"]?["data"]?.elements.first
        #expect(raw?["temperatureMax"]?.number != raw?["temperatureHigh"]?.number)
        #expect(day.tempMaxC == raw?["temperatureMax"]?.number)   // not temperatureHigh
        #expect(day.tempMinC == raw?["temperatureMin"]?.number)
    }

    @Test func quirk22BrokenSummariesAreKeptAsText() throws {
        let doc = try decodeSample("darksky/us-buffalo-blocks-without-data-2016-darkskycore.json")
        #expect(doc.observations.count == 1)  // the mojibake (U+FFFD) in a block summary harms nothing
    }

    @Test func quirk26HoursBeforeTheReadTimeHaveNegativeLeads() throws {
        let doc = try decodeSample("weatherkit/gowk-nyc-full-weather-metric.json")
        let hours = doc.forecasts.filter { $0.period == .hour }
        #expect(hours.contains { $0.leadHours < 0 } && hours.contains { $0.leadHours > 0 })
    }

    @Test func quirk29GMTIsNotAZoneOfThePlace() throws {
        let doc = try decodeSample("open-meteo/forecast-osaka-legacy-current_weather-hourly-2024-wxpipe.json")
        #expect(doc.places.first?.timeZone == nil && doc.places.first?.utcOffsetSeconds == 0)
    }

    @Test func quirk32And34IntegerElevationAndEscapedUnits() throws {
        // `elevation: 11` (an integer) and `"\u00b0C"` written as an escape both decode.
        let doc = try decodeSample("open-meteo/forecast-amsterdam-trimmed-1step-openmeteophp.json")
        let hourly = try #require(doc.forecasts.first { $0.period == .hour })
        #expect(hourly.tempC == 21.2 && hourly.windSpeedMs == 3.5)  // 12.6 km/h
    }
}
