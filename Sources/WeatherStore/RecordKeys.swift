import WeatherCore

/// The integer keys record rows carry instead of text (rows stay small when the same provider,
/// product and location names would otherwise repeat on every one): a location's key in
/// `location_keys`, and a `Feed`'s — provider, product, model, period, station — in `feeds`.
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
    private var feeds: [Feed: Int64] = [:]
    private var lastFeed: (feed: Feed, key: Int64)?
    private var locations: [String: Int64] = [:]
    private var lastLocation: (id: String, key: Int64)?
    private var rollbacksSeen = 0

    init(database: Database) { self.database = database }

    /// The feed's key, created when it is new.
    func key(of feed: Feed) throws(StoreError) -> Int64 {
        dropIfRolledBack()
        if let last = lastFeed, last.feed == feed { return last.key }
        let key: Int64
        if let known = feeds[feed] { key = known } else { key = try lookUp(feed) }
        feeds[feed] = key
        lastFeed = (feed, key)
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

    /// The `feeds` row of `feed`: absent parts are stored as empty text (NOT NULL columns).
    private func lookUp(_ feed: Feed) throws(StoreError) -> Int64 {
        if insertFeed == nil {
            insertFeed = try database.prepare("INSERT OR IGNORE INTO feeds(provider, product, model, period, station_id) VALUES (?, ?, ?, ?, ?)")
            findFeed = try database.prepare("""
                SELECT key FROM feeds WHERE provider = ? AND product = ? AND model = ? AND period = ? AND station_id = ?
                """)
        }
        let values: [SQLValue] = [.text(feed.provider), .text(feed.product), .text(feed.model ?? ""), .text(feed.period?.rawValue ?? ""),
                                  .text(feed.station ?? "")]
        try insertFeed!.run(values)
        guard let key = try findFeed!.rows(values).first?.first?.int else {
            throw StoreError.inconsistent(path: database.path, what: "feed \(feed.productName) has no key after it was written")
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
