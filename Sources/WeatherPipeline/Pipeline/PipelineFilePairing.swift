import WeatherAnalytics
import WeatherJSON

extension PipelineFile {
    /// `pairing`: `"calendar_day"` or `"window"` for every source, or a map of `provider` or
    /// `provider/product` to a mode (`{"nws": "window", "*": "calendar_day"}`; `*` sets the
    /// default). `window_min_coverage`: the share of a window's hours that must have a temperature.
    static func parsePairing(_ root: JSONValue, _ r: Reader, into aggregate: inout AggregateOptions) throws(Problem) {
        let modes = PairingMode.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
        func mode(_ v: JSONValue, _ key: String) throws(Problem) -> PairingMode {
            guard let s = v.string, let m = PairingMode(rawValue: s) else { throw r.fail(key, "must be \(modes)") }
            return m
        }
        if let v = root["pairing"] {
            if v.kind == .object {
                for name in v.keys {
                    let key = "pairing.\(name)"
                    let m = try mode(v[name]!, key)
                    if name == "*" { aggregate.pairing = m; continue }
                    let parts = name.split(separator: "/", omittingEmptySubsequences: false)
                    guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty }) else {
                        throw r.fail(key, "must name a provider or a \"provider/product\"")
                    }
                    aggregate.providerPairing[name] = m
                }
            } else {
                aggregate.pairing = try mode(v, "pairing")
            }
        }
        if let v = try r.number(root["window_min_coverage"], "window_min_coverage") {
            guard v > 0 && v <= 1 else { throw r.fail("window_min_coverage", "must be a share of the window's hours, above 0 and at most 1") }
            aggregate.windowMinCoverage = v
        }
    }
}
