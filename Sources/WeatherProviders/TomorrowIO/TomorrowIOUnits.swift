import WeatherCore

/// Tomorrow.io v4's unit systems (the `units` request parameter), which replies never echo
/// (https://docs.tomorrow.io/reference/data-layers-overview): metric (the default: °C, m/s, mm,
/// mm/h, km, hPa) or imperial (°F, mph, in, in/h, mi, inHg). Humidity, cloud cover and
/// precipitation probability are 0–100 in both.
enum TomorrowIOUnits: String {
    case metric, imperial

    /// The envelope URL's `units=` (a recorded URL without it means the default, metric, was in
    /// force), else the input's `units` (imperial → imperial; metric, and OpenWeatherMap's
    /// standard, which Tomorrow.io does not have → metric), else the API default, metric.
    static func resolve(envelope: Envelope?, context: DecodeContext) throws(DecodeFailure) -> (TomorrowIOUnits, UnitsSource) {
        if let url = envelope?.url {
            guard let raw = envelope?.query["units"] else { return (.metric, .envelopeURL) }
            guard let units = TomorrowIOUnits(rawValue: raw.lowercased()) else {
                throw DecodeFailure(.unknownFormat, "the envelope URL's units '\(Sanitize.printable(raw))' is not a Tomorrow.io unit system "
                                    + "(metric, imperial): \(Sanitize.printable(String(url.prefix(80))))", fieldPath: "url")
            }
            return (units, .envelopeURL)
        }
        switch context.settings.units {
        case .imperial?: return (.imperial, .input)
        case .metric?, .standard?: return (.metric, .input)
        case nil: return (.metric, .default)
        }
    }

    func assumption(_ source: UnitsSource) -> String {
        let origin: String
        switch source {
        case .envelopeURL: origin = "the envelope URL's units="
        case .input: origin = "the input's units setting"
        default: origin = "the API default; set --units imperial (or the pipeline input's \"units\") if the archive used units=imperial"
        }
        return "units assumed: \(rawValue), from \(origin)"
    }

    func celsius(_ v: Double) -> Double { self == .imperial ? Convert.fahrenheitToCelsius(v) : v }
    func metresPerSecond(_ v: Double) -> Double { self == .imperial ? Convert.mphToMs(v) : v }
    /// Amounts and rates: in or in/h → mm or mm/h.
    func millimetres(_ v: Double) -> Double { self == .imperial ? Convert.inchesToMm(v) : v }
    /// `snowAccumulation` is snow depth: in or mm → cm.
    func snowCentimetres(_ v: Double) -> Double { self == .imperial ? Convert.inchesToCm(v) : Convert.mmToCm(v) }
    func metres(_ v: Double) -> Double { self == .imperial ? Convert.milesToMetres(v) : Convert.kmToMetres(v) }
    func hectopascals(_ v: Double) -> Double { self == .imperial ? Convert.inHgToHPa(v) : v }
}
