import WeatherCore

extension Condition {
    /// Maps a Weather Company `iconCode` (0–47): 0–4, 37, 38, 47 thunder and storms, 5–7, 10, 17,
    /// 18, 35 mixed and frozen precipitation, 8–9 drizzle, 11, 12, 39, 40, 45 rain, 13–16, 41–43,
    /// 46 snow, 19, 21, 22 dust, haze and smoke, 20 fog, 23–24 wind, 26–28 cloudy, 29–30 partly
    /// cloudy, 31–34 and 36 clear. The phrases (`wxPhraseLong`) follow `language=` and are kept
    /// as text only, never parsed.
    /// https://developer.weather.com/docs/icon-codes
    static func fromTWC(iconCode: Int) -> Condition {
        switch iconCode {
        case 0...4, 37, 38, 47: return .thunderstorm
        case 5, 6, 7, 10, 17, 18, 35: return .sleet
        case 8, 9: return .drizzle
        case 11, 12, 39, 40, 45: return .rain
        case 13...16, 41, 42, 43, 46: return .snow
        case 19, 21, 22: return .haze
        case 20: return .fog
        case 23, 24: return .wind
        case 26, 27, 28: return .cloudy
        case 29, 30: return .partlyCloudy
        case 31...34, 36: return .clear
        default: return .other
        }
    }
}
