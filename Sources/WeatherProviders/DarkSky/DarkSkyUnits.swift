import WeatherCore

/// Dark Sky's unit systems (`flags.units`; `us` when absent, the API's default).
///
/// us: °F, mph, in/h, in, miles · si: °C, m/s, mm/h, cm, km · ca: as si with km/h wind ·
/// uk2: as si with mph wind and miles. Pressure is hPa in all of them.
/// https://pirateweather.net/en/latest/API/#units (Dark Sky's documented table)
enum DarkSkyUnits: String {
    case us, si, ca, uk2

    /// `flags.units` when the body has it (`flags` may be excluded from a reply), else `us`;
    /// `aliases` are a dialect's own names for these systems (Pirate Weather's `uk`).
    static func resolve(_ body: Field, aliases: [String: DarkSkyUnits] = [:]) throws(DecodeFailure) -> (DarkSkyUnits, UnitsSource) {
        var name = "us"
        var source = UnitsSource.default
        if let flags = try body.optional("flags")?.object(), let u = flags.optional("units") {
            name = try u.string()
            source = .flags
        }
        guard let units = DarkSkyUnits(rawValue: name) ?? aliases[name] else {
            let known = (["us", "si", "ca", "uk2"] + aliases.keys.sorted()).joined(separator: ", ")
            throw DecodeFailure(.unknownFormat, "flags.units '\(Sanitize.printable(name))' is not a Dark Sky unit system (\(known))", fieldPath: "flags.units")
        }
        return (units, source)
    }

    func celsius(_ v: Double) -> Double { self == .us ? Convert.fahrenheitToCelsius(v) : v }

    func metresPerSecond(_ v: Double) -> Double {
        switch self {
        case .us, .uk2: return Convert.mphToMs(v)
        case .si: return v
        case .ca: return Convert.kmhToMs(v)
        }
    }

    /// Rates (`precipIntensity`): in/h or mm/h → mm/h.
    func mmPerHour(_ v: Double) -> Double { self == .us ? Convert.inchesToMm(v) : v }

    /// `precipAccumulation` is snowfall depth: inches or cm → cm.
    func snowCm(_ v: Double) -> Double { self == .us ? Convert.inchesToCm(v) : v }

    func metres(_ v: Double) -> Double {
        switch self {
        case .us, .uk2: return Convert.milesToMetres(v)
        case .si, .ca: return Convert.kmToMetres(v)
        }
    }
}
