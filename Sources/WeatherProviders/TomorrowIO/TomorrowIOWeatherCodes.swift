import WeatherCore

extension Condition {
    /// Maps a Tomorrow.io `weatherCode` (https://docs.tomorrow.io/reference/data-layers-weather-codes):
    /// four digits (`1000` clear, `4001` rain …) or the five-digit day/night variants
    /// (`10000`, `42000` …), read by their four leading digits, then by their class digit.
    static func fromTomorrowIO(code: Int) -> Condition {
        let four = code >= 10000 ? code / 10 : code
        switch four {
        case 1000, 1100: return .clear
        case 1101: return .partlyCloudy
        case 1102, 1001: return .cloudy
        case 2000, 2100: return .fog
        case 4000: return .drizzle
        case 6000, 6001, 6200, 6201, 7000, 7101, 7102: return .sleet
        case 8000: return .thunderstorm
        default: break
        }
        switch four / 1000 {
        case 1: return .cloudy
        case 2: return .fog
        case 4: return .rain
        case 5: return .snow
        case 6, 7: return .sleet
        case 8: return .thunderstorm
        default: return .other
        }
    }
}
