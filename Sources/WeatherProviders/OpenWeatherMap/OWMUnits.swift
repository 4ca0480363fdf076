import WeatherCore

/// Which unit system an OpenWeatherMap body is in. The body never says
/// (https://openweathermap.org/current#data): the request's `units=` decided it.
enum OWMUnits {
    /// Envelope URL `units=` wins, then the input's setting, then the API default.
    static func resolve(envelope: Envelope?, context: DecodeContext) -> (UnitSystem, UnitsSource) {
        if let raw = envelope?.query["units"], let u = UnitSystem(rawValue: raw.lowercased()) { return (u, .envelopeURL) }
        // A recorded URL without `units=` proves the API default was in force.
        if envelope?.url != nil { return (.standard, .envelopeURL) }
        if let u = context.settings.units { return (u, .input) }
        return (.standard, .default)
    }

    /// Where the units came from, as the implausible-value messages say it.
    static func describe(_ s: UnitsSource) -> String {
        switch s {
        case .envelopeURL: return "the envelope URL's units="
        case .input: return "the input's units setting"
        case .default: return "the API default; set --units or the pipeline input's \"units\" if the archive used others"
        case .flags, .metadata, .unitsBlock: return "the body"  // never for OWM: its bodies carry no units
        }
    }
}
