import WeatherJSON
import WeatherCore

/// What an ACIS reply leaves to its request: which element each value column is, the first
/// date (MultiStnData rows carry none) and the stations asked for. ACIS takes its request as a
/// JSON `params=` query (or POST body) or as plain query keys; the envelope's URL keeps either.
struct ACISRequest {
    /// One requested element, in column order.
    struct Element: Equatable {
        enum Quantity: Equatable { case maxTemp, minTemp, precip, other(String) }
        var quantity: Quantity
        /// Values in metric units (°C, mm) rather than ACIS's English default (°F, inches).
        var metric: Bool
        /// Extra values per cell (`add`: `f` flag, `t` observation hour …), in order: a cell is then an array.
        var add: [String]
    }

    var elements: [Element]?
    var startDate: String?
    var stations: [String]
    var metric: Bool

    /// The request from the envelope's URL query; an empty request without one.
    init(query: [String: String]) {
        stations = []
        metric = false
        if let params = query["params"], let doc = try? JSONDocument(parsing: Array(params.utf8)), doc.root.kind == .object {
            let root = doc.root
            metric = root["units"]?.string == "metric"
            startDate = root["sdate"]?.string.flatMap(Self.date)
            stations = Self.list(root["sids"]?.string ?? root["sid"]?.string)
            if let elems = root["elems"] { elements = Self.elements(elems, metric: metric) }
        } else {
            metric = query["units"] == "metric"
            startDate = query["sdate"].flatMap(Self.date)
            stations = Self.list(query["sids"] ?? query["sid"])
            if let elems = query["elems"] {
                if let doc = try? JSONDocument(parsing: Array(elems.utf8)), doc.root.kind == .array {
                    elements = Self.elements(doc.root, metric: metric)
                } else {
                    elements = Self.list(elems).map { Element(quantity: Self.quantity($0), metric: metric, add: []) }
                }
            }
        }
    }

    /// `YYYY-MM-DD` from `YYYY-MM-DD` or `YYYYMMDD`; nil for `por` and anything else.
    static func date(_ text: String) -> String? {
        let t = text.count == 8 && text.allSatisfy(\.isNumber)
            ? "\(text.prefix(4))-\(text.dropFirst(4).prefix(2))-\(text.suffix(2))" : text
        guard let midnight = UTCTime.parseISO8601(t + "T00:00:00Z"), UTCTime.date(midnight) == t else { return nil }
        return t
    }

    static func list(_ text: String?) -> [String] {
        (text ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Element names and ACIS's numeric `vX` codes (1 maxt, 2 mint, 4 pcpn).
    static func quantity(_ name: String) -> Element.Quantity {
        switch name.lowercased() {
        case "maxt", "1": return .maxTemp
        case "mint", "2": return .minTemp
        case "pcpn", "4": return .precip
        default: return .other(name)
        }
    }

    /// `elems` as a list of names or objects (`{"name": "mint", "units": "degreeC", "add": "t"}`, `{"vX": 1}`).
    static func elements(_ value: JSONValue, metric: Bool) -> [Element] {
        if let s = value.string { return list(s).map { Element(quantity: quantity($0), metric: metric, add: []) } }
        return value.elements.map { e in
            if let s = e.string { return Element(quantity: quantity(s), metric: metric, add: []) }
            let name = e["name"]?.string ?? e["vX"].flatMap { $0.int.map(String.init) } ?? "?"
            var q = quantity(name)
            // A reduction (monthly sums, period extremes) is not a day's value.
            if e["interval"].map({ $0.string != "dly" }) == true || e["duration"] != nil || e["reduce"] != nil { q = .other(name) }
            let units = e["units"]?.string
            let m = units.map { $0 == "degreeC" || $0 == "mm" || $0 == "metric" } ?? metric
            let add = list(e["add"]?.string)
            return Element(quantity: q, metric: m, add: add)
        }
    }
}
