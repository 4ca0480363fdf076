import WeatherCore

/// METAR present-weather groups (`wxString` such as `-RA BR`, `+TSRA`, `VCSH`) and sky cover
/// mapped to the shared vocabulary. Groups: WMO Manual on Codes, FM 15 METAR (as in FAA Order JO 7900.5).
enum METARConditions {
    /// Phenomena in order of precedence: the first found in any group wins.
    static let phenomena: [(code: String, condition: Condition)] = [
        ("TS", .thunderstorm), ("FC", .wind), ("SQ", .wind), ("PL", .sleet), ("GR", .sleet), ("GS", .sleet),
        ("FZ", .sleet), ("SN", .snow), ("SG", .snow), ("IC", .snow), ("RA", .rain), ("SH", .rain), ("UP", .rain),
        ("DZ", .drizzle), ("FG", .fog), ("BR", .fog), ("HZ", .haze), ("FU", .haze), ("DU", .haze), ("SA", .haze),
        ("VA", .haze), ("PO", .wind), ("SS", .wind), ("DS", .wind),
    ]

    static let cover: [String: Condition] = [
        "CLR": .clear, "SKC": .clear, "CAVOK": .clear, "NSC": .clear, "NCD": .clear, "FEW": .clear,
        "SCT": .partlyCloudy, "BKN": .partlyCloudy, "OVC": .cloudy, "OVX": .fog,
    ]

    static func condition(weather: String) -> Condition {
        // Groups are two-letter codes after an intensity (`-`, `+`) or `VC` (in the vicinity).
        let groups = weather.split(separator: " ").map { g in
            var s = Substring(g)
            while s.first == "-" || s.first == "+" { s = s.dropFirst() }
            if s.hasPrefix("VC") { s = s.dropFirst(2) }
            return s
        }
        for (code, condition) in phenomena where groups.contains(where: { twoLetterCodes($0).contains(code) }) {
            return condition
        }
        return .other
    }

    /// `TSRA` → [TS, RA]; `SHRASN` → [SH, RA, SN].
    static func twoLetterCodes(_ group: Substring) -> [String] {
        let chars = Array(group)
        return stride(from: 0, to: chars.count - 1, by: 2).map { String(chars[$0...$0 + 1]) }
    }
}
