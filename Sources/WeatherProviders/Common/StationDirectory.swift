import WeatherCore

/// The declared locations that stand for a weather station (a pipeline location's `station`,
/// `--location …,station=ID`), by station id: station archives that name a station but no
/// coordinates (ACIS rows, NCEI CDO, IEM, Meteostat) are placed through it.
///
/// It travels inside `IngestSettings`, so it is part of every input's fingerprint: adding or
/// moving a station changes the records of replies that were placed (or rejected) by it, and
/// such a file is read again on the next run rather than kept as it was.
public struct StationDirectory: Sendable, Hashable {
    /// One declared station: where it is and which location its records belong to.
    public struct Entry: Sendable, Hashable {
        public var station: String
        public var locationID: String
        public var latitude: Double
        public var longitude: Double
        public var timeZone: String?
    }

    /// By normalized id (`StationDirectory.key`).
    private var entries: [String: Entry] = [:]

    public init(_ locations: [Location]) {
        for l in locations {
            guard let station = l.station, !station.isEmpty else { continue }
            entries[Self.key(station)] = Entry(station: station, locationID: l.id, latitude: l.latitude,
                                               longitude: l.longitude, timeZone: l.timeZone)
        }
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// Ids compare without case and without a dataset prefix (`GHCND:USC00200230` is
    /// `USC00200230`), so a location declares the id as the archive's users write it.
    static func key(_ id: String) -> String {
        var s = Substring(id)
        if let colon = s.lastIndex(of: ":") { s = s[s.index(after: colon)...] }
        return s.trimmingCharacters(in: .whitespaces).uppercased()
    }

    /// The first of `ids` a location declares.
    func find(_ ids: [String]) -> Entry? {
        for id in ids { if let e = entries[Self.key(id)] { return e } }
        return nil
    }

    /// `station@location` per entry, sorted: the fingerprint's text.
    var text: String {
        entries.values.map { "\($0.station)@\($0.locationID)" }.sorted().joined(separator: " ")
    }
}

/// Where one station's records go: the coordinates stored with them, the declared location
/// they belong to when a location names the station, and the zone that defines its days.
struct StationPlace {
    var latitude: Double
    var longitude: Double
    var locationID: String?
    var timeZone: String?

    /// The place of a station named `ids` (the reply's spellings, best first): a declared
    /// location with that `station` wins, then the reply's own coordinates (`own`), then the
    /// input's `place`. Without any, the reject says which setting to give (`what` names the
    /// station as the reply does, for the message).
    static func resolve(ids: [String], own: (latitude: Double, longitude: Double)?, zone: String?,
                        input: DecodeInput, what: String, fieldPath: String? = nil) throws(DecodeFailure) -> StationPlace {
        let settings = input.context.settings
        if let e = settings.stations?.find(ids) {
            return StationPlace(latitude: e.latitude, longitude: e.longitude, locationID: e.locationID,
                                timeZone: e.timeZone ?? DayWindow.usableZone(zone) ?? settings.stationTimeZone)
        }
        let hint = input.locationHint
        let zone = DayWindow.usableZone(zone) ?? settings.stationTimeZone
        if let own { return StationPlace(latitude: own.latitude, longitude: own.longitude, locationID: hint, timeZone: zone) }
        if let p = settings.place { return StationPlace(latitude: p.latitude, longitude: p.longitude, locationID: hint, timeZone: zone) }
        let id = ids.first.map { Sanitize.printable(String($0.prefix(40))) }
        let declare = id.map { "a location with \"station\": \"\($0)\" (--location id=…,lat=…,lon=…,tz=…,station=\($0))" }
            ?? "the request URL in an envelope (it names the station)"
        throw DecodeFailure(.missingField, "\(what) names no coordinates: declare \(declare), or give the input's place (--place LAT,LON)",
                            fieldPath: fieldPath)
    }

    /// The zone a day-summary's window is read in; its absence is a reject naming the setting.
    func requireZone(what: String, fieldPath: String? = nil) throws(DecodeFailure) -> String {
        guard let timeZone else {
            throw DecodeFailure(.missingField, "\(what) reports days but no time zone is known for its station: give its location a "
                                + "\"timezone\" (--location …,tz=ZONE) or give the input's station_time_zone (--station-time-zone ZONE)", fieldPath: fieldPath)
        }
        return timeZone
    }

    /// Applies the place to an observation of the station.
    func apply(to o: inout Observation) {
        o.latitude = latitude
        o.longitude = longitude
        o.declaredLocationID = locationID
        if o.timeZone == nil { o.timeZone = timeZone }
    }
}
