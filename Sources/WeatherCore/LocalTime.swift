import Foundation

/// Local dates and offsets from IANA zones (tzdata through Foundation) or fixed offsets.
///
/// A fixed offset is wrong across a DST change for a place's local days; an IANA zone is not, so
/// a zone name wins there when one is known. A reply's own wall clocks are converted with the
/// offset the provider wrote them with (Open-Meteo's `utc_offset_seconds`), not by these rules
/// (docs/PROVIDERS.md, Time).
public enum LocalTime {
    /// Whether `name` is an IANA zone this system knows (`GMT`/`UTC` count as zones too).
    public static func isKnownZone(_ name: String) -> Bool { zone(name) != nil }

    /// Offset from UTC in seconds at `instant` in zone `name`, or nil for an unknown zone.
    public static func offset(at instant: Int64, zone name: String) -> Int? {
        let day = instant >= 0 ? instant / 86_400 : (instant - 86_399) / 86_400
        // One look-up for a day already seen (asked for every hourly row and pair): the zone
        // itself is looked up only to work out a day's offsets.
        let known = offsets.value(OffsetKey(zone: name, day: day)) { zone(name).map { OffsetDay($0, day: day) } ?? OffsetDay() }
        guard known.zoneKnown else { return nil }
        if let span = known.offsets { return instant < span.change ? span.before : span.after }
        guard let tz = zone(name) else { return nil }
        return tz.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
    }

    /// Standard-time offset from UTC in seconds at `instant` in zone `name` (the offset without
    /// daylight saving), or nil for an unknown zone: the NWS climate day runs midnight to
    /// midnight local standard time all year.
    public static func standardOffset(at instant: Int64, zone name: String) -> Int? {
        guard let tz = zone(name) else { return nil }
        let date = Date(timeIntervalSince1970: TimeInterval(instant))
        return tz.secondsFromGMT(for: date) - Int(tz.daylightSavingTimeOffset(for: date))
    }

    /// The local calendar date of `instant`: by zone when known, else by fixed offset, else UTC.
    public static func date(of instant: Int64, zone: String?, fixedOffset: Int?) -> String {
        if let zone, let off = offset(at: instant, zone: zone) { return UTCTime.date(instant, offset: off) }
        return UTCTime.date(instant, offset: fixedOffset ?? 0)
    }

    /// UTC instant of a local wall-clock time (seconds since the epoch as if the wall clock were
    /// UTC) in zone `name`. In a DST gap or fold the earlier reading wins, as most libraries do.
    ///
    /// The offsets in force a day either side are the only candidates (zones change at most once
    /// a day): a candidate is right when the zone has that offset at the instant it gives; of two
    /// right ones (a fold) the earlier instant wins; when none is (a gap) the earlier of the
    /// instants the two offsets give — the same rule west and east of UTC.
    public static func utc(fromWallClock wall: Int64, zone name: String) -> Int64? {
        guard let tz = zone(name) else { return nil }
        func offset(_ t: Int64) -> Int64 { Int64(tz.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t)))) }
        let candidates = Set([offset(wall - 86_400), offset(wall), offset(wall + 86_400)]).map { wall - $0 }
        let right = candidates.filter { wall - offset($0) == $0 }
        return (right.isEmpty ? candidates : right).min()
    }

    /// Hours in the local day `date` (`YYYY-MM-DD`): 23, 24 or 25 across DST changes.
    public static func hoursInDay(_ date: String, zone name: String?) -> Int {
        guard let name, let day = dayBounds(date, zone: name) else { return 24 }
        return Int((day.end - day.start) / 3600)
    }

    /// UTC instant of local midnight starting `date` in zone `name`.
    public static func startOfDay(_ date: String, zone name: String) -> Int64? {
        dayBounds(date, zone: name)?.start
    }

    /// UTC instants of the local midnights that begin and end `date` (`YYYY-MM-DD`) in zone
    /// `name`, nil for an unknown zone or a text that is not a date. Kept per zone and date:
    /// every day forecast asks for its day, the days of one place repeat in reply after reply,
    /// and each answer took six offset look-ups in tzdata (2.6 µs, 5 % of decoding One Call).
    public static func dayBounds(_ date: String, zone name: String) -> (start: Int64, end: Int64)? {
        days.value(DayKey(zone: name, date: date)) {
            guard let wall = UTCTime.parseISO8601(date + "T00:00:00Z"), let start = utc(fromWallClock: wall, zone: name),
                  let end = utc(fromWallClock: wall + 86_400, zone: name) else { return DayBounds(bounds: nil) }
            return DayBounds(bounds: (start, end))
        }.bounds
    }

    public static func nextDate(_ date: String) -> String {
        guard let t = UTCTime.parseISO8601(date + "T00:00:00Z") else { return date }
        return UTCTime.date(t + 86400)
    }

    /// Zones are looked up once per name; tzdata parsing is not free.
    private static let zones = LockedCache<String, TimeZone?>(limit: 4_096)
    private static let days = LockedCache<DayKey, DayBounds>(limit: 65_536)
    /// A zone's offsets per UTC day: the aggregate asks for the offset of every hourly forecast
    /// and observation, and each tzdata look-up (ICU, behind a lock) was 8 % of an aggregate.
    private static let offsets = LockedCache<OffsetKey, OffsetDay>(limit: 65_536)

    static func zone(_ name: String) -> TimeZone? { zones.value(name) { TimeZone(identifier: name) } }
}

private struct DayKey: Hashable {
    var zone: String
    var date: String
}

private struct DayBounds {
    var bounds: (start: Int64, end: Int64)?
}

private struct OffsetKey: Hashable {
    var zone: String
    var day: Int64
}

/// A zone's offsets over one UTC day: `before` until `change`, `after` from it on (one offset all
/// day: `change` is the day's end). A day with more than one transition — none in tzdata since
/// standard time began, but the day is checked, not assumed — keeps nil, and every instant of it is
/// looked up.
private struct OffsetDay {
    /// False for a name that is not a zone (`init()`): it has no offsets.
    var zoneKnown = true
    var offsets: (before: Int, change: Int64, after: Int)?

    /// The answer for a name that is not a zone.
    init() { zoneKnown = false }

    init(_ tz: TimeZone, day: Int64) {
        let start = day * 86_400, end = start + 86_400
        func offset(_ t: Int64) -> Int { tz.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t))) }
        func transition(after t: Int64) -> Int64? {
            tz.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: TimeInterval(t))).map { Int64($0.timeIntervalSince1970.rounded(.up)) }
        }
        let before = offset(start)
        guard let first = transition(after: start), first < end else {
            offsets = offset(end - 1) == before ? (before, end, before) : nil
            return
        }
        if first <= start || (transition(after: first).map { $0 < end } ?? false) {
            offsets = nil
            return
        }
        let after = offset(first)
        offsets = offset(first - 1) == before && offset(end - 1) == after ? (before, first, after) : nil
    }
}

/// A thread-safe dictionary for answers that are the same every time they are computed: when it
/// holds `limit` entries it starts again empty, so memory stays bounded on any archive.
private final class LockedCache<Key: Hashable, Value>: @unchecked Sendable {
    private var entries: [Key: Value] = [:]
    private let lock = NSLock()
    private let limit: Int

    init(limit: Int) { self.limit = limit }

    /// The answer kept for `key`, or `compute`'s, kept. `compute` runs under the lock: it must
    /// not use this cache.
    func value(_ key: Key, compute: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let hit = entries[key] { return hit }
        let value = compute()
        if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
        entries[key] = value
        return value
    }
}
