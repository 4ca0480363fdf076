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
        guard let names = body.names else { return otherKinds }
        for group in groups where names.mayHaveAll(group) { return true }
        return false
    }
}

/// Every decoder's `DetectionKeys` in two flat tables of plain words, read through their
/// pointers: asked per decoder through arrays of groups, the test retained and released each
/// decoder's groups, and ruling the formats out cost more than recognising OpenWeatherMap.
struct DetectionKeyTable: Sendable {
    /// One per decoder, in the registry's order: its groups in `groups`, or all admitted.
    private struct Span: Sendable {
        var start: Int32
        var count: Int32
        var otherKinds: Bool
        var declared: Bool
    }
    private var spans: [Span] = []
    private var groups: [JSONNames] = []

    init(_ keys: [DetectionKeys?]) {
        for key in keys { append(key) }
    }

    mutating func insert(_ key: DetectionKeys?, at index: Int) {
        var keys = (0..<spans.count).map(self.keys)
        keys.insert(key, at: index)
        self = DetectionKeyTable(keys)
    }

    mutating func append(_ key: DetectionKeys?) {
        spans.append(Span(start: Int32(groups.count), count: Int32(key?.groups.count ?? 0),
                          otherKinds: key?.otherKinds ?? true, declared: key != nil))
        groups += key?.groups ?? []
    }

    private func keys(_ i: Int) -> DetectionKeys? {
        let span = spans[i]
        guard span.declared else { return nil }
        return DetectionKeys(groups: Array(groups[Int(span.start)..<Int(span.start + span.count)]), otherKinds: span.otherKinds)
    }

    /// Calls `ask` with the index of each decoder `body` may be in, in order, until it returns
    /// true.
    @inline(__always)
    func forEachAdmitted(_ body: JSONValue, _ ask: (Int) -> Bool) {
        let names = body.names
        spans.withUnsafeBufferPointer { spans in
            groups.withUnsafeBufferPointer { groups in
                for i in 0..<spans.count {
                    let span = spans[i]
                    var admitted = !span.declared
                    if !admitted, let names {
                        for g in Int(span.start)..<Int(span.start + span.count) where names.mayHaveAll(groups[g]) {
                            admitted = true
                            break
                        }
                    } else if !admitted {
                        admitted = span.otherKinds
                    }
                    if admitted && ask(i) { return }
                }
            }
        }
    }
}
