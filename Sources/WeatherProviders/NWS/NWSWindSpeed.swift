import WeatherCore

/// The wind-speed strings of NWS forecast periods: `"0 mph"`, `"5 mph"`, `"0 to 5 mph"`,
/// `"4 km/h"`, `"37 to 48 km/h"` (grammar `^(\d+)( to (\d+))? (mph|km/h)$`). Hourly periods
/// always hold a single value; `"0 mph"` is a real value (calm), not a missing one.
enum NWSWindSpeed {
    /// Lower (or only) speed and the upper bound of a range, in m/s; nil when the text does not
    /// follow the grammar (the caller leaves wind missing and warns).
    static func parse(_ text: String) -> (speedMs: Double, maxMs: Double?)? {
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        let convert: (Double) -> Double
        switch words.last {
        case "mph": convert = Convert.mphToMs
        case "km/h": convert = Convert.kmhToMs
        default: return nil
        }
        switch words.count {
        case 2:
            guard let v = integer(words[0]) else { return nil }
            return (convert(v), nil)
        case 4:
            guard words[1] == "to", let low = integer(words[0]), let high = integer(words[2]), low <= high else { return nil }
            return (convert(low), convert(high))
        default:
            return nil
        }
    }

    /// A run of ASCII digits (no sign, no decimals: the grammar has none).
    static func integer(_ word: Substring) -> Double? {
        guard !word.isEmpty, word.count <= 4, word.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Double(word)
    }
}
