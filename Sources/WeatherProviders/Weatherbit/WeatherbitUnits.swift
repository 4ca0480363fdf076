import WeatherCore

/// Weatherbit v2.0's unit systems (the `units` request parameter), which replies never echo:
/// `M` (the default: °C, m/s, mm, km), `S` (scientific: K, m/s, mm, km) or `I` (°F, mph, in, mi).
/// Pressure is mb (= hPa), humidity, clouds and `pop` 0–100 in all of them.
/// https://www.weatherbit.io/api/requests (units)
enum WeatherbitUnits: String {
    case metric = "M", scientific = "S", imperial = "I"

    /// The envelope URL's `units=` (a recorded URL without it means the default, M, was in
    /// force), else the input's `units` (metric → M, standard → S, imperial → I), else M.
    static func resolve(envelope: Envelope?, context: DecodeContext) throws(DecodeFailure) -> (WeatherbitUnits, UnitsSource) {
        if let url = envelope?.url {
            guard let raw = envelope?.query["units"] else { return (.metric, .envelopeURL) }
            guard let units = WeatherbitUnits(rawValue: raw.uppercased()) else {
                throw DecodeFailure(.unknownFormat, "the envelope URL's units '\(Sanitize.printable(raw))' is not a Weatherbit unit system "
                                    + "(M, S, I): \(Sanitize.printable(String(url.prefix(80))))", fieldPath: "url")
            }
            return (units, .envelopeURL)
        }
        switch context.settings.units {
        case .metric?: return (.metric, .input)
        case .standard?: return (.scientific, .input)
        case .imperial?: return (.imperial, .input)
        case nil: return (.metric, .default)
        }
    }

    func assumption(_ source: UnitsSource) -> String {
        let origin: String
        switch source {
        case .envelopeURL: origin = "the envelope URL's units="
        case .input: origin = "the input's units setting"
        default: origin = "the API default; set --units imperial (or the pipeline input's \"units\") if the archive used units=I"
        }
        return "units assumed: \(rawValue), from \(origin)"
    }

    func celsius(_ v: Double) -> Double {
        switch self {
        case .metric: return v
        case .scientific: return v - UnitFactor.kelvinOffset
        case .imperial: return Convert.fahrenheitToCelsius(v)
        }
    }

    func metresPerSecond(_ v: Double) -> Double { self == .imperial ? Convert.mphToMs(v) : v }
    /// `precip` (amounts, and the current rate per hour): in → mm.
    func millimetres(_ v: Double) -> Double { self == .imperial ? Convert.inchesToMm(v) : v }
    /// Daily `snow` (snowfall): mm or in → cm.
    func snowCentimetres(_ v: Double) -> Double { self == .imperial ? Convert.inchesToCm(v) : Convert.mmToCm(v) }
    func metres(_ v: Double) -> Double { self == .imperial ? Convert.milesToMetres(v) : Convert.kmToMetres(v) }
}
