import WeatherCore
import WeatherStore

/// `wxpipe export --db FILE --format csv|sqlite --out PATH [--table NAME ...]`
public enum ExportCommand: Command {
    public static let name = "export"
    public static let abstract = "Write tables of the store as CSV files or a standalone SQLite file."
    public static let usage = "wxpipe export --db FILE --format csv|sqlite --out PATH [--table NAME ...]"
    public static let discussion = """
    CSV: one RFC 4180 file per table in the folder PATH, UTF-8 with a header row; missing values
    are empty cells (never 0); text that a spreadsheet would run as a formula is prefixed with '.
    SQLite: the chosen tables (schema and rows) in a new file PATH.
    Outputs are written to a temporary name and renamed when complete.
    """
    public static let options = [
        OptionSpec("--db", value: "FILE", help: "The store to read."),
        OptionSpec("--format", value: "FORMAT", help: "csv or sqlite.", default: "csv"),
        OptionSpec("--out", value: "PATH", help: "Folder for CSV files, or the SQLite file to write."),
        OptionSpec("--table", value: "NAME", help: "Export only this table.", default: "all tables", repeatable: true),
    ]
    public static let examples = [
        "wxpipe export --db weather.sqlite --format csv --out csv/",
        "wxpipe export --db weather.sqlite --format csv --out csv/ --table observations",
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
        return Exporting.run(db: db, format: format, out: out, tables: args.all("--table"), console: console)
    }
}

enum Exporting {
    static func run(db: String, format: String, out: String, tables: [String], console: Console) -> ExitCode {
        do {
            let database = try Database(path: db, readOnly: true)
            let exporter = Exporter(database: database)
            if format == "csv" {
                let written = try exporter.exportCSV(tables: tables, to: out)
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
