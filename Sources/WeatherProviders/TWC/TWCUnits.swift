import WeatherCore

/// The Weather Company v3's unit systems (the `units` request parameter, never echoed):
/// `e` (English: °F, mph, in, mi), `m` (metric: °C, km/h, mm, snow cm, km), `h` (UK hybrid: °C,
/// mph, mm, km) and `s` (metric SI: as `m` with m/s wind). `pressureMeanSeaLevel` is mb in all,
/// humidity, cloud cover and `precipChance` are 0–100.
/// https://www.ibm.com/docs/en/environmental-intel-suite?topic=fa-intraday-forecast-3-day-5-day-7-day-10-day (units)
enum TWCUnits: String {
    case english = "e", metric = "m", hybrid = "h", si = "s"

    /// The envelope URL's `units=`, else the input's `units` (imperial → e, metric → m,
    /// standard → s), else `e`: `units` is a required parameter with no default, and `e` is the
    /// one the API's documentation uses in every example request.
    static func resolve(envelope: Envelope?, context: DecodeContext) throws(DecodeFailure) -> (TWCUnits, UnitsSource) {
        if let url = envelope?.url, let raw = envelope?.query["units"] {
            guard let units = TWCUnits(rawValue: raw.lowercased()) else {
                throw DecodeFailure(.unknownFormat, "the envelope URL's units '\(Sanitize.printable(raw))' is not a Weather Company unit system "
                                    + "(e, m, h, s): \(Sanitize.printable(String(url.prefix(80))))", fieldPath: "url")
            }
            return (units, .envelopeURL)
        }
        switch context.settings.units {
        case .imperial?: return (.english, .input)
        case .metric?: return (.metric, .input)
        case .standard?: return (.si, .input)
        case nil: return (.english, .default)
        }
    }

    func assumption(_ source: UnitsSource) -> String {
        let origin: String
        switch source {
        case .envelopeURL: origin = "the envelope URL's units="
        case .input: origin = "the input's units setting"
        default: origin = "no units= known; set --units metric (m) or standard (s) if the archive used them"
        }
        return "units assumed: \(rawValue), from \(origin)"
    }

    func celsius(_ v: Double) -> Double { self == .english ? Convert.fahrenheitToCelsius(v) : v }

    func metresPerSecond(_ v: Double) -> Double {
        switch self {
        case .english, .hybrid: return Convert.mphToMs(v)
        case .metric: return Convert.kmhToMs(v)
        case .si: return v
        }
    }

    /// `qpf`, `precip1Hour`: in or mm.
    func millimetres(_ v: Double) -> Double { self == .english ? Convert.inchesToMm(v) : v }
    /// `qpfSnow`: in or cm.
    func snowCentimetres(_ v: Double) -> Double { self == .english ? Convert.inchesToCm(v) : v }
    /// `visibility`: mi or km.
    func metres(_ v: Double) -> Double { self == .english ? Convert.milesToMetres(v) : Convert.kmToMetres(v) }
}
