import WeatherCore
import WeatherIngest
import WeatherProviders
import WeatherStore

/// Writing one decoded document's records, warnings and places.
extension RecordWriter {
    /// Writes the records, warnings and places of a decoded document of the current source.
    func writeRecords(_ decoded: DecodedDocument, origin: Origin, declaredRole: ObservationRole?) throws -> Written {
        var written = Written()
        var created = 0
        // Read once: each read of a writer's property is a checked access.
        let sourceID = self.sourceID
        for w in decoded.warnings {
            try store.insertWarning(Sanitize.printable(w), format: decoded.format, origin: origin, sourceID: sourceID)
        }
        for q in decoded.quarantined {
            try store.insertWarning(Sanitize.printable(q.message), format: decoded.format, origin: origin, sourceID: sourceID,
                                    fieldPath: q.fieldPath, value: q.value, rule: q.rule)
        }
        for place in decoded.places { try learn(place, created: &created) }
        // In place, as the forecasts below: copying each observation (to set its role) retained
        // and released each of its text fields. The rows are queued for grouped inserts; the
        // document is counted once they are written (`Waiting`).
        if !decoded.observations.isEmpty { waiting.append(Waiting()) }
        try decoded.observations.withUnsafeBufferPointer { observations in
            for k in observations.indices {
                let o = observations.baseAddress! + k
                let role = role(of: o.pointee, declared: declaredRole)
                let point = PlaceInfo(latitude: o.pointee.latitude, longitude: o.pointee.longitude, name: o.pointee.placeName,
                                      country: o.pointee.country, timeZone: o.pointee.timeZone,
                                      utcOffsetSeconds: o.pointee.utcOffsetSeconds, declaredLocationID: o.pointee.declaredLocationID)
                let locationID: String
                if let id = resolvedPoints.id(of: point, revision: registry.revision) {
                    locationID = id
                } else {
                    let revision = registry.revision
                    locationID = try resolveLocation(latitude: o.pointee.latitude, longitude: o.pointee.longitude,
                                                     hint: o.pointee.declaredLocationID, name: o.pointee.placeName,
                                                     country: o.pointee.country, zone: o.pointee.timeZone,
                                                     offset: o.pointee.utcOffsetSeconds, created: &created)
                    if registry.revision == revision { resolvedPoints.remember(point, id: locationID, revision: revision) }
                }
                try store.queue(observation: k, of: decoded.observations, role: role, locationID: locationID, sourceID: sourceID,
                                line: origin.line, tag: waiting.count - 1)  // last: a flush inside this document moves it
                if store.observationQueueIsFull { try flushObservations() }
            }
        }
        // By index: the rows are read in place, not copied (with a retain of each text field) as `for f in` would.
        // A reply's forecasts almost always share one point: it is resolved once.
        var locationIDs: [String] = []
        locationIDs.reserveCapacity(decoded.forecasts.count)
        // Through a buffer pointer: indexing the array here copied each row (about 400 bytes).
        var last: (latitude: Double, longitude: Double, hint: String?, id: String)?
        try decoded.forecasts.withUnsafeBufferPointer { forecasts in
            for f in forecasts.indices.lazy.map({ forecasts.baseAddress! + $0 }) {
                let (lat, lon) = (f.pointee.latitude, f.pointee.longitude)
                if let last, last.latitude == lat, last.longitude == lon, last.hint == f.pointee.declaredLocationID {
                    locationIDs.append(last.id)
                    continue
                }
                let hint = f.pointee.declaredLocationID
                let id = try resolveLocation(latitude: lat, longitude: lon, hint: hint, name: nil, country: nil, zone: nil, offset: nil,
                                             created: &created)
                locationIDs.append(id)
                last = (lat, lon, hint, id)
            }
        }
        written.forecasts = try store.insert(forecasts: decoded.forecasts, locationIDs: locationIDs, sourceID: sourceID,
                                             line: origin.line)
        written.locationsCreated = created
        return written
    }

    /// The role of an observation (`ObservationRole.decide`), the last one's again for the same
    /// provider and product.
    func role(of o: borrowing Observation, declared: ObservationRole?) -> ObservationRole {
        if let declared { return declared }
        if let last = lastRole, last.provider == o.provider, last.product == o.product { return last.role }
        let role = ObservationRole.decide(provider: o.provider, product: o.product)
        lastRole = (o.provider, o.product, role)
        return role
    }

    /// A place from a geocoding reply or a reply's header: joins (or creates) a location and
    /// gives it the name, country, state and time zone it lacks. A zone learned from one provider
    /// then serves every provider at that location (WeatherKit bodies carry none).
    func learn(_ place: PlaceInfo, created: inout Int) throws {
        if learnedPlaces.contains(place, revision: registry.revision) { return }
        let revision = registry.revision
        try learnAnew(place, created: &created)
        if registry.revision == revision { learnedPlaces.remember(place, id: "", revision: revision) }
    }

    private func learnAnew(_ place: PlaceInfo, created: inout Int) throws {
        let id = try resolveLocation(latitude: place.latitude, longitude: place.longitude, hint: place.declaredLocationID,
                                     name: place.name, country: place.country, zone: place.timeZone,
                                     offset: place.utcOffsetSeconds, created: &created)
        guard var location = registry.location(id: id) else { return }
        // The common case — every reply of a station names it the same way — changes nothing:
        // skip the name checks (they split the name) for it.
        if place.name == nil || location.name == place.name,
           location.country != nil || place.country == nil, location.state != nil || place.state == nil { return }
        let before = location
        if location.acceptsName(place.name) { location.name = place.name }
        if location.country == nil { location.country = place.country }
        if location.state == nil { location.state = place.state }
        if location != before {
            registry.add(location)
            try store.saveLocation(location)
        }
    }

    func resolveLocation(latitude: Double, longitude: Double, hint: String?, name: String?, country: String?,
                         zone: String?, offset: Int?, created: inout Int) throws -> String {
        let resolution = registry.resolve(latitude: latitude, longitude: longitude, hint: hint,
                                          name: name, country: country, utcOffsetSeconds: offset, timeZone: zone)
        switch resolution {
        case .created(let location):
            try store.saveLocation(location)
            created += 1
            return location.id
        case .existing(let id):
            if var location = registry.location(id: id) {
                var changed = false
                if location.timeZone == nil, let zone { location.timeZone = zone; changed = true }
                if location.timeZone == nil, location.utcOffsetSeconds == nil, let offset { location.utcOffsetSeconds = offset; changed = true }
                if changed {
                    registry.add(location)
                    try store.saveLocation(location)
                }
            }
            return id
        }
    }
}

/// Places (or record points) that resolved without changing any location, with the location
/// they resolved to, valid while the registry's `revision` stays the same: the same inputs
/// against the same registry resolve the same way and change nothing again. An archive of
/// current-weather replies cycles through its places, and resolving each reply's place anew
/// (hashing its id, copying its location, twice for the place and twice for the record) was a
/// fifth of the writer's time. Keyed by the coordinates' bits, like the registry's own cache.
struct PlaceMemo {
    private struct Key: Hashable {
        var latitude: UInt64
        var longitude: UInt64
    }
    private var entries: [Key: (place: PlaceInfo, id: String)] = [:]
    private var revision = -1
    /// Places remembered at most; past it the memo starts again (an archive of many more
    /// places than this gains little from it).
    static let capacity = 4096

    func id(of place: PlaceInfo, revision: Int) -> String? {
        guard revision == self.revision,
              let entry = entries[Key(latitude: place.latitude.bitPattern, longitude: place.longitude.bitPattern)],
              entry.place == place else { return nil }
        return entry.id
    }

    func contains(_ place: PlaceInfo, revision: Int) -> Bool { id(of: place, revision: revision) != nil }

    mutating func remember(_ place: PlaceInfo, id: String, revision: Int) {
        if revision != self.revision || entries.count >= Self.capacity {
            entries.removeAll(keepingCapacity: true)
            self.revision = revision
        }
        entries[Key(latitude: place.latitude.bitPattern, longitude: place.longitude.bitPattern)] = (place, id)
    }
}
