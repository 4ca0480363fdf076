import WeatherCore

/// Bright Sky's unit systems (the `units` request parameter), which replies never echo
/// (https://brightsky.dev/docs, `units`): `dwd` (the default: °C, hPa, km/h, mm, visibility m)
/// or `si` (K, Pa, m/s, mm, visibility m). Humidity, cloud cover and probabilities are 0–100 in
/// both.
enum BrightSkyUnits: String {
    case dwd, si

    /// The envelope URL's `units=` (a recorded URL without it means the default, dwd, was in
    /// force), else the input's `units` (metric → dwd, standard → si; Bright Sky has no
    /// imperial units), else dwd.
    static func resolve(envelope: Envelope?, context: DecodeContext) throws(DecodeFailure) -> (BrightSkyUnits, UnitsSource) {
        if let url = envelope?.url {
            guard let raw = envelope?.query["units"] else { return (.dwd, .envelopeURL) }
            guard let units = BrightSkyUnits(rawValue: raw.lowercased()) else {
                throw DecodeFailure(.unknownFormat, "the envelope URL's units '\(Sanitize.printable(raw))' is not a Bright Sky unit system "
                                    + "(dwd, si): \(Sanitize.printable(String(url.prefix(80))))", fieldPath: "url")
            }
            return (units, .envelopeURL)
        }
        switch context.settings.units {
        case .metric?: return (.dwd, .input)
        case .standard?: return (.si, .input)
        case .imperial?:
            throw DecodeFailure(.unknownFormat, "Bright Sky has no imperial units (units=dwd or si): the input's units setting 'imperial' cannot apply")
        case nil: return (.dwd, .default)
        }
    }

    func assumption(_ source: UnitsSource) -> String {
        let origin: String
        switch source {
        case .envelopeURL: origin = "the envelope URL's units="
        case .input: origin = "the input's units setting"
        default: origin = "the API default; set --units standard (or the pipeline input's \"units\") if the archive used units=si"
        }
        return "units assumed: \(rawValue), from \(origin)"
    }

    func celsius(_ v: Double) -> Double { self == .si ? v - UnitFactor.kelvinOffset : v }
    func metresPerSecond(_ v: Double) -> Double { self == .si ? v : Convert.kmhToMs(v) }
    func hectopascals(_ v: Double) -> Double { self == .si ? Convert.paToHPa(v) : v }
}
