import WeatherCore
import WeatherStore

/// Maps the attached shard's locations onto the output's by the rules an ingest resolves a
/// point with (`LocationRegistry`), so that the output has the locations one ingest of all
/// the inputs would have created: a declared location or one named by an
/// envelope keeps its id; a location named after its coordinates joins the location whose
/// radius holds it, else is created under its own id.
///
/// What one ingest takes from the first reply of a place (its point, hence its id; its name,
/// zone, offset) comes here from the location whose first record one ingest reads first, its
/// rank (`merged_location_ranks`, the `IngestOrder` rank of its first record's source); the other only fills what that one lacks, as `IngestRunner`
/// learns from later replies. A location with no record ranks last.
/// Fills `temp.location_map` (shard id → output id).
struct LocationMerge {
    let store: Store
    /// The attached shard's identity when the caller has it (`LocationFirstRecords` checks it).
    var shardIdentity: String? = nil
    var database: Database { store.database }

    /// Returns the number of locations created in the output.
    func merge() throws -> Int {
        try database.execute("CREATE TABLE IF NOT EXISTS merged_location_ranks (location_id TEXT PRIMARY KEY, first_rank TEXT)")
        var registry = try loadRegistry()
        var created = 0
        let map = try database.prepare("INSERT OR REPLACE INTO temp.location_map(shard_id, merged_id) VALUES (?, ?)")
        let ranks = try shardRanks()
        let incoming = try shardLocations().enumerated().sorted { a, b in
            Rank(ranks[a.element.id]) < Rank(ranks[b.element.id]) || (Rank(ranks[a.element.id]) == Rank(ranks[b.element.id]) && a.offset < b.offset)
        }.map(\.element)
        for location in incoming {
            let rank = Rank(ranks[location.id])
            let keepsID = location.declared || !LocationRegistry.isCoordinateName(location.id)
            var probe = registry  // resolving adds a point's new location; only the answer is wanted here
            let existingID = keepsID ? (registry.location(id: location.id) != nil ? location.id : nil)
                                     : probe.resolve(latitude: location.latitude, longitude: location.longitude).existingID
            var target: Location
            var targetRank = rank
            if let existingID, let existing = registry.location(id: existingID) {
                let existingRank = try self.rank(of: existingID)
                targetRank = min(rank, existingRank)
                let incomingFirst = rank < existingRank
                let movable = !keepsID && !existing.declared && LocationRegistry.isCoordinateName(existingID)
                if incomingFirst && movable && registry.location(id: location.id) == nil {
                    // One ingest would have created the place at this shard's first point, under its id.
                    target = location
                    learn(from: existing, into: &target)
                    try rename(existingID, to: target)
                    registry = try loadRegistry()
                } else {
                    let incomingWins = location.declared && !existing.declared || (incomingFirst && !existing.declared)
                    target = incomingWins ? location : existing
                    learn(from: incomingWins ? existing : location, into: &target)
                    target.id = existingID
                }
            } else {
                target = location
                if !keepsID, registry.location(id: location.id) != nil { target.id = uniqueID(for: location, in: registry) }
                created += 1
            }
            registry.add(target)
            try save(target)
            try database.run("INSERT OR REPLACE INTO merged_location_ranks(location_id, first_rank) VALUES (?, ?)",
                             [.text(target.id), .optional(targetRank.value)])
            try map.run([.text(location.id), .text(target.id)])
        }
        return created
    }

    /// An `IngestOrder` rank: nil (no record) after every other.
    struct Rank: Comparable {
        var value: String?
        init(_ value: String?) { self.value = value }
        static func < (a: Rank, b: Rank) -> Bool {
            switch (a.value, b.value) {
            case let (x?, y?): return x < y
            case (_?, nil): return true
            default: return false
            }
        }
    }

    /// The output location's rank; one not written by a merge was there first.
    private func rank(of id: String) throws -> Rank {
        let rows = try database.rows("SELECT first_rank FROM merged_location_ranks WHERE location_id = ?", [.text(id)])
        guard let row = rows.first else { return Rank("") }
        return Rank(row[0].string)
    }

    /// Each shard location's first record, as the rank of its source (`IngestOrder`).
    private func shardRanks() throws -> [String: String] { try LocationFirstRecords.ranks(database, identity: shardIdentity) }

    /// Moves the records of an output location to the earlier-ranked location that replaces it.
    private func rename(_ old: String, to location: Location) throws {
        try save(location)
        try RecordMerge(database).moveRecords(from: old, to: location.id)
        try database.run("UPDATE temp.location_map SET merged_id = ? WHERE merged_id = ?", [.text(location.id), .text(old)])
        // The maps of the stores resolved before this one (a location-sharded merge keeps them all).
        try database.run("UPDATE temp.location_final SET merged_id = ? WHERE merged_id = ?", [.text(location.id), .text(old)])
        try database.run("DELETE FROM merged_location_ranks WHERE location_id = ?", [.text(old)])
        try database.run("DELETE FROM main.locations WHERE id = ?", [.text(old)])
    }

    /// Inserts the location or sets every field of it (`Store.saveLocation` keeps the point of
    /// an undeclared location, which is right for an ingest but not when an earlier one replaces it).
    private func save(_ l: Location) throws {
        try store.saveLocation(l)
        try database.run("""
            UPDATE main.locations SET name = ?, country = ?, state = ?, lat = ?, lon = ?, timezone = ?, utc_offset_s = ?,
                radius_km = ?, declared = ? WHERE id = ?
            """, [.optional(l.name), .optional(l.country), .optional(l.state), .real(l.latitude), .real(l.longitude), .optional(l.timeZone),
                  .optional(l.utcOffsetSeconds), .real(l.radiusKm), .integer(l.declared ? 1 : 0), .text(l.id)])
    }

    /// What `IngestRunner` takes from a later reply of a known place: a name it accepts, and a
    /// country, state and zone it lacks.
    private func learn(from other: Location, into target: inout Location) {
        if target.acceptsName(other.name) { target.name = other.name }
        if target.country == nil { target.country = other.country }
        if target.state == nil { target.state = other.state }
        if target.timeZone == nil, let zone = other.timeZone { target.timeZone = zone }
        if target.timeZone == nil, target.utcOffsetSeconds == nil { target.utcOffsetSeconds = other.utcOffsetSeconds }
    }

    private func uniqueID(for location: Location, in registry: LocationRegistry) -> String {
        var n = 2
        while registry.location(id: location.id + "-\(n)") != nil { n += 1 }
        return location.id + "-\(n)"
    }

    private func loadRegistry() throws -> LocationRegistry {
        var registry = LocationRegistry()
        for location in try store.loadLocations() { registry.add(location) }
        return registry
    }

    private func shardLocations() throws -> [Location] {
        try database.rows("""
            SELECT id, name, country, lat, lon, timezone, utc_offset_s, radius_km, declared, state FROM shard.locations ORDER BY rowid
            """).map { r in
            var l = Location(id: r[0].string ?? "", name: r[1].string, country: r[2].string,
                             latitude: r[3].double ?? 0, longitude: r[4].double ?? 0, timeZone: r[5].string,
                             utcOffsetSeconds: r[6].int.map(Int.init), radiusKm: r[7].double ?? 25, declared: r[8].int == 1)
            l.state = r[9].string
            return l
        }
    }
}

extension LocationRegistry.Resolution {
    /// The id of a location that was already there; nil when the point created one.
    var existingID: String? {
        if case .existing(let id) = self { return id }
        return nil
    }
}
