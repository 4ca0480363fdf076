import WeatherCore

/// Observations waiting to be inserted together: up to `capacity` rows, from one document or
/// from many, go into `observation_rows` in one statement (`VALUES (…), (…), …`).
///
/// A reply of current weather holds one observation; inserted one statement each, SQLite's
/// cost of starting and ending a statement (opening its cursors on the table and its two
/// indexes, halting) was paid per row. Measured with SQLite alone on the store's own table,
/// 60,800 rows take 0.236 s one statement each and 0.19 s sixteen at a time.
///
/// Whether each row was new or a duplicate is still known row by row. When the statement wrote
/// every row (the common case) all were new; when it wrote some, the ids of the rows it wrote
/// tell which (`findInserted`). Rows of one statement are inserted in order, so of two queued
/// rows with one key the first is the one inserted, exactly as single inserts keep the first.
/// Returning the keys of the rows written (`RETURNING`) instead made SQLite's statement 45 %
/// dearer. The queue holds each row's document's array of observations (not a copy of
/// the row), so that it binds the row in place.
final class ObservationQueue {
    /// Rows per statement at most.
    static let capacity = 16

    struct Entry {
        var observations: [Observation]
        var index: Int
        var role: ObservationRole?
        var locationKey: Int64
        var feedKey: Int64
        var observedAt: Int64
        var sourceID: Int64
        var line: Int
        /// The caller's tag, given back for each row that was new.
        var tag: Int
    }

    private let database: Database
    private(set) var entries: [Entry] = []
    /// The statement of each number of rows, prepared when first needed.
    private var statements: [Statement?] = Array(repeating: nil, count: ObservationQueue.capacity + 1)
    private var inserted: [Bool] = Array(repeating: false, count: ObservationQueue.capacity)
    private var findRow: Statement?

    init(database: Database) {
        self.database = database
        entries.reserveCapacity(Self.capacity)
    }

    var isFull: Bool { entries.count >= Self.capacity }

    func append(_ entry: Entry) { entries.append(entry) }

    /// Drops the queue unwritten: the transaction it was for rolled back.
    func discard() { entries.removeAll(keepingCapacity: true) }

    /// Inserts every queued row in one statement and empties the queue; `new` is called with
    /// the tag of each row that was new, in queue order.
    func flush(_ new: (Int) -> Void) throws(StoreError) {
        let count = entries.count
        guard count > 0 else { return }
        defer { entries.removeAll(keepingCapacity: true) }
        let statement = try statement(rows: count)
        let layout = RecordTables.observationLayout
        statement.resetForRow()
        var binder = RowBinder(statement: statement, columns: layout.columns, index: 1)
        for entry in entries {
            try entry.observations.withUnsafeBufferPointer { (rows) throws(StoreError) in
                try layout.bind(&binder, PlacedObservation(record: rows.baseAddress! + entry.index, role: entry.role,
                                                           locationKey: entry.locationKey, feedKey: entry.feedKey,
                                                           sourceID: entry.sourceID, line: entry.line))
            }
        }
        if Int(binder.index) - 1 != count * layout.columns.count {
            throw StoreError.bindingMismatch(bound: Int(binder.index) - 1, expected: count * layout.columns.count, sql: statement.sql)
        }
        try statement.execute()
        let written = database.changes
        if written == count {
            for entry in entries { new(entry.tag) }
        } else if written > 0 {
            try findInserted(written)
            for k in 0..<count where inserted[k] { new(entries[k].tag) }
        }
    }

    /// Which queued rows the last statement inserted, when it inserted some (`written`) but not
    /// all: SQLite gives a table with an integer primary key the rowid after the largest, so
    /// the rows one statement inserted have the last `written` ids. A queued row was inserted
    /// when the row stored under its key has one of them and no earlier queued row has its key.
    private func findInserted(_ written: Int) throws(StoreError) {
        if findRow == nil {
            findRow = try database.prepare("SELECT id FROM observation_rows WHERE location_key = ? AND observed_at_unix = ? AND feed_key = ?")
        }
        let last = database.lastInsertRowID
        let first = last - Int64(written) + 1
        for k in entries.indices {
            inserted[k] = false
            let e = (entries[k].locationKey, entries[k].observedAt, entries[k].feedKey)
            if (0..<k).contains(where: { entries[$0].locationKey == e.0 && entries[$0].observedAt == e.1 && entries[$0].feedKey == e.2 }) { continue }
            guard let id = try findRow!.rows([.integer(e.0), .integer(e.1), .integer(e.2)]).first?.first?.int else { continue }
            inserted[k] = id >= first && id <= last
        }
    }

    private func statement(rows: Int) throws(StoreError) -> Statement {
        if let statement = statements[rows] { return statement }
        let sql = ColumnInsert<PlacedObservation>.sql(table: "observation_rows", columns: RecordTables.observationLayout.columns,
                                                      verb: "OR IGNORE", rows: rows)
        let statement = try database.prepare(sql)
        statements[rows] = statement
        return statement
    }
}
