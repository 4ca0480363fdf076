#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WeatherStore

/// Exports tables of a store as CSV files or as a standalone SQLite file.
///
/// Each output is written to a temporary name beside its destination and renamed into place
/// only when complete, so a failed export never leaves a half-written file behind.
public struct Exporter {
    public let database: Database

    public init(database: Database) { self.database = database }

    /// What an export wrote: the CSV files with their row counts, or the one SQLite file.
    public enum Written: Sendable, Equatable {
        case csvFiles([WrittenTable])
        case sqliteFile
        /// The sheets of the one workbook, with their rows (a large table spans several).
        case workbook([WrittenSheet])
    }

    /// One CSV file written: its table and how many rows it holds.
    public struct WrittenTable: Sendable, Equatable {
        public var table: String
        public var rows: Int
    }

    /// Writes `request` to `path` (a folder for CSV, a file for SQLite).
    public func export(_ request: ExportRequest, to path: String) throws -> Written {
        switch request.format {
        case .csv:
            let files = try exportCSV(tables: request.tables, to: path, dialect: request.dialect, units: request.units)
            return .csvFiles(files.map { WrittenTable(table: $0.0, rows: $0.1) })
        case .sqlite:
            try exportSQLite(tables: request.tables, to: path)
            return .sqliteFile
        case .xlsx:
            return .workbook(try exportXLSX(tables: request.tables, to: path, units: request.units))
        }
    }

    /// Resolves requested table names against the store; unknown names are an error.
    public func tables(_ requested: [String]) throws -> [String] {
        let existing = try database.userTableNames().filter { $0 != "meta" }
        if requested.isEmpty { return existing }
        for name in requested where !existing.contains(name) {
            if !Schema.dataTables.contains(name) {  // a derived table (names were checked against the known ones)
                throw ExportError("the store has no table '\(name)' yet: run 'wxpipe aggregate --db \(database.path)' first")
            }
            throw ExportError("no table named '\(name)' (tables: \(existing.joined(separator: ", ")))")
        }
        return requested
    }

    /// Writes `<dir>/<table>.csv` for each table; returns (table, rows) pairs.
    @discardableResult
    public func exportCSV(tables requested: [String], to directory: String, dialect: CSVDialect = .rfc4180,
                          units: Units = .metric) throws -> [(String, Int)] {
        let names = try tables(requested)
        try OutputFile.makeDirectory(directory)
        var written: [(String, Int)] = []
        for table in names {
            let final = directory + "/" + table + ".csv"
            let temp = OutputFile.temporaryName(for: final)
            do {
                let rows = try writeCSV(table: table, to: temp, dialect: dialect, units: units)
                try OutputFile.moveIntoPlace(temp, final)
                written.append((table, rows))
            } catch {
                unlink(temp)
                throw error
            }
        }
        try CSVSchema.write(tables: try names.map { ($0, try columns(of: $0, units: units)) }, dialect: dialect, to: directory)
        return written
    }

    /// One table as CSV into `path`, streamed row by row; returns the number of rows.
    private func writeCSV(table: String, to path: String, dialect: CSVDialect, units: Units) throws -> Int {
        let writer = try FileWriter(path: path)
        let filter = try completeSourcesFilter(table: table)
        if units == .metric { return try writeCSVBytes(table: table, filter: filter, to: writer, dialect: dialect) }
        let stmt = try database.prepare("SELECT * FROM \(Database.quoteIdentifier(table))\(filter) ORDER BY \(try database.rowOrder(of: table))")
        let shape = ExportShape(table: table, columns: stmt.columnNames, dialect: dialect, units: units)
        let types = try columns(of: table, units: units).map(\.type)
        try writer.write(dialect.preamble + CSV.line(shape.header.map { CSV.headerCell($0, dialect: dialect) }, dialect: dialect) + dialect.lineEnding)
        var rows = 0
        try stmt.forEachRow { row in
            let cells = zip(shape.transform(row), types).map { CSV.cell($0, as: $1, dialect: dialect) }
            try writer.write(CSV.line(cells, dialect: dialect) + dialect.lineEnding)
            rows += 1
        }
        try writer.close()
        return rows
    }

    /// The metric export, cells written as bytes from the statement (`CSVEncoder`); a record
    /// table of a current store is read from its row table (`RecordRows`), not through its view.
    private func writeCSVBytes(table: String, filter: String, to writer: FileWriter, dialect: CSVDialect) throws -> Int {
        let columns = try columns(of: table)
        let types = columns.map(\.type)
        try writer.write(dialect.preamble + CSV.line(columns.map { CSV.headerCell($0.name, dialect: dialect) }, dialect: dialect)
                         + dialect.lineEnding)
        if let declared = Schema.declaration(of: table), try database.isView(table),
           let rows = try RecordRows(database: database, declaration: declared) {
            guard rows.sources.count == columns.count else {
                throw ExportError("\(table): \(rows.sources.count) columns read for \(columns.count) declared")
            }
            return try writeCSV(rows, types: types, to: writer, dialect: dialect)
        }
        let stmt = try database.prepare("SELECT * FROM \(Database.quoteIdentifier(table))\(filter) ORDER BY \(try database.rowOrder(of: table))")
        guard Int(stmt.columnCount) == columns.count else {
            throw ExportError("\(table): \(stmt.columnCount) columns read for \(columns.count) declared")
        }
        var encoder = CSVEncoder(dialect: dialect, capacity: Self.chunk + (1 << 16))
        var count = 0
        while try stmt.step() {
            for i in 0..<types.count {
                if i > 0 { encoder.appendSeparator() }
                encoder.appendCell(stmt, Int32(i), type: types[i], unixInstant: false)
            }
            try endRow(&encoder, count: &count, writer: writer)
        }
        return try finish(encoder, count: count, writer: writer)
    }

    /// Bytes gathered before each write: large writes, a flat footprint.
    static let chunk = 1 << 20

    /// Ends a CSV row and writes what is gathered once it reaches a chunk.
    private func endRow(_ encoder: inout CSVEncoder, count: inout Int, writer: FileWriter) throws {
        encoder.appendLineEnd()
        count += 1
        if encoder.count >= Self.chunk {
            try writer.write(bytes: encoder.encoded)
            encoder.removeAll()
        }
    }

    /// Writes the last bytes and closes the file; the rows written.
    private func finish(_ encoder: CSVEncoder, count: Int, writer: FileWriter) throws -> Int {
        try writer.write(bytes: encoder.encoded)
        try writer.close()
        return count
    }

    /// A record table from its row table: the feed's and location's cells encoded once per
    /// change of feed, instants formatted from their seconds.
    func writeCSV(_ rows: RecordRows, types: [ColumnType], to writer: FileWriter, dialect: CSVDialect) throws -> Int {
        var encoder = CSVEncoder(dialect: dialect, capacity: Self.chunk + (1 << 16))
        // The feed's and location's cells of the current row, by column.
        var joined: [[UInt8]] = Array(repeating: [], count: types.count)
        var generation = -1
        let sources = rows.sources
        var count = 0
        while try rows.next() {
            if rows.feedGeneration != generation {
                generation = rows.feedGeneration
                for (i, source) in sources.enumerated() {
                    switch source {
                    case .feed(let f): joined[i] = Array(CSV.cell(rows.feedValues[f], as: types[i], dialect: dialect).utf8)
                    case .location: joined[i] = Array(CSV.cell(rows.locationValue, as: types[i], dialect: dialect).utf8)
                    case .column, .instant: continue
                    }
                }
            }
            for i in 0..<sources.count {
                if i > 0 { encoder.appendSeparator() }
                switch sources[i] {
                case .column(let k):
                    let cell = rows.cell(k)
                    if case .blob = cell {
                        encoder.append(CSV.cell(rows.value(k), as: types[i], dialect: dialect))
                    } else {
                        encoder.append(cell, type: types[i])
                    }
                case .instant(let k):
                    encoder.appendInstant(rows.cell(k)) { rows.value(k) }
                case .feed, .location:
                    encoder.append(bytes: joined[i])
                }
            }
            try endRow(&encoder, count: &count, writer: writer)
        }
        return try finish(encoder, count: count, writer: writer)
    }
}
