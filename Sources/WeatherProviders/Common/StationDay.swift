import WeatherCore

/// The window a station's daily summary covers, as its source states it: a daily maximum,
/// minimum or total is stored as one observation at the window's end (`observedAt`) with the
/// window's length (`extremesWindowH`, `precipWindowH`), so that the day truth can compare it with
/// a forecast's day without guessing (docs/PROVIDERS.md, Station archives).
enum StationDay {
    /// The kinds of day the archives report.
    enum Kind: Equatable {
        /// The NWS climate day: midnight to midnight local standard time all year (so 01:00 to
        /// 01:00 local daylight time in summer): IEM CLI, IEM CLIMATE networks, first-order
        /// stations in GHCN-Daily (observation time 2400).
        case climate
        /// Local midnight to midnight, 23 or 25 hours across a DST change: IEM's ASOS days,
        /// Meteostat, and any day whose source states no observation hour.
        case calendar
        /// A cooperative observer's 24 hours ending at the stated local reading time (`HHMM`
        /// wall clock, so 23 or 25 hours across a DST change, as the observer reads the clock).
        case observer(hour: Int, minute: Int)
    }

    /// The window of `date` (`YYYY-MM-DD`) in `zone`: its end and its length in hours. A date
    /// that is not a calendar date is the reply's fault, reported at `fieldPath`.
    static func window(_ kind: Kind, date: String, zone: String, fieldPath: String) throws(DecodeFailure) -> (end: Int64, hours: Double) {
        guard let midnight = UTCTime.parseISO8601(date + "T00:00:00Z"), UTCTime.date(midnight) == date else {
            throw DecodeFailure(.wrongType, "\(Sanitize.printable(String(date.prefix(40)))) is not a date (YYYY-MM-DD)", fieldPath: fieldPath)
        }
        switch kind {
        case .climate:
            // The standard offset in force on that date (a zone's standard offset can change over the years).
            guard let offset = LocalTime.standardOffset(at: midnight + 43_200, zone: zone) else { throw unknownZone(zone, fieldPath) }
            return (midnight + 86_400 - Int64(offset), 24)
        case .calendar:
            let b = try DayWindow.bounds(of: date, zone: zone, offset: nil, fieldPath: fieldPath)
            return (b.to, Double(b.to - b.from) / 3600)
        case .observer(let hour, let minute):
            let reading = Int64(hour * 3600 + minute * 60)
            guard let end = LocalTime.utc(fromWallClock: midnight + reading, zone: zone),
                  let start = LocalTime.utc(fromWallClock: midnight - 86_400 + reading, zone: zone) else { throw unknownZone(zone, fieldPath) }
            return (end, Double(end - start) / 3600)
        }
    }

    /// The day kind of a GHCN-Daily observation time (`HHMM` local; `2400` is a first-order
    /// station's midnight-to-midnight standard-time day); blank or unreadable: the calendar day.
    static func ghcn(observationTime text: String?) -> Kind {
        guard let text, text.count == 4, let v = Int(text) else { return .calendar }
        if v == 2400 { return .climate }
        let (h, m) = (v / 100, v % 100)
        guard (0...23).contains(h), (0...59).contains(m) else { return .calendar }
        return .observer(hour: h, minute: m)
    }

    private static func unknownZone(_ zone: String, _ fieldPath: String) -> DecodeFailure {
        DecodeFailure(.unknownFormat, "the station's time zone '\(Sanitize.printable(zone))' is not an IANA zone known here", fieldPath: fieldPath)
    }
}

/// Values archives write as text: a number, `M` (missing), `T` (trace), ACIS's `S` (included in
/// a later total) and a trailing `A` (an accumulated total over several days).
enum ArchiveText {
    enum Value: Equatable {
        case number(Double)
        case missing
        case trace
        /// A value whose window is not the row's day (`S`, `1.23A`): not a day value.
        case notThisDay
    }

    static func parse(_ raw: String) -> Value? {
        let t = raw.trimmingCharacters(in: .whitespaces)
        switch t {
        case "", "M", "m": return .missing
        case "T", "t": return .trace
        case "S", "s": return .notThisDay
        default:
            if t.hasSuffix("A") || t.hasSuffix("a") { return Double(t.dropLast()) == nil ? nil : .notThisDay }
            return Double(t).map { .number($0) }
        }
    }

    /// A field holding a number or such text; an unreadable value is the reply's fault.
    static func value(of field: Field) throws(DecodeFailure) -> Value {
        switch field.value.kind {
        case .null: return .missing
        case .number: return .number(try field.number())
        case .string:
            let s = try field.string()
            guard let v = parse(s) else {
                throw DecodeFailure(.wrongType, "field '\(field.path)' should be a number, \"M\" or \"T\" but is \"\(Sanitize.printable(String(s.prefix(40))))\"",
                                    fieldPath: field.path)
            }
            return v
        default: throw field.typeError("a number or a string")
        }
    }
}

/// Plausibility and conversion of archive values, with trace and missing handled once.
extension Field {
    /// A temperature (or other quantity) from a number or text: checked, and set aside when
    /// implausible as every decoder does; `M` and trace are nil.
    func archiveQuantity(_ convert: (Double) -> Double, _ range: Plausibility.Range) throws(DecodeFailure) -> Double? {
        guard case .number(let raw) = try ArchiveText.value(of: self) else { return nil }
        let v = convert(raw)
        do {
            try check(v, range, raw: raw)
            ValueQuarantine.notePassed(range)
            return v
        } catch {
            try ValueQuarantine.absorb(error, at: self, range: range)
            return nil
        }
    }

    /// A precipitation amount from a number or text: `T` is a trace (0 mm, `trace` true).
    func archivePrecip(_ convert: (Double) -> Double) throws(DecodeFailure) -> (mm: Double, trace: Bool)? {
        switch try ArchiveText.value(of: self) {
        case .trace: return (0, true)
        case .missing, .notThisDay: return nil
        case .number: return try archiveQuantity(convert, Plausibility.precipMm).map { ($0, false) }
        }
    }
}
