/// Decides which location a record belongs to (PROVIDERS.md, Locations).
///
/// Order: a location id declared in the envelope; else the nearest declared location whose
/// radius contains the point; else the nearest learned location within its radius; else a
/// new location named after the rounded coordinates. Names from bodies are only labels.
public struct LocationRegistry: Sendable {
    public private(set) var locations: [Location] = []
    private var indexByID: [String: Int] = [:]
    public var defaultRadiusKm: Double

    public init(defaultRadiusKm: Double = 25) {
        self.defaultRadiusKm = defaultRadiusKm
    }

    public func location(id: String) -> Location? { indexByID[id].map { locations[$0] } }

    /// Adds or replaces a location (declared ones replace learned ones with the same id).
    public mutating func add(_ location: Location) {
        if let k = indexByID[location.id] {
            locations[k] = location
        } else {
            indexByID[location.id] = locations.count
            locations.append(location)
        }
    }

    public enum Resolution: Sendable, Equatable {
        case existing(String)
        /// A new location was created (and must be stored).
        case created(Location)

        public var id: String {
            switch self {
            case .existing(let id): return id
            case .created(let loc): return loc.id
            }
        }
    }

    /// Finds or creates the location for a point. `hint` is a declared id from an envelope.
    public mutating func resolve(latitude: Double, longitude: Double, hint: String? = nil,
                                 name: String? = nil, country: String? = nil,
                                 utcOffsetSeconds: Int? = nil, timeZone: String? = nil) -> Resolution {
        if let hint {
            if indexByID[hint] != nil { return .existing(hint) }
            let loc = Location(id: hint, name: name, country: country, latitude: latitude, longitude: longitude,
                               timeZone: timeZone, utcOffsetSeconds: utcOffsetSeconds, radiusKm: defaultRadiusKm)
            add(loc)
            return .created(loc)
        }
        var best: (declared: Bool, distance: Double, index: Int)?
        for (k, loc) in locations.enumerated() {
            let d = loc.distanceKm(toLatitude: latitude, longitude: longitude)
            guard d <= loc.radiusKm else { continue }
            if let b = best {
                if (loc.declared && !b.declared) || (loc.declared == b.declared && d < b.distance) {
                    best = (loc.declared, d, k)
                }
            } else {
                best = (loc.declared, d, k)
            }
        }
        if let best { return .existing(locations[best.index].id) }
        var id = LocationRegistry.coordinateID(latitude: latitude, longitude: longitude)
        var n = 2
        while indexByID[id] != nil { id = LocationRegistry.coordinateID(latitude: latitude, longitude: longitude) + "-\(n)"; n += 1 }
        let loc = Location(id: id, name: name, country: country, latitude: latitude, longitude: longitude,
                           timeZone: timeZone, utcOffsetSeconds: utcOffsetSeconds, radiusKm: defaultRadiusKm)
        add(loc)
        return .created(loc)
    }

    /// `51.51N_0.13W`: readable, stable, and safe in file names and CSV cells.
    public static func coordinateID(latitude: Double, longitude: Double) -> String {
        func part(_ v: Double, _ pos: String, _ neg: String) -> String {
            let r = (abs(v) * 100).rounded() / 100
            var s = String(r)
            if s.hasSuffix(".0") { s.removeLast(2) }
            return s + (v < 0 && r != 0 ? neg : pos)
        }
        return part(latitude, "N", "S") + "_" + part(longitude, "E", "W")
    }
}
