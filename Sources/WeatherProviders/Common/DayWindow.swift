import WeatherCore

/// The UTC bounds of a local calendar day, for day forecasts.
enum DayWindow {
    /// Local midnight to next local midnight of `date` (`YYYY-MM-DD`), by IANA zone when known
    /// (23 or 25 hours across DST changes), else by fixed offset. A `date` that is not a calendar
    /// date is the reply's fault, reported at `fieldPath` (the field the date came from): never
    /// a day at the Unix epoch.
    static func bounds(of date: String, zone: String?, offset: Int?, fieldPath: String) throws(DecodeFailure) -> (from: Int64, to: Int64) {
        if let zone, let day = LocalTime.dayBounds(date, zone: zone) {
            return (day.start, day.end)
        }
        guard let midnight = UTCTime.parseISO8601(date + "T00:00:00Z") else {
            throw DecodeFailure(.wrongType, "\(Sanitize.printable(String(date.prefix(40)))) is not a date (YYYY-MM-DD)", fieldPath: fieldPath)
        }
        return (midnight - Int64(offset ?? 0), midnight - Int64(offset ?? 0) + 86400)
    }

    /// The local date a day period is for: the date of its middle (docs/PROVIDERS.md, Time). Without
    /// any zone, the UTC date of a local day's middle equals the local date for offsets within ±12 h.
    static func targetDate(middle: Int64, zone: String?, offset: Int?) -> String {
        LocalTime.date(of: middle, zone: zone, fixedOffset: offset)
    }

    /// A zone name worth using: an IANA zone this system knows (Open-Meteo's "GMT" default is not
    /// information about the place).
    static func usableZone(_ name: String?) -> String? {
        guard let name, !name.isEmpty, name != "GMT", name != "UTC", LocalTime.isKnownZone(name) else { return nil }
        return name
    }
}
