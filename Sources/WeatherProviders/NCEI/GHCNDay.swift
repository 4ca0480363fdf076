import WeatherJSON
import WeatherCore

/// GHCN-Daily values of one station day, gathered from the rows (CDO) or columns (Access Data
/// Service) that hold them, then written as one observation at the end of each window.
///
/// Notes (docs/PROVIDERS.md, NCEI): without a `units` request parameter values are GHCN-D's own
/// integers, tenths of °C and of mm (`PRCP` 74 is 7.4 mm); `units=metric` gives °C and mm,
/// `units=standard` °F and inches. Each value's attributes are `MFLAG,QFLAG,SFLAG,TIME`: `T` as
/// MFLAG is a trace (value 0), a QFLAG marks a value that failed NCEI's quality control (left out,
/// with a warning), and TIME is the observer's local reading hour `HHMM`: the value covers the
/// 24 hours ending then (`2400`: a first-order station's midnight-to-midnight standard-time day;
/// blank: the local calendar day is assumed).
struct GHCNDay {
    /// How the reply's numbers are scaled.
    enum Units: String {
        case tenths = "ghcnd-tenths"
        case metric = "ghcnd-metric"
        case standard = "ghcnd-standard"

        init(query: [String: String]) {
            switch query["units"]?.lowercased() {
            case "metric"?: self = .metric
            case "standard"?: self = .standard
            default: self = .tenths
            }
        }

        func celsius(_ v: Double) -> Double {
            switch self {
            case .tenths: return v / 10
            case .metric: return v
            case .standard: return Convert.fahrenheitToCelsius(v)
            }
        }

        func millimetres(_ v: Double) -> Double {
            switch self {
            case .tenths: return v / 10
            case .metric: return v
            case .standard: return Convert.inchesToMm(v)
            }
        }
    }

    /// One element's value with its flags.
    struct Value {
        var datatype: String
        var field: Field
        var trace: Bool
        var qualityFlag: String?
        var observationTime: String?
    }

    /// `MFLAG,QFLAG,SFLAG,TIME` split; missing fields are blank.
    static func attributes(_ text: String?) -> (trace: Bool, quality: String?, time: String?) {
        guard let text else { return (false, nil, nil) }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        func part(_ k: Int) -> String? { k < parts.count && !parts[k].isEmpty ? parts[k] : nil }
        return (part(0) == "T", part(1), part(3))
    }

    /// The observations of one station's values of one date: one per distinct window (the
    /// elements of a day normally share their reading time, and so one observation).
    static func observations(station: String, date: String, values: [Value], place: StationPlace, units: Units,
                             provider: String, product: String, what: String, doc: inout DecodedDocument) throws(DecodeFailure) {
        var byWindow: [Int64: Observation] = [:]
        var order: [Int64] = []
        for v in values {
            let kind = ["TMAX", "TMIN", "PRCP"].contains(v.datatype) ? v.datatype : nil
            guard let kind else { continue }
            if let q = v.qualityFlag {
                doc.warnings.append("\(what) \(date) \(v.datatype) failed NCEI quality control (QFLAG \(Sanitize.printable(q))): left out")
                continue
            }
            let zone = try place.requireZone(what: what, fieldPath: v.field.path)
            let (end, hours) = try StationDay.window(StationDay.ghcn(observationTime: v.observationTime), date: date, zone: zone,
                                                     fieldPath: v.field.path)
            var o = byWindow[end] ?? {
                var o = Observation(provider: provider, product: product, observedAt: end, latitude: 0, longitude: 0)
                place.apply(to: &o)
                o.stationID = station
                o.unitsAssumed = units.rawValue
                return o
            }()
            if byWindow[end] == nil { order.append(end) }
            switch kind {
            case "TMAX":
                o.tempMaxC = try v.field.archiveQuantity(units.celsius, Plausibility.tempC)
                o.extremesWindowH = hours
            case "TMIN":
                o.tempMinC = try v.field.archiveQuantity(units.celsius, Plausibility.tempC)
                o.extremesWindowH = hours
            default:
                if v.trace {
                    o.precipMm = 0
                    o.precipTrace = true
                    o.precipWindowH = hours
                } else if let p = try v.field.archivePrecip(units.millimetres) {
                    o.precipMm = p.mm
                    o.precipTrace = p.trace
                    o.precipWindowH = hours
                }
            }
            byWindow[end] = o
        }
        for end in order {
            guard let o = byWindow[end] else { continue }
            if o.tempMaxC == nil && o.tempMinC == nil && o.precipMm == nil {
                doc.warnings.append("\(what) \(date): no readable maximum, minimum or precipitation, no record")
                continue
            }
            doc.observations.append(o)
        }
    }
}
