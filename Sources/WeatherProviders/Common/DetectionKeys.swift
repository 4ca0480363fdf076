import WeatherJSON

/// The member names a format's `detect` cannot say anything but `.no` without: an object body
/// must hold every name of at least one group. The registry asks a body for them (one test of
/// its name filter per group, `JSONNames`) before it asks the format, so the formats a document
/// is not in are mostly ruled out without a lookup. Every format's `detect` runs on every
/// document up to the one that recognises it: asked one by one, ruling out the twelve formats
/// listed before OpenWeatherMap current weather cost as much as decoding its temperature,
/// pressure and wind.
///
/// The groups only skip work, they never decide: a format that could recognise an object
/// without them must not declare them (`DetectionKeysTests` checks every declaration against
/// the decoders' own `detect` on every fixture, each also with one member removed).
struct DetectionKeys: Sendable {
    /// Alternatives: an object may be in the format only if it holds all the names of one.
    let groups: [JSONNames]
    /// Whether the format also recognises bodies that are not objects (top-level arrays): those
    /// are always asked.
    let otherKinds: Bool

    /// An object holding all of the names of at least one of `groups`.
    static func object(_ groups: [String]...) -> DetectionKeys {
        DetectionKeys(groups: groups.map(JSONNames.init), otherKinds: false)
    }

    /// A top-level array (always asked), or an object holding all of the names of one of `groups`.
    static func arrayOrObject(_ groups: [String]...) -> DetectionKeys {
        DetectionKeys(groups: groups.map(JSONNames.init), otherKinds: true)
    }

    /// Whether the format's `detect` may say anything but `.no` to `body`.
    @inline(__always)
    func admit(_ body: JSONValue) -> Bool {
        guard body.kind == .object else { return otherKinds }
        for group in groups where body.mayHaveAll(group) { return true }
        return false
    }
}
