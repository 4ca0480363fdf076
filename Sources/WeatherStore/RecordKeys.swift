/// The integer keys record rows carry instead of repeated text (a third of the store's bytes): a location's key in
/// `location_keys`, and a feed's — provider, product, model, period, station — in `feeds`.
///
/// A key is looked up (or created) once per distinct value and then remembered. Consecutive
/// records almost always share both, so the last one is checked first, field by field, without
/// hashing. The memory is dropped whenever the connection rolls back, because keys created
/// inside the rolled-back transaction no longer exist (`Database.rollbacks`).
final class RecordKeys {
    private let database: Database
    private var insertFeed: Statement?
    private var findFeed: Statement?
    private var findLocation: Statement?
    private var feeds: [FeedName: Int64] = [:]
    private var lastFeed: (name: FeedName, key: Int64)?
    private var locations: [String: Int64] = [:]
    private var lastLocation: (id: String, key: Int64)?
    private var rollbacksSeen = 0

    init(database: Database) { self.database = database }

    struct FeedName: Hashable {
        var provider: String, product: String, model: String, period: String, station: String
    }

    /// The feed's key, created when it is new.
    func feed(provider: String, product: String, model: String?, period: String, station: String?) throws(StoreError) -> Int64 {
        dropIfRolledBack()
        if let last = lastFeed, last.name.provider == provider, last.name.product == product, last.name.model == (model ?? ""),
           last.name.period == period, last.name.station == (station ?? "") {
            return last.key
        }
        let name = FeedName(provider: provider, product: product, model: model ?? "", period: period, station: station ?? "")
        let key: Int64
        if let known = feeds[name] { key = known } else { key = try lookUp(name) }
        feeds[name] = key
        lastFeed = (name, key)
        return key
    }

    /// The key of a location already in `locations` (its trigger gave it one).
    func location(_ id: String) throws(StoreError) -> Int64 {
        dropIfRolledBack()
        if let last = lastLocation, last.id == id { return last.key }
        let key: Int64
        if let known = locations[id] {
            key = known
        } else {
            if findLocation == nil { findLocation = try database.prepare("SELECT key FROM location_keys WHERE location_id = ?") }
            guard let found = try findLocation!.rows([.text(id)]).first?.first?.int else {
                throw StoreError.inconsistent(path: database.path, what: "location \(id) has no key: it was not saved before its records")
            }
            key = found
            locations[id] = key
        }
        lastLocation = (id, key)
        return key
    }

    private func lookUp(_ name: FeedName) throws(StoreError) -> Int64 {
        if insertFeed == nil {
            insertFeed = try database.prepare("INSERT OR IGNORE INTO feeds(provider, product, model, period, station_id) VALUES (?, ?, ?, ?, ?)")
            findFeed = try database.prepare("""
                SELECT key FROM feeds WHERE provider = ? AND product = ? AND model = ? AND period = ? AND station_id = ?
                """)
        }
        let values: [SQLValue] = [.text(name.provider), .text(name.product), .text(name.model), .text(name.period), .text(name.station)]
        try insertFeed!.run(values)
        guard let key = try findFeed!.rows(values).first?.first?.int else {
            throw StoreError.inconsistent(path: database.path, what: "feed \(name.provider)/\(name.product) has no key after it was written")
        }
        return key
    }

    private func dropIfRolledBack() {
        guard database.rollbacks != rollbacksSeen else { return }
        rollbacksSeen = database.rollbacks
        feeds = [:]
        locations = [:]
        lastFeed = nil
        lastLocation = nil
    }
}
