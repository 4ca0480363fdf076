import WeatherStore

/// What an export writes.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// One RFC 4180 file per table in a folder.
    case csv
    /// The chosen tables, schema and rows, copied into a new SQLite file.
    case sqlite
    /// One workbook, a sheet per table, with typed cells (numbers, dates), for spreadsheets.
    case xlsx

    /// Whether values can be converted to another unit system: a SQLite copy is the store's
    /// tables as they are (their column names carry metric units), so it cannot.
    public var convertsUnits: Bool { self != .sqlite }
    /// Whether a CSV dialect applies (a workbook's cells are typed, so it needs none).
    public var hasDialect: Bool { self == .csv }
}

/// One export, checked: options that the format would ignore are refused rather than dropped,
/// so `--format sqlite --units imperial` is an error and not a silently metric file.
public struct ExportRequest: Sendable, Equatable {
    public let format: ExportFormat
    public let tables: [String]
    public let dialect: CSVDialect
    public let units: Units

    public init(format: ExportFormat, tables: [String] = [], dialect: CSVDialect = .rfc4180,
                units: Units = .metric) throws(ExportError) {
        if units != .metric && !format.convertsUnits {
            throw ExportError("--units \(units.rawValue) applies to CSV and XLSX only: a \(format.rawValue) export keeps the store's metric units")
        }
        if dialect != .rfc4180 && !format.hasDialect {
            throw ExportError("--dialect \(dialect.rawValue) applies to CSV only, not to \(format == .xlsx ? "an" : "a") \(format.rawValue) export")
        }
        self.format = format
        self.tables = tables
        self.dialect = dialect
        self.units = units
    }
}

extension ExportRequest {
    /// Refuses a table name no wxpipe store has (a typo is a usage error, exit 2, naming the
    /// valid tables), before any store is opened. `known` comes from the stage that knows the
    /// derived tables too (`ExportStage.knownTables`): export itself sees only the store.
    public static func checkTables(_ tables: [String], known: [String]) throws(ExportError) {
        for name in tables where !known.contains(name) {
            throw ExportError("no table named '\(name)'; the tables are \(known.joined(separator: ", "))")
        }
    }
}

/// An export that could not be made: a refused combination of options, a missing table, or a
/// file that could not be written (with the system's reason).
public struct ExportError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
