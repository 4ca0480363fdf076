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
