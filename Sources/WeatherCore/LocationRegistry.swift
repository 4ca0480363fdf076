/// Decides which location a record belongs to (docs/PROVIDERS.md, Locations).
///
/// Order: a location id declared in the envelope; else the nearest declared location whose
/// radius contains the point; else the nearest learned location within its radius; else a
/// new location named after the rounded coordinates. Names from bodies are only labels.
public struct LocationRegistry: Sendable {
    public private(set) var locations: [Location] = []
    private var indexByID: [String: Int] = [:]
    /// Exact coordinates seen before → location id. Archives repeat the same coordinates in
    /// every reply of a place, so this turns the radius search into one hash lookup.
    private var recent: [CoordinateKey: String] = [:]
    public var defaultRadiusKm: Double { didSet { revision &+= 1 } }
    /// Changes whenever a location is added or replaced (or the radius changes): a caller that
    /// remembers what a point resolved to may reuse it while this stays the same.
    public private(set) var revision = 0

    private struct CoordinateKey: Hashable, Sendable {
        var lat: UInt64
        var lon: UInt64
    }

    public init(defaultRadiusKm: Double = 25) {
        self.defaultRadiusKm = defaultRadiusKm
    }

    public func location(id: String) -> Location? { indexByID[id].map { locations[$0] } }

    /// Adds or replaces a location (declared ones replace learned ones with the same id).
    public mutating func add(_ location: Location) {
        revision &+= 1
        recent.removeAll(keepingCapacity: true)  // a new or moved location may be nearer
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
        let key = CoordinateKey(lat: latitude.bitPattern, lon: longitude.bitPattern)
        if let id = recent[key] { return .existing(id) }
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
        if let best {
            let id = locations[best.index].id
            if recent.count > 100_000 { recent.removeAll(keepingCapacity: true) }
            recent[key] = id
            return .existing(id)
        }
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

/// Names for locations from replies (docs/PROVIDERS.md, Locations), when no pipeline names them.
extension Location {
    /// Whether `name` from a reply should label this location: a location without a name takes
    /// any; an undeclared one named only by its coordinates (`52.52N_13.41E`) takes a real name;
    /// a real name is never replaced (the first reply's label stays, however localised).
    public func acceptsName(_ name: String?) -> Bool {
        guard let name, !name.isEmpty else { return false }
        guard let current = self.name else { return true }
        return !declared && LocationRegistry.isCoordinateName(current) && !LocationRegistry.isCoordinateName(name)
    }
}

extension LocationRegistry {
    /// A name made from coordinates by `coordinateID` (`51.51N_0.13W`, `-2` suffix allowed).
    public static func isCoordinateName(_ name: String) -> Bool {
        let parts = name.split(separator: "_", maxSplits: 1)
        guard parts.count == 2 else { return false }
        func coordinate(_ s: Substring, _ hemispheres: String) -> Bool {
            guard let h = s.last, hemispheres.contains(h) else { return false }
            let number = s.dropLast()
            return !number.isEmpty && Double(number) != nil && number.allSatisfy { $0.isNumber || $0 == "." }
        }
        let second = parts[1].split(separator: "-", maxSplits: 1)
        if second.count == 2, Int(second[1]) == nil { return false }
        return coordinate(parts[0], "NS") && coordinate(second[0], "EW")
    }

    /// The city of an IANA zone (`Europe/Berlin` → `Berlin`, `America/Argentina/Buenos_Aires` →
    /// `Buenos Aires`): the label One Call and Dark Sky replies give a place. Nil for zones that
    /// name no place (`Etc/GMT+5`, `UTC`).
    public static func cityName(ofZone zone: String?) -> String? {
        guard let zone, let slash = zone.lastIndex(of: "/"), !zone.hasPrefix("Etc/") else { return nil }
        let city = zone[zone.index(after: slash)...].replacingOccurrences(of: "_", with: " ")
        return city.isEmpty ? nil : city
    }
}
