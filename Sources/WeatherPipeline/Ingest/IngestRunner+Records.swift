import WeatherCore
import WeatherIngest
import WeatherProviders
import WeatherStore

/// Writing what one document gave: its records, warnings and places, or its reject.
extension IngestRunner {
    enum Outcome {
        case rejected(Reject)
        /// New records written of `total` decoded (the rest were duplicates).
        case stored(observations: Int, forecasts: Int, total: Int, locationsCreated: Int)
    }

    /// Writes a decoded document's records, warnings and places, or turns a failure into a reject.
    func write(_ result: Result<DecodedDocument, DecodeFailure>, document doc: RawDocument, sourceID: Int64,
               declaredRole: ObservationRole?) throws -> Outcome {
        switch result {
        case .failure(let f):
            return .rejected(IngestRunner.reject(for: f, document: doc))
        case .success(let decoded):
            var newObservations = 0
            var newForecasts = 0
            var created = 0
            for w in decoded.warnings {
                try store.insertWarning(Sanitize.printable(w), format: decoded.format, origin: doc.origin, sourceID: sourceID)
            }
            for q in decoded.quarantined {
                try store.insertWarning(Sanitize.printable(q.message), format: decoded.format, origin: doc.origin, sourceID: sourceID,
                                        fieldPath: q.fieldPath, value: q.value, rule: q.rule)
            }
            for place in decoded.places { try learn(place, created: &created) }
            for var o in decoded.observations {
                o.role = ObservationRole.decide(provider: o.provider, product: o.product, declared: declaredRole)
                let locationID = try resolveLocation(latitude: o.latitude, longitude: o.longitude, hint: o.declaredLocationID,
                                                     name: o.placeName, country: o.country, zone: o.timeZone,
                                                     offset: o.utcOffsetSeconds, created: &created)
                if try store.insert(o, locationID: locationID, sourceID: sourceID, line: doc.origin.line) { newObservations += 1 }
            }
            // By index: the rows are read in place, not copied (with a retain of each text field) as `for f in` would.
            // A reply's forecasts almost always share one point: it is resolved once.
            var locationIDs: [String] = []
            locationIDs.reserveCapacity(decoded.forecasts.count)
            var last: (latitude: Double, longitude: Double, hint: String?, id: String)?
            for k in decoded.forecasts.indices {
                let (lat, lon, hint) = (decoded.forecasts[k].latitude, decoded.forecasts[k].longitude, decoded.forecasts[k].declaredLocationID)
                if let last, last.latitude == lat, last.longitude == lon, last.hint == hint {
                    locationIDs.append(last.id)
                    continue
                }
                let id = try resolveLocation(latitude: lat, longitude: lon, hint: hint, name: nil, country: nil, zone: nil, offset: nil,
                                             created: &created)
                locationIDs.append(id)
                last = (lat, lon, hint, id)
            }
            newForecasts = try store.insert(forecasts: decoded.forecasts, locationIDs: locationIDs, sourceID: sourceID,
                                            line: doc.origin.line)
            return .stored(observations: newObservations, forecasts: newForecasts, total: decoded.recordCount, locationsCreated: created)
        }
    }

    /// A place from a geocoding reply or a reply's header: joins (or creates) a location and
    /// gives it the name, country, state and time zone it lacks. A zone learned from one provider
    /// then serves every provider at that location (WeatherKit bodies carry none).
    func learn(_ place: PlaceInfo, created: inout Int) throws {
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

    static func reject(for f: DecodeFailure, document: RawDocument) -> Reject {
        Reject(origin: document.origin, reason: f.reason, message: f.message, fieldPath: f.fieldPath,
               excerpt: Reject.excerpt(of: document.bytes, around: f.offset ?? 0))
    }

    static func reject(for error: IngestError, origin: Origin, partial: [UInt8]) -> Reject {
        let reason: RejectReason
        switch error.kind {
        case .truncated: reason = .truncatedInput
        case .corrupt: reason = .corruptInput
        case .tooLarge: reason = .tooLarge
        case .unreadable: reason = .unreadable
        }
        var message = error.message
        if !partial.isEmpty { message += "; the document in progress (\(partial.count) bytes read) is lost" }
        // The error's place, when it has one, is the reject's `byte_offset`: the byte the
        // message names, in the bytes it names; the line stays where the lost document began.
        var at = origin
        if let offset = error.byteOffset { at.byteOffset = offset }
        return Reject(origin: at, reason: reason, message: message,
                      excerpt: partial.isEmpty ? "" : Reject.excerpt(of: partial))
    }
}
