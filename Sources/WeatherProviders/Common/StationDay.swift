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
