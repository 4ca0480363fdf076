import WeatherStore

/// The rows of a record view (`observations`, `forecasts`) read for export straight from its
/// row table, the one source of the fast CSV and XLSX writers.
///
/// The view joins `feeds` and `location_keys` for every row, filters complete sources with a
/// subquery and formats every instant with `strftime`: a third of an export's time went there.
/// Here the row table alone is scanned in id order; the few feeds and locations are read once
/// into memory by key, a row of an incomplete source is skipped in Swift, and instants come as
/// the Unix seconds they are stored as (the writers format them). The cells are the view's,
/// column for column — `RecordRowsTests` compares both on every value.
final class RecordRows {
    /// Where a declared column's value comes from.
    enum Source {
        /// Column `k` of the scan, as stored.
        case column(Int32)
        /// Column `k` of the scan: Unix seconds the view shows as ISO 8601 text.
        case instant(Int32)
        /// Field `f` of the row's feed (`feedValues[f]`).
        case feed(Int)
        /// The row's location id.
        case location
    }

    /// One source per declared column, in the view's order.
    let sources: [Source]
    /// The current row's feed fields, as the view gives them (NULLIF applied), and its
    /// location id; `feedGeneration` changes whenever they do, so a writer can keep them encoded.
    private(set) var feedValues: [SQLValue] = []
    private(set) var locationValue: SQLValue = .null
    private(set) var feedGeneration = 0

    private let statement: Statement
    private let cells: UnsafeMutableBufferPointer<RowCell>
    private let feedKeyColumn: Int, locationKeyColumn: Int, sourceColumn: Int
    private let feeds: [Int64: [SQLValue]]
    private let locations: [Int64: SQLValue]
    private let completeSources: Set<Int64>
    private var feedKey: Int64?, locationKey: Int64?, lastSource: Int64?, lastSourceComplete = false

    /// The rows of `declaration` (a record view) in `database`; nil for a plain table.
    init?(database: Database, declaration: TableDeclaration) throws {
        guard declaration.isView else { return nil }
        var scanned: [String] = []
        func scan(_ column: String) -> Int32 {
            if let k = scanned.firstIndex(of: column) { return Int32(k) }
            scanned.append(column)
            return Int32(scanned.count - 1)
        }
        var fields: [(field: String, emptyIsNull: Bool)] = []
        var sources: [Source] = []
        for c in declaration.columns {
            switch c.storage {
            case .value: sources.append(.column(scan(c.name)))
            case .instant(let rowColumn): sources.append(.instant(scan(rowColumn)))
            case .feed(let field, let emptyIsNull):
                fields.append((field, emptyIsNull))
                sources.append(.feed(fields.count - 1))
            case .locationID: sources.append(.location)
            }
        }
        feedKeyColumn = Int(scan("feed_key"))
        locationKeyColumn = Int(scan("location_key"))
        sourceColumn = Int(scan("source_id"))
        self.sources = sources
        statement = try database.prepare("SELECT \(scanned.map(Database.quoteIdentifier).joined(separator: ", ")) FROM "
                                         + "\(Database.quoteIdentifier(declaration.rowTable)) ORDER BY id")
        cells = .allocate(capacity: scanned.count)
        cells.initialize(repeating: .null)

        let feedSQL = "SELECT key, " + fields.map { f in
            let q = "d." + Database.quoteIdentifier(f.field)
            return f.emptyIsNull ? "NULLIF(\(q), '')" : q
        }.joined(separator: ", ") + " FROM feeds d"
        var feeds: [Int64: [SQLValue]] = [:]
        for row in try database.rows(fields.isEmpty ? "SELECT key FROM feeds" : feedSQL) {
            if let key = row[0].int { feeds[key] = Array(row.dropFirst()) }
        }
        self.feeds = feeds
        var locations: [Int64: SQLValue] = [:]
        for row in try database.rows("SELECT key, location_id FROM location_keys") {
            if let key = row[0].int { locations[key] = row[1] }
        }
        self.locations = locations
        completeSources = Set(try database.rows("SELECT id FROM main.sources WHERE status = 'complete'").compactMap { $0[0].int })
    }

    deinit { cells.deallocate() }

    /// Steps to the next row the view shows: of a complete source, with a feed and a location
    /// (the view's inner joins). False after the last.
    func next() throws -> Bool {
        while try statement.step() {
            statement.readCells(into: cells)
            guard case .integer(let source) = cells[sourceColumn] else { continue }
            if source != lastSource {
                lastSource = source
                lastSourceComplete = completeSources.contains(source)
            }
            guard lastSourceComplete, case .integer(let fk) = cells[feedKeyColumn], case .integer(let lk) = cells[locationKeyColumn] else { continue }
            if fk != feedKey || lk != locationKey {
                guard let feed = feeds[fk], let location = locations[lk] else { continue }
                feedKey = fk
                locationKey = lk
                feedValues = feed
                locationValue = location
                feedGeneration &+= 1
            }
            return true
        }
        return false
    }

    /// Column `k` of the scan in the current row.
    @inline(__always)
    func cell(_ k: Int32) -> RowCell { cells[Int(k)] }

    /// Column `k` of the scan as a value (a blob's bytes, for the rare cell no fast path writes).
    func value(_ k: Int32) -> SQLValue { statement.column(k) }
}
