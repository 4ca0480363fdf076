import Testing
import WeatherCore
@testable import WeatherProviders

/// Each provider's condition-code table (kept beside its decoder) maps into the one shared
/// vocabulary; unknown codes become `other`, never a guess.
struct ConditionTableTests {
    @Test func openWeatherMapIds() {
        #expect(Condition.fromOpenWeatherMap(id: 211) == .thunderstorm)
        #expect(Condition.fromOpenWeatherMap(id: 301) == .drizzle)
        #expect(Condition.fromOpenWeatherMap(id: 501) == .rain)
        #expect(Condition.fromOpenWeatherMap(id: 511) == .sleet)
        #expect(Condition.fromOpenWeatherMap(id: 601) == .snow)
        #expect(Condition.fromOpenWeatherMap(id: 741) == .fog)
        #expect(Condition.fromOpenWeatherMap(id: 721) == .haze)
        #expect(Condition.fromOpenWeatherMap(id: 781) == .wind)
        #expect(Condition.fromOpenWeatherMap(id: 800) == .clear)
        #expect(Condition.fromOpenWeatherMap(id: 802) == .partlyCloudy)
        #expect(Condition.fromOpenWeatherMap(id: 804) == .cloudy)
        #expect(Condition.fromOpenWeatherMap(id: 0) == .other)
    }

    @Test func darkSkyIcons() {
        #expect(Condition.fromDarkSky(icon: "clear-night") == .clear)
        #expect(Condition.fromDarkSky(icon: "partly-cloudy-day") == .partlyCloudy)
        #expect(Condition.fromDarkSky(icon: "hail") == .sleet)
        #expect(Condition.fromDarkSky(icon: "tornado") == .thunderstorm)
        #expect(Condition.fromDarkSky(icon: "wind") == .wind)
        #expect(Condition.fromDarkSky(icon: "mist") == .other)
    }

    @Test func weatherKitCodes() {
        #expect(Condition.fromWeatherKit(code: "MostlyClear") == .clear)
        #expect(Condition.fromWeatherKit(code: "Smoky") == .haze)
        #expect(Condition.fromWeatherKit(code: "FreezingDrizzle") == .drizzle)
        #expect(Condition.fromWeatherKit(code: "WintryMix") == .sleet)
        #expect(Condition.fromWeatherKit(code: "StrongStorms") == .thunderstorm)
        #expect(Condition.fromWeatherKit(code: "clear") == .other)  // codes are case-sensitive
    }

    @Test func wmoCodes() {
        #expect(Condition.fromWMO(code: 1) == .clear)
        #expect(Condition.fromWMO(code: 2) == .partlyCloudy)
        #expect(Condition.fromWMO(code: 48) == .fog)
        #expect(Condition.fromWMO(code: 57) == .sleet)
        #expect(Condition.fromWMO(code: 82) == .rain)
        #expect(Condition.fromWMO(code: 86) == .snow)
        #expect(Condition.fromWMO(code: 99) == .thunderstorm)
        #expect(Condition.fromWMO(code: 4) == .other)
    }
}
