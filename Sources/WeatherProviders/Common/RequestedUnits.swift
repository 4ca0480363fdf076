import WeatherCore

/// A provider's unit systems, chosen by a request parameter its replies do not echo (Tomorrow.io
/// `units`, Visual Crossing `unitGroup`, Weatherbit, Meteosource, The Weather Company, Bright
/// Sky). One rule for all of them: the envelope URL's parameter when the collector recorded the
/// URL, else the input's `units` setting, else the API's documented default — and the rule's
/// answer is said in a warning (`assumption`), so a wrong guess is visible, not silent.
protocol RequestedUnits: RawRepresentable<String> {
    /// The provider's name in messages ("Tomorrow.io").
    static var providerName: String { get }
    /// The request parameter (`units`, `unitGroup`), matched without regard to case.
    static var parameter: String { get }
    /// The values the parameter takes, for the message when it has another.
    static var choices: String { get }
    /// What the API uses when the parameter is not sent.
    static var apiDefault: Self { get }
    /// True when a recorded URL without the parameter means the API default was in force; false
    /// when such a URL says nothing (the parameter may have been sent another way).
    static var urlWithoutParameterIsDefault: Bool { get }
    /// What to set when the default was wrong, for the warning ("set --units imperial … units=I").
    static var defaultHint: String { get }
    /// The word in the warning: "units" or "unit group".
    static var noun: String { get }

    /// A value of the parameter that leaves the choice to the API (Meteosource's `auto`): read as
    /// if the URL did not have it.
    static func leavesChoiceToAPI(_ value: String) -> Bool

    /// The system a value of the parameter names (nil: not one of `choices`).
    init?(requested: String)
    /// The system the input's `units` setting stands for; throws where the provider has none.
    static func forSetting(_ units: UnitSystem) throws(DecodeFailure) -> Self
}

extension RequestedUnits {
    static var urlWithoutParameterIsDefault: Bool { true }
    static var noun: String { "units" }
    static func leavesChoiceToAPI(_ value: String) -> Bool { false }

    /// The system in force for one reply, and where that came from.
    static func resolve(envelope: Envelope?, context: DecodeContext) throws(DecodeFailure) -> (Self, UnitsSource) {
        if let url = envelope?.url {
            if let raw = envelope?.query.first(where: { $0.key.lowercased() == parameter.lowercased() })?.value,
               !leavesChoiceToAPI(raw) {
                guard let units = Self(requested: raw) else {
                    throw DecodeFailure(.unknownFormat, "the envelope URL's \(parameter) '\(Sanitize.printable(raw))' is not a \(providerName) "
                                        + "\(noun == "units" ? "unit system" : noun) (\(choices)): \(Sanitize.printable(String(url.prefix(80))))",
                                        fieldPath: "url")
                }
                return (units, .envelopeURL)
            }
            if urlWithoutParameterIsDefault && envelope?.query.keys.contains(where: { $0.lowercased() == parameter.lowercased() }) != true {
                return (apiDefault, .envelopeURL)
            }
        }
        if let units = context.settings.units { return (try forSetting(units), .input) }
        return (apiDefault, .default)
    }

    /// "units assumed: metric, from the API default; set …": the warning of every reply read.
    func assumption(_ source: UnitsSource) -> String {
        let origin: String
        switch source {
        case .metadata: origin = "the reply's \(Self.parameter)"
        case .envelopeURL: origin = "the envelope URL's \(Self.parameter)="
        case .input: origin = "the input's units setting"
        default: origin = Self.defaultHint
        }
        return "\(Self.noun) assumed: \(rawValue), from \(origin)"
    }
}
