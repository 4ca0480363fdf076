import WeatherCore

/// METAR present-weather groups (`wxString` such as `-RA BR`, `+TSRA`, `VCSH`) and sky cover
/// mapped to the shared vocabulary. Groups: WMO Manual on Codes, FM 15 METAR (as in FAA Order JO 7900.5).
enum METARConditions {
    static let cover: [String: Condition] = [
        "CLR": .clear, "SKC": .clear, "CAVOK": .clear, "NSC": .clear, "NCD": .clear, "FEW": .clear,
        "SCT": .partlyCloudy, "BKN": .partlyCloudy, "OVC": .cloudy, "OVX": .fog,
    ]

    /// The most significant weather in all groups: thunder, then frozen or mixed precipitation,
    /// snow, rain, drizzle, obscurations, wind phenomena. `FZ` makes rain or drizzle freezing
    /// (sleet here) but freezing fog is fog.
    static func condition(weather: String) -> Condition {
        // Groups are two-letter codes after an intensity (`-`, `+`) or `VC` (in the vicinity).
        let codes = Set(weather.split(separator: " ").flatMap { g -> [String] in
            var s = Substring(g)
            while s.first == "-" || s.first == "+" { s = s.dropFirst() }
            if s.hasPrefix("VC") { s = s.dropFirst(2) }
            return twoLetterCodes(s)
        })
        func any(_ list: String...) -> Bool { list.contains(where: codes.contains) }
        if any("TS") { return .thunderstorm }
        if any("PL", "GR", "GS") || (any("FZ") && any("RA", "DZ")) || (any("SN", "SG") && any("RA", "DZ")) { return .sleet }
        if any("SN", "SG", "IC") { return .snow }
        if any("RA", "SH", "UP") { return .rain }
        if any("DZ") { return .drizzle }
        if any("FG", "BR") { return .fog }
        if any("HZ", "FU", "DU", "SA", "VA") { return .haze }
        if any("FC", "SQ", "PO", "SS", "DS") { return .wind }
        return .other
    }

    /// `TSRA` → [TS, RA]; `SHRASN` → [SH, RA, SN].
    static func twoLetterCodes(_ group: Substring) -> [String] {
        let chars = Array(group)
        return stride(from: 0, to: chars.count - 1, by: 2).map { String(chars[$0...$0 + 1]) }
    }
}
