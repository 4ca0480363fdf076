#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WeatherStore

extension Exporter {
    /// One sheet written: the table it holds (a part of it when the table was split), its name
    /// and its data rows.
    public struct WrittenSheet: Sendable, Equatable {
        public var table: String
        public var sheet: String
        public var rows: Int
    }

    /// Writes the tables into one workbook at `path`: one sheet per table, split into
    /// `observations (2)`, … past `rowsPerSheet` data rows (Excel's limit less the header).
    /// Values are converted to `units` as in CSV.
    @discardableResult
    public func exportXLSX(tables requested: [String], to path: String, units: Units = .metric) throws -> [WrittenSheet] {
        try exportXLSX(tables: requested, to: path, units: units, rowsPerSheet: XLSXWorkbook.maxRowsPerSheet - 1)
    }

    /// As above with a smaller sheet, so tests can split a table without a million rows;
    /// `fromRowTables: false` reads the record tables through their views (what the fast path
    /// is compared with).
    func exportXLSX(tables requested: [String], to path: String, units: Units, rowsPerSheet: Int,
                    fromRowTables: Bool = true) throws -> [WrittenSheet] {
        let names = try tables(requested)
        try OutputFile.makeParentDirectory(of: path)
        let temp = OutputFile.temporaryName(for: path)
        var written: [WrittenSheet] = []
        do {
            let book = try XLSXWorkbook(path: temp)
            for table in names {
                let columns = try self.columns(of: table, units: units)
                if fromRowTables, units == .metric, let declared = Schema.declaration(of: table), try database.isView(table),
                   let rows = try RecordRows(database: database, declaration: declared), rows.sources.count == columns.count {
                    var sheets = SheetSequence(book: book, base: table, header: columns.map(\.name), types: columns.map(\.type),
                                               rowsPerSheet: rowsPerSheet)
                    try sheets.add(rows)
                    try sheets.finish()
                    written += sheets.written.map { WrittenSheet(table: table, sheet: $0.name, rows: $0.rows) }
                    continue
                }
                // Rows of complete sources only, as in CSV (an ingest may be running beside).
                let filter = try completeSourcesFilter(table: table)
                let stmt = try database.prepare("SELECT * FROM \(Database.quoteIdentifier(table))\(filter) ORDER BY \(try database.rowOrder(of: table))")
                let shape = ExportShape(table: table, columns: stmt.columnNames, dialect: .rfc4180, units: units)
                var sheets = SheetSequence(book: book, base: table, header: shape.header, types: columns.map(\.type), rowsPerSheet: rowsPerSheet)
                try stmt.forEachRow { row in try sheets.add(shape.transform(row)) }
                try sheets.finish()
                written += sheets.written.map { WrittenSheet(table: table, sheet: $0.name, rows: $0.rows) }
            }
            try book.close()
            try OutputFile.moveIntoPlace(temp, path)
        } catch {
            unlink(temp)
            throw error
        }
        return written
    }
}

/// The sheets one table (or one query) fills in order: a new sheet named `name (2)`, `name (3)`,
/// … each time the current one holds `rowsPerSheet` data rows.
struct SheetSequence {
    let book: XLSXWorkbook
    let base: String
    let header: [String]
    let types: [ColumnType]
    let rowsPerSheet: Int
    private var current: XLSXSheet?
    private var rowsInCurrent = 0
    private(set) var written: [(name: String, rows: Int)] = []

    init(book: XLSXWorkbook, base: String, header: [String], types: [ColumnType], rowsPerSheet: Int) {
        self.book = book
        self.base = base
        self.header = header
        self.types = types
        self.rowsPerSheet = max(1, rowsPerSheet)
    }

    mutating func add(_ row: [SQLValue]) throws {
        let (sheet, index) = try nextRow()
        try sheet.write(row: index, row, types: types)
    }

    /// The sheet and row (1-based below the header) the next data row goes to.
    mutating func nextRow() throws -> (XLSXSheet, UInt32) {
        if current == nil || rowsInCurrent == rowsPerSheet { try startSheet() }
        rowsInCurrent += 1
        written[written.count - 1].rows = rowsInCurrent
        return (current!, UInt32(rowsInCurrent))
    }

    /// Closes the last sheet (an empty table still gets its sheet with the header).
    mutating func finish() throws {
        if current == nil { try startSheet() }
        try current!.finish(columns: header.count)
    }

    private mutating func startSheet() throws {
        try current?.finish(columns: header.count)
        let name = SheetSequence.sheetName(base, part: written.count + 1)
        let sheet = try book.addSheet(name)
        try sheet.header(header)
        current = sheet
        rowsInCurrent = 0
        written.append((name, 0))
    }

    /// A valid sheet name: at most 31 characters, none of `[]:*?/\`, the part number after the
    /// first sheet (`observations (2)`).
    static func sheetName(_ base: String, part: Int) -> String {
        let suffix = part == 1 ? "" : " (\(part))"
        let clean = String(base.map { "[]:*?/\\".contains($0) ? "_" : $0 })
        return String(clean.prefix(31 - suffix.count)) + suffix
    }
}

/// What an XLSX export says on stderr: each sheet with its rows, and each table that did not
/// fit one sheet (Excel's limit is 1,048,576 rows) with the sheets it was split across.
public enum XLSXSummary {
    public static func lines(_ sheets: [Exporter.WrittenSheet], path: String) -> [String] {
        var out = sheets.map { "wrote \(path) sheet '\($0.sheet)' (\($0.rows) rows)" }
        var order: [String] = []
        var parts: [String: [Exporter.WrittenSheet]] = [:]
        for s in sheets {
            if parts[s.table] == nil { order.append(s.table) }
            parts[s.table, default: []].append(s)
        }
        for table in order where parts[table]!.count > 1 {
            let p = parts[table]!
            out.append("note: table \(table) has \(p.map(\.rows).reduce(0, +)) rows, more than one sheet holds: split across "
                       + p.map { "'\($0.sheet)'" }.joined(separator: ", "))
        }
        return out
    }
}
