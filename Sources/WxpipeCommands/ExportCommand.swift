import WeatherCore
import WeatherExport
import WeatherPipeline

/// `wxpipe export --db FILE --format csv|sqlite|xlsx --out PATH [--table NAME ...]`
public struct ExportCommand: Command {
    public static let name = "export"
    public static let abstract = "Write tables of the store as CSV files, a standalone SQLite file or an XLSX workbook."
    public static let discussion = """
    CSV: one RFC 4180 file per table in the folder PATH, UTF-8 with a header row; missing values
    are empty cells (never 0); text that a spreadsheet would run as a formula is prefixed with '.
    REAL columns are always written as floats (25.0); schema.json beside the files gives every
    column's type, unit and meaning (CSVW).
    SQLite: the chosen tables (schema and rows) in a new file PATH.
    XLSX: one workbook PATH, a sheet per table, numbers and dates as typed cells, a bold frozen
    header with a filter; a table past 1,048,576 rows continues on 'table (2)'.
    --dialect spreadsheet writes what Excel and LibreOffice read best: UTF-8 with a BOM, CRLF,
    date-times as YYYY-MM-DD HH:MM:SS (UTC); spreadsheet-eu the same with ';' between cells and
    decimal commas, for decimal-comma locales. --units imperial converts and renames columns
    (temp_c → temp_f, precip_mm → precip_in, wind_speed_ms → wind_speed_mph, …). --dialect
    applies to CSV only, --units to CSV and XLSX: otherwise they are refused (exit 2), not ignored.
    Outputs are written to a temporary name and renamed when complete.
    """
    static let db = OptionSpec("--db", value: "FILE", help: "The store to read.", required: true)
    static let format = OptionSpec.choice("--format", ExportFormat.self, help: "CSV files, a SQLite file or an XLSX workbook.", default: .csv)
    static let out = OptionSpec("--out", value: "PATH", help: "Folder for CSV files, or the SQLite or XLSX file to write.", required: true)
    static let table = OptionSpec("--table", value: "NAME", help: "Export only this table: "
                                  + ExportStage.knownTables.joined(separator: ", ") + ".", default: "all tables", repeatable: true)
    static let dialect = OptionSpec.choice("--dialect", CSVDialect.self,
                                           help: "CSV dialect: rfc4180 (for programs), spreadsheet (BOM, CRLF, spreadsheet date-times) or spreadsheet-eu (also ; and decimal commas).",
                                           default: .rfc4180)
    static let units = OptionSpec.choice("--units", Units.self,
                                         help: "Units of CSV and XLSX values: metric (as stored) or imperial (°F, in, mph, inHg, miles).", default: .metric)
    public static let options = [db, format, out, table, dialect, units]
    public static let examples = [
        "wxpipe export --db weather.sqlite --format csv --out csv/",
        "wxpipe export --db weather.sqlite --format csv --out csv/ --table observations",
        "wxpipe export --db weather.sqlite --out sheets/ --table daily_observed --dialect spreadsheet --units imperial",
        "wxpipe export --db weather.sqlite --format sqlite --out share.sqlite --table observations --table locations",
        "wxpipe export --db weather.sqlite --format xlsx --out weather.xlsx",
    ]

    /// The store to read.
    public var store: String
    /// The folder (CSV) or file (SQLite) to write.
    public var out: String
    /// What to write: format, tables, dialect and units, already checked against each other.
    public var request: ExportRequest

    public init(parsing args: ParsedArguments) throws(UsageError) {
        store = try args.required(Self.db)
        out = try args.required(Self.out)
        try args.noPositional()
        let format: ExportFormat = try args.choice(Self.format) ?? .csv
        let dialect: CSVDialect = try args.choice(Self.dialect) ?? .rfc4180
        let units: Units = try args.choice(Self.units) ?? .metric
        do {
            try ExportRequest.checkTables(args.all(Self.table), known: ExportStage.knownTables)
            request = try ExportRequest(format: format, tables: args.all(Self.table), dialect: dialect, units: units)
        } catch {
            throw UsageError(error.message)
        }
    }

    public func run(_ console: Console) -> ExitCode {
        ExitCode(ExportStage.run(store: store, request: request, to: out, log: console))
    }
}
