import WeatherCore

/// Meteosource's unit systems (the `units` request parameter, https://www.meteosource.com/documentation):
/// `metric` (°C, m/s, mm, km, hPa), `us` (°F, mph, in, mi), `uk` (metric with mph and miles),
/// `ca` (metric with km/h) and `auto` (the default: one of those by the point's country).
/// Pressure is hPa in all of them as far as the replies show; the recorded replies are all
/// metric, so the other systems follow the documentation only.
enum MeteosourceUnits: String {
    case metric, us, uk, ca

    /// The reply's own `units` when it echoes one; else the envelope URL's `units=` (a recorded
    /// URL without it asked for `auto`); else the input's `units` (imperial → us, metric and
    /// standard → metric); else metric, the system `auto` gives outside the US, the UK and
    /// Canada, marked as the default so the assumption is visible.
    static func resolve(body: String?, envelope: Envelope?, context: DecodeContext) throws(DecodeFailure) -> (MeteosourceUnits, UnitsSource) {
        if let body, let units = MeteosourceUnits(rawValue: body.lowercased()) { return (units, .metadata) }
        if let url = envelope?.url, let raw = envelope?.query["units"], raw.lowercased() != "auto" {
            guard let units = MeteosourceUnits(rawValue: raw.lowercased()) else {
                throw DecodeFailure(.unknownFormat, "the envelope URL's units '\(Sanitize.printable(raw))' is not a Meteosource unit system "
                                    + "(auto, metric, us, uk, ca): \(Sanitize.printable(String(url.prefix(80))))", fieldPath: "url")
            }
            return (units, .envelopeURL)
        }
        switch context.settings.units {
        case .imperial?: return (.us, .input)
        case .metric?, .standard?: return (.metric, .input)
        case nil: return (.metric, .default)
        }
    }

    func assumption(_ source: UnitsSource) -> String {
        let origin: String
        switch source {
        case .metadata: origin = "the reply's units"
        case .envelopeURL: origin = "the envelope URL's units="
        case .input: origin = "the input's units setting"
        default: origin = "the API default (auto, metric outside the US, UK and Canada); set --units imperial if the archive used units=us"
        }
        return "units assumed: \(rawValue), from \(origin)"
    }

    func celsius(_ v: Double) -> Double { self == .us ? Convert.fahrenheitToCelsius(v) : v }

    func metresPerSecond(_ v: Double) -> Double {
        switch self {
        case .metric: return v
        case .us, .uk: return Convert.mphToMs(v)
        case .ca: return Convert.kmhToMs(v)
        }
    }

    func millimetres(_ v: Double) -> Double { self == .us ? Convert.inchesToMm(v) : v }
    func metres(_ v: Double) -> Double { self == .us || self == .uk ? Convert.milesToMetres(v) : Convert.kmToMetres(v) }
}
