import WeatherExport

/// `wxpipe sql --db FILE [--format table|csv|json|xlsx] [--out FILE] "SELECT …"`
public struct SQLCommand: Command {
    public static let name = "sql"
    public static let abstract = "Run one read-only SQL query on the store and print the rows."
    public static let arguments = "QUERY"
    public static let discussion = """
    The store is opened read-only (and with PRAGMA query_only), so no statement can change it: a
    statement that would write (INSERT, UPDATE, DELETE, CREATE, DROP, ATTACH, …) is refused with
    exit 2 and nothing runs; so is more than one statement. A missing store is an error (exit 1),
    never created. Beside the tables, the views observations_named, daily_named and scores_pooled
    join names and pool scores (see docs/SQL.md).
    --format table prints aligned columns (it holds the rows to align them: use csv or json for
    large results); csv and json are for programs; xlsx writes a workbook to --out. --out writes
    any format to a file instead of standard output.
    """
    static let db = OptionSpec("--db", value: "FILE", help: "The store to query.", required: true)
    static let format = OptionSpec.choice("--format", QueryFormat.self, help: "How to print the rows.", default: .table)
    static let out = OptionSpec("--out", value: "FILE", help: "Write to this file instead of standard output (required for xlsx).")
    public static let options = [db, format, out]
    public static let examples = [
        #"wxpipe sql --db out/weather.sqlite "SELECT location_name, local_date, temp_max_c FROM daily_named LIMIT 5""#,
        #"wxpipe sql --db weather.sqlite --format csv "SELECT * FROM scores_pooled" > scores.csv"#,
        #"wxpipe sql --db weather.sqlite --format xlsx --out rain.xlsx "SELECT * FROM rainfall_monthly""#,
    ]

    public var store: String
    public var query: String
    public var format: QueryFormat
    public var out: String?

    public init(parsing args: ParsedArguments) throws(UsageError) {
        store = try args.required(Self.db)
        format = try args.choice(Self.format) ?? .table
        out = args.value(Self.out)
        guard args.positional.count == 1 else {
            throw UsageError(args.positional.isEmpty ? "missing QUERY" : "give the query as one argument, in quotes")
        }
        query = args.positional[0]
        if format == .xlsx && out == nil { throw UsageError("--format xlsx writes a file: give it with --out FILE.xlsx") }
    }

    public func run(_ console: Console) -> ExitCode {
        var file: AtomicTextFile?
        if let out, format != .xlsx {
            do { file = try AtomicTextFile(path: out) } catch {
                console.error(error.message)
                return .failure
            }
        }
        let outcome = SQLQuery.run(store: store, sql: query, format: format, out: out) { text in
            if let file { try file.write(text) } else { print(text, terminator: "") }
        }
        switch outcome {
        case .completed(let rows):
            if let out {
                do { try file?.commit() } catch {
                    console.error(error.message)
                    return .failure
                }
                console.err("wrote \(out) (\(rows) rows)")
            }
            return .success
        case .refused(let message):
            console.error(message)
            return .usage
        case .missingStore(let message), .failed(let message):
            console.error(message)
            return .failure
        }
    }
}
