import WeatherCore

/// NWS icon codes (the path segment after `day/` or `night/` in an icon URL, such as
/// `…/icons/land/day/snow,70?size=medium`) mapped to the shared vocabulary.
/// Code list: https://api.weather.gov/icons
enum NWSConditions {
    static let table: [String: Condition] = [
        "skc": .clear, "few": .clear, "sct": .partlyCloudy, "bkn": .partlyCloudy, "ovc": .cloudy,
        "wind_skc": .wind, "wind_few": .wind, "wind_sct": .wind, "wind_bkn": .wind, "wind_ovc": .wind,
        "snow": .snow, "blizzard": .snow, "rain_snow": .sleet, "rain_sleet": .sleet, "snow_sleet": .sleet,
        "sleet": .sleet, "fzra": .sleet, "rain_fzra": .sleet, "snow_fzra": .sleet,
        "rain": .rain, "rain_showers": .rain, "rain_showers_hi": .rain,
        "tsra": .thunderstorm, "tsra_sct": .thunderstorm, "tsra_hi": .thunderstorm,
        "tornado": .thunderstorm, "hurricane": .wind, "tropical_storm": .wind,
        "fog": .fog, "haze": .haze, "smoke": .haze, "dust": .haze, "hot": .clear, "cold": .clear,
    ]

    /// The first icon code of an icon URL (a URL may hold two: `snow,50/wind_bkn`).
    static func iconCode(_ url: String) -> String? {
        let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        let parts = path.split(separator: "/")
        guard let i = parts.firstIndex(where: { $0 == "day" || $0 == "night" }), i + 1 < parts.count else { return nil }
        let code = parts[i + 1].split(separator: ",").first.map(String.init) ?? ""
        return code.isEmpty ? nil : code
    }

    /// Condition, raw code (the icon code) and text (`textDescription` or `shortForecast`).
    static func condition(icon: String?, text: String?) -> (Condition?, String?, String?) {
        let code = icon.flatMap(iconCode)
        let condition = code.map { table[$0] ?? .other }
        return (condition, code, text.flatMap { $0.isEmpty ? nil : $0 })
    }
}
