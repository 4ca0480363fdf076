import WeatherPipeline

/// `wxpipe forget --db FILE PATH...`
public struct ForgetCommand: Command {
    public static let name = "forget"
    public static let abstract = "Remove the records of inputs (a folder's when PATH is a folder) from the store."
    public static let arguments = "PATH..."
    public static let discussion = """
    Deletes the sources whose path is PATH or lies under the folder PATH, with their records,
    rejects and warnings; the next 'ingest' of them reads them afresh. Paths are matched as they
    were given to 'ingest' (see the 'path' column of the sources table). Run 'aggregate' after.
    A PATH that matches nothing is an error (exit 1) after the others are forgotten.
    """
    static let db = OptionSpec("--db", value: "FILE", help: "The store to change (it must exist).", required: true)
    public static let options = [db]
    public static let examples = [
        "wxpipe forget --db weather.sqlite archive/2024-05-01.json",
        "wxpipe forget --db weather.sqlite archive/",
    ]

    /// The store to change.
    public var store: String
    public var paths: [String]

    public init(parsing args: ParsedArguments) throws(UsageError) {
        store = try args.required(Self.db)
        guard !args.positional.isEmpty else { throw UsageError("no PATH given: name the files or folders to forget") }
        paths = args.positional
    }

    public func run(_ console: Console) -> ExitCode {
        ExitCode(ForgetStage.run(store: store, paths: paths, log: console))
    }
}
