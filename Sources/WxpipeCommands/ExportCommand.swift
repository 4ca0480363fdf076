import WeatherCore
import WeatherStore

/// `wxpipe export --db FILE --format csv|sqlite --out PATH [--table NAME ...]`
public enum ExportCommand: Command {
    public static let name = "export"
    public static let abstract = "Write tables of the store as CSV files or a standalone SQLite file."
    public static let usage = "wxpipe export --db FILE --format csv|sqlite --out PATH [--table NAME ...] [--dialect rfc4180|spreadsheet] [--units metric|imperial]"
    public static let discussion = """
    CSV: one RFC 4180 file per table in the folder PATH, UTF-8 with a header row; missing values
    are empty cells (never 0); text that a spreadsheet would run as a formula is prefixed with '.
    SQLite: the chosen tables (schema and rows) in a new file PATH.
    --dialect spreadsheet writes what Excel and LibreOffice read best: UTF-8 with a BOM, CRLF,
    date-times as YYYY-MM-DD HH:MM:SS (UTC). --units imperial converts and renames columns
    (temp_c → temp_f, precip_mm → precip_in, wind_speed_ms → wind_speed_mph, …).
    Outputs are written to a temporary name and renamed when complete.
    """
    public static let options = [
        OptionSpec("--db", value: "FILE", help: "The store to read."),
        OptionSpec("--format", value: "FORMAT", help: "csv or sqlite.", default: "csv"),
        OptionSpec("--out", value: "PATH", help: "Folder for CSV files, or the SQLite file to write."),
        OptionSpec("--table", value: "NAME", help: "Export only this table.", default: "all tables", repeatable: true),
        OptionSpec("--dialect", value: "DIALECT", help: "CSV dialect: rfc4180 (for programs) or spreadsheet (BOM, CRLF, spreadsheet date-times).", default: "rfc4180"),
        OptionSpec("--units", value: "SYSTEM", help: "Units of CSV values: metric (as stored) or imperial (°F, in, mph, inHg, miles).", default: "metric"),
    ]
    public static let examples = [
        "wxpipe export --db weather.sqlite --format csv --out csv/",
        "wxpipe export --db weather.sqlite --format csv --out csv/ --table observations",
        "wxpipe export --db weather.sqlite --out sheets/ --table daily_observed --dialect spreadsheet --units imperial",
        "wxpipe export --db weather.sqlite --format sqlite --out share.sqlite --table observations --table locations",
    ]

    public static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
        guard let db = args.value("--db"), let out = args.value("--out") else {
            console.error("--db and --out are required")
            console.err("usage: \(usage)")
            return .usage
        }
        let format = args.value("--format") ?? "csv"
        guard format == "csv" || format == "sqlite" else {
            console.error("--format must be csv or sqlite, not '\(Sanitize.printable(format))'")
            return .usage
        }
        if !args.positional.isEmpty {
            console.error("unexpected argument '\(Sanitize.printable(args.positional[0]))'")
            return .usage
        }
        guard let dialect = CSVDialect(rawValue: args.value("--dialect") ?? "rfc4180") else {
            console.error("--dialect must be rfc4180 or spreadsheet")
            return .usage
        }
        guard let units = ExportUnits(rawValue: args.value("--units") ?? "metric") else {
            console.error("--units must be metric or imperial")
            return .usage
        }
        return Exporting.run(db: db, format: format, out: out, tables: args.all("--table"), dialect: dialect, units: units, console: console)
    }
}

enum Exporting {
    static func run(db: String, format: String, out: String, tables: [String], dialect: CSVDialect = .rfc4180,
                    units: ExportUnits = .metric, console: Console) -> ExitCode {
        do {
            let database = try Database(path: db, readOnly: true)
            let exporter = Exporter(database: database)
            if format == "csv" {
                let written = try exporter.exportCSV(tables: tables, to: out, dialect: dialect, units: units)
                for (table, rows) in written { console.err("wrote \(out)/\(table).csv (\(rows) rows)") }
            } else {
                // ATTACH needs a writable connection; the main store is only read.
                let writable = try Database(path: db)
                try Exporter(database: writable).exportSQLite(tables: tables, to: out)
                console.err("wrote \(out)")
            }
            return .success
        } catch {
            console.error("\(error)")
            return .failure
        }
    }
}
