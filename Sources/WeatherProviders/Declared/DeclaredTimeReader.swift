import WeatherCore

/// Reads a declared time (`DeclaredTime`) from a record: Unix seconds or milliseconds, ISO 8601
/// with an offset, or a wall clock in a zone or at an offset read beside it.
struct DeclaredTimeReader {
    let time: DeclaredTime
    /// The instant of the record before, so that a wall clock of the hour repeated when DST ends
    /// reads as its second pass when the records go forward (01:30 after 01:50 is the later 01:30).
    private var last: Int64?

    init(_ time: DeclaredTime) { self.time = time }

    /// The instant and, for wall clocks at a stated offset, that offset in seconds.
    mutating func read(record: Field, document: Field) throws(DecodeFailure) -> (instant: Int64, offset: Int?) {
        guard let f = time.path.resolve(record: record, document: document) else {
            let path = time.path.missingPath(record: record, document: document)
            throw DecodeFailure(.missingField, "required field '\(path)' (the declared time) is missing", fieldPath: path)
        }
        var offset: Int?
        let t: Int64
        switch time.encoding {
        case .unix:
            t = try f.integer()
        case .unixMs:
            let ms = try f.number()
            guard ms.isFinite, abs(ms) < 9e15 else { throw f.typeError("Unix milliseconds") }
            t = Int64((ms / 1000).rounded(.down))
        case .iso8601:
            let text = try f.string()
            guard let parsed = UTCTime.parseISO8601(text) else {
                let hint = UTCTime.parseISO8601(text, assumingOffset: 0) != nil ? " (it has no offset: declare \"encoding\": \"local\" with its zone)" : ""
                throw DecodeFailure(.wrongType, "field '\(f.path)' is not an ISO 8601 instant with Z or an offset: \(Sanitize.printable(String(text.prefix(40))))\(hint)",
                                    fieldPath: f.path)
            }
            t = parsed
        case .local:
            let text = try f.string()
            if let explicit = UTCTime.parseISO8601(text) {
                t = explicit
            } else if let wall = UTCTime.parseISO8601(text, assumingOffset: 0) {
                if let zone = time.zone {
                    t = try wallClock(wall, zone: zone, field: f)
                } else {
                    let o = try readOffset(record: record, document: document)
                    offset = o
                    t = wall - Int64(o)
                }
            } else {
                throw DecodeFailure(.wrongType, "field '\(f.path)' is not a local time \"YYYY-MM-DD HH:MM[:SS]\" or a date: \(Sanitize.printable(String(text.prefix(40))))",
                                    fieldPath: f.path)
            }
        }
        try f.checkInstant(t)
        last = t
        return (t, offset)
    }

    /// A wall clock in `zone`: of the two instants of the hour repeated when DST ends, the first
    /// that does not go back before the record read before (so a series runs through both passes).
    private func wallClock(_ wall: Int64, zone: String, field: Field) throws(DecodeFailure) -> Int64 {
        guard let earlier = LocalTime.utc(fromWallClock: wall, zone: zone) else {
            throw DecodeFailure(.wrongType, "field '\(field.path)': the zone \(zone) is not known here", fieldPath: field.path)
        }
        guard let last, earlier <= last else { return earlier }
        let offsets = Set([-86_400, 0, 86_400].compactMap { LocalTime.offset(at: wall + Int64($0), zone: zone) })
        let valid = offsets.map { wall - Int64($0) }.filter { LocalTime.offset(at: $0, zone: zone).map { wall - Int64($0) } == $0 }.sorted()
        return valid.first { $0 > last } ?? earlier
    }

    /// The UTC offset of the wall clocks, from `offset_path` (seconds, minutes or hours, or
    /// `+02:00` text), checked to be within ±14 h.
    private func readOffset(record: Field, document: Field) throws(DecodeFailure) -> Int {
        guard let path = time.offsetPath else { return 0 }
        guard let f = path.resolve(record: record, document: document) else {
            let p = path.missingPath(record: record, document: document)
            throw DecodeFailure(.missingField, "required field '\(p)' (the UTC offset of the declared local times) is missing", fieldPath: p)
        }
        var seconds: Double
        if let n = f.value.number {
            seconds = n * time.offsetScale
        } else if let s = f.value.string, let parsed = Self.offsetText(s) {
            seconds = Double(parsed)
        } else {
            throw f.typeError("a UTC offset (a number of \(time.offsetScale == 1 ? "seconds" : time.offsetScale == 60 ? "minutes" : "hours") or \"+HH:MM\")")
        }
        seconds = seconds.rounded()
        guard seconds.isFinite, abs(seconds) <= 14 * 3600 else {
            throw DecodeFailure(.implausibleValue, "field '\(f.path)' = \(Sanitize.printable(String(f.value.rawText.prefix(20)))) is not a UTC offset (±14 h)", fieldPath: f.path)
        }
        return Int(seconds)
    }

    /// `+02:00`, `-0530`, `Z`: seconds east of UTC.
    static func offsetText(_ s: String) -> Int? {
        if s == "Z" { return 0 }
        guard let t = UTCTime.parseISO8601("2000-01-01T00:00:00" + s) else { return nil }
        return Int(UTCTime.parseISO8601("2000-01-01T00:00:00Z")! - t)
    }
}
