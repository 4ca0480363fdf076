import WeatherCore

/// Visual Crossing's unit groups (the `unitGroup` request parameter), which replies never echo
/// (https://www.visualcrossing.com/resources/documentation/weather-api/unit-groups-and-measurement-units/):
///
/// us (the default): °F, mph, in (precipitation and snow), miles · metric: °C, km/h, mm, cm of
/// snow, km · uk: °C, mph, mm, cm of snow, miles · base: K, m/s, mm, cm of snow, km. Pressure is
/// mb (= hPa) in all of them; humidity, cloud cover and `precipprob` are 0–100.
enum VisualCrossingUnits: String {
    case us, metric, uk, base

    /// The envelope URL's `unitGroup=` (a recorded URL without it means the default, `us`, was in
    /// force), else the input's `units` (metric → metric, imperial → us, standard → base: Kelvin
    /// like OpenWeatherMap's standard), else the API default `us`.
    static func resolve(envelope: Envelope?, context: DecodeContext) throws(DecodeFailure) -> (VisualCrossingUnits, UnitsSource) {
        if let url = envelope?.url {
            guard let raw = envelope?.query.first(where: { $0.key.lowercased() == "unitgroup" })?.value else { return (.us, .envelopeURL) }
            guard let units = VisualCrossingUnits(rawValue: raw.lowercased()) else {
                throw DecodeFailure(.unknownFormat, "the envelope URL's unitGroup '\(Sanitize.printable(raw))' is not a Visual Crossing unit group "
                                    + "(us, metric, uk, base): \(Sanitize.printable(String(url.prefix(80))))", fieldPath: "url")
            }
            return (units, .envelopeURL)
        }
        switch context.settings.units {
        case .metric?: return (.metric, .input)
        case .imperial?: return (.us, .input)
        case .standard?: return (.base, .input)
        case nil: return (.us, .default)
        }
    }

    /// Where the units came from, as implausible-value messages say it.
    func assumption(_ source: UnitsSource) -> String {
        let origin: String
        switch source {
        case .envelopeURL: origin = "the envelope URL's unitGroup="
        case .input: origin = "the input's units setting"
        default: origin = "the API default; set --units metric (or the pipeline input's \"units\") if the archive used unitGroup=metric"
        }
        return "unit group assumed: \(rawValue), from \(origin)"
    }

    func celsius(_ v: Double) -> Double {
        switch self {
        case .us: return Convert.fahrenheitToCelsius(v)
        case .metric, .uk: return v
        case .base: return v - UnitFactor.kelvinOffset
        }
    }

    func metresPerSecond(_ v: Double) -> Double {
        switch self {
        case .us, .uk: return Convert.mphToMs(v)
        case .metric: return Convert.kmhToMs(v)
        case .base: return v
        }
    }

    /// `precip`: inches or mm → mm.
    func millimetres(_ v: Double) -> Double { self == .us ? Convert.inchesToMm(v) : v }

    /// `snow` (snowfall depth): inches or cm → cm.
    func centimetres(_ v: Double) -> Double { self == .us ? Convert.inchesToCm(v) : v }

    /// `visibility`: miles or km → m.
    func metres(_ v: Double) -> Double {
        switch self {
        case .us, .uk: return Convert.milesToMetres(v)
        case .metric, .base: return Convert.kmToMetres(v)
        }
    }
}
