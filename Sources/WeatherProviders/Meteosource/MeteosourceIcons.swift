import WeatherCore

extension Condition {
    /// Maps a Meteosource icon number (`icon`, `icon_num` in `current`; 1–36, the table of the
    /// vendor's SDK, pymeteosource `types/icons.py`): 2 and 26 sunny/clear, 3–4 and 27–28 mostly or
    /// partly sunny/clear, 5–8 and 29–31 mostly cloudy to overcast, 9 fog, 10–13 and 32 rain,
    /// 14–15 and 33 thunderstorms, 16–19 and 34 snow, 20–25, 35 and 36 rain and snow, freezing
    /// rain and hail; 1 "not available" is no condition.
    static func fromMeteosource(icon: Int) -> Condition? {
        switch icon {
        case 1: return nil
        case 2, 26: return .clear
        case 3, 4, 27, 28: return .partlyCloudy
        case 5, 6, 7, 8, 29, 30, 31: return .cloudy
        case 9: return .fog
        case 10, 11, 12, 13, 32: return .rain
        case 14, 15, 33: return .thunderstorm
        case 16, 17, 18, 19, 34: return .snow
        case 20, 21, 22, 23, 24, 25, 35, 36: return .sleet
        default: return .other
        }
    }
}
