import WeatherCore

/// What a quantitative value of api.weather.gov measures: each has one canonical unit here.
enum NWSDimension: String, Sendable {
    case temperature, speed, pressure, length, precipitation, percent, angle

    /// Canonical value for a raw value in `code` (the `unit:`/`wmoUnit:` prefix stripped), or nil
    /// when the code is not one of this dimension's units. Only codes seen in recorded replies are
    /// known (docs/PROVIDERS.md, NWS): any other code leaves the value missing, never a guess.
    func canonical(_ raw: Double, code: String) -> Double? {
        switch (self, code) {
        case (.temperature, "degC"): return raw
        case (.speed, "m_s-1"): return raw
        case (.speed, "km_h-1"): return Convert.kmhToMs(raw)
        case (.pressure, "Pa"): return Convert.paToHPa(raw)
        case (.length, "m"): return raw
        case (.length, "mm"): return Convert.mmToMetres(raw)
        case (.precipitation, "m"): return Convert.metresToMm(raw)
        case (.precipitation, "mm"): return raw
        case (.percent, "percent"), (.angle, "degree_(angle)"): return raw
        default: return nil
        }
    }
}

/// Which MADIS quality-control flags are accepted. api.weather.gov passes the flags through:
/// `Z` preliminary (no QC yet), `C` coarse pass, `S` screened, `V` verified, `X` rejected,
/// `Q` questioned, `G`/`B` subjectively good/bad; 2019 replies prefix them with `qc:`.
struct NWSQualityPolicy: Sendable {
    var accepted: Set<String>

    /// Keeps V, C, S and Z (Z is most recent data: dropping it would drop the last hours); drops X and Q.
    static let standard = NWSQualityPolicy(accepted: ["V", "C", "S", "Z", "G"])

    /// The bare letter of a flag (`qc:V` → `V`).
    static func letter(_ flag: String) -> String {
        flag.hasPrefix("qc:") ? String(flag.dropFirst(3)) : flag
    }

    func accepts(_ letter: String) -> Bool { accepted.contains(letter) }
}

/// Reads NWS quantitative values (`{"unitCode": …, "value": …, "qualityControl": …}`) into
/// canonical units, applying the QC policy and collecting warnings for codes not understood and
/// values dropped by QC.
struct NWSValueReader {
    let policy: NWSQualityPolicy
    private(set) var warnings: [String] = []
    private var warned: Set<String> = []

    init(policy: NWSQualityPolicy) { self.policy = policy }

    /// The canonical value of `parent[key]` and its QC letter; nil value when absent, null, of an
    /// unknown unit, or flagged by QC as not accepted.
    mutating func read(_ parent: Field, _ key: String, _ dimension: NWSDimension,
                       _ range: Plausibility.Range) throws(DecodeFailure) -> (value: Double?, flag: String?) {
        guard let q = try parent.optional(key)?.object() else { return (nil, nil) }
        let flag = try q.optionalString("qualityControl").map(NWSQualityPolicy.letter)
        guard let valueField = q.optional("value") else { return (nil, flag) }
        let raw = try valueField.number()
        let code = try q.optionalString("unitCode") ?? ""
        let bare = code.split(separator: ":", maxSplits: 1).last.map(String.init) ?? ""
        guard let v = dimension.canonical(raw, code: bare) else {
            warn("\(q.path).unitCode \(Sanitize.printable(String(code.prefix(30)))) is not a \(dimension.rawValue) unit understood here; value left missing")
            return (nil, flag)
        }
        if let flag, !policy.accepts(flag) {
            warn("\(q.path) = \(raw) dropped: quality control flag \(Sanitize.printable(String(flag.prefix(8)))) is not accepted")
            return (nil, flag)
        }
        try valueField.check(v, range, raw: raw, assumption: "unitCode \(Sanitize.printable(String(code.prefix(30))))")
        return (v, flag)
    }

    private mutating func warn(_ message: String) {
        if warned.insert(message).inserted { warnings.append(message) }
    }
}
