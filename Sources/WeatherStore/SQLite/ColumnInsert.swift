/// The columns of an INSERT and how a record fills them: `bind` passes one value per column, in
/// the order of `columns`, each beside its column's name. The SQL and the parameter positions
/// derive from the list; the names beside the values are checked against it in debug builds
/// (every test insert), and the number of values on every row, so a value cannot slip into
/// its neighbour's column.
///
/// One closure per row binds straight-line: a closure per column (the earlier design) cost
/// about a third of the ingest's writer thread in calls, retains and releases.
public struct RowLayout<Record>: Sendable {
    public let columns: [String]
    public let bind: @Sendable (inout RowBinder, Record) throws(StoreError) -> Void

    public init(columns: [String], bind: @escaping @Sendable (inout RowBinder, Record) throws(StoreError) -> Void) {
        self.columns = columns
        self.bind = bind
    }
}

/// Binds the values of rows one after the other to consecutive parameters.
public struct RowBinder {
    let statement: Statement
    let columns: [String]
    /// The next parameter (1-based); advances with every value.
    var index: Int32

    @inline(__always)
    private mutating func advance(_ name: StaticString) {
        assert(columns[(Int(index) - 1) % columns.count] == name.description,
               "\(name) bound at the position of \(columns[(Int(index) - 1) % columns.count])")
        index += 1
    }

    @inline(__always)
    public mutating func callAsFunction(_ name: StaticString, _ v: Double?) throws(StoreError) {
        try statement.setRow(index, v)
        advance(name)
    }

    @inline(__always)
    public mutating func callAsFunction(_ name: StaticString, _ v: Int64?) throws(StoreError) {
        try statement.setRow(index, v)
        advance(name)
    }

    @inline(__always)
    public mutating func callAsFunction(_ name: StaticString, _ v: Int?) throws(StoreError) {
        try statement.setRow(index, v.map { Int64($0) })
        advance(name)
    }

    @inline(__always)
    public mutating func callAsFunction(_ name: StaticString, _ v: String?) throws(StoreError) {
        try statement.setRowText(index, v)
        advance(name)
    }

    /// A value of a column whose name is made at run time (`mae_lead_3d`: one column per lead
    /// day present), checked like the others.
    public mutating func generated(_ name: String, _ v: Double?) throws(StoreError) {
        try statement.set(index, v)
        advance(generated: name)
    }

    public mutating func generated(_ name: String, _ v: Int64?) throws(StoreError) {
        try statement.set(index, v)
        advance(generated: name)
    }

    private mutating func advance(generated name: String) {
        assert(columns[(Int(index) - 1) % columns.count] == name, "\(name) bound at the position of \(columns[(Int(index) - 1) % columns.count])")
        index += 1
    }
}

/// A prepared INSERT built from a `RowLayout`, reused for every record (most of SQLite's insert
/// speed). With `rowsPerStatement` > 1 a second statement inserts that many rows at once
/// (`VALUES (…), (…), …`): SQLite's cost of starting and ending a statement is then paid once
/// per group, not per row. The rows a full group leaves are inserted by groups of half, a
/// quarter, … of that size (prepared when first needed), so that a One Call reply's 56 rows
/// take four statements, not eleven. Rows of one statement are inserted in order, so `OR IGNORE`
/// keeps the first of two equal keys exactly as single inserts do.
public final class ColumnInsert<Record> {
    public let statement: Statement
    private let group: Statement?
    /// Statements of fewer rows for what a full group leaves, by their number of rows.
    private var smallerGroups: [Int: Statement] = [:]
    private let table: String
    private let verb: String
    private let rowsPerStatement: Int
    private let layout: RowLayout<Record>
    /// The connection it writes through (`lastInsertRowID` of its rows).
    public let database: Database

    /// `INSERT [verb] INTO table(columns…) VALUES (?, …) [suffix]`; `verb` is e.g. `OR IGNORE`,
    /// `suffix` e.g. an `ON CONFLICT` clause. Names come from code, never from input.
    public init(_ database: Database, table: String, layout: RowLayout<Record>, verb: String = "",
                suffix: String = "", rowsPerStatement: Int = 1) throws(StoreError) {
        self.database = database
        self.layout = layout
        self.rowsPerStatement = max(1, rowsPerStatement)
        self.table = table
        self.verb = verb
        statement = try database.prepare(ColumnInsert.sql(table: table, columns: layout.columns, verb: verb, suffix: suffix))
        group = rowsPerStatement > 1 && suffix.isEmpty
            ? try database.prepare(ColumnInsert.sql(table: table, columns: layout.columns, verb: verb, rows: rowsPerStatement))
            : nil
    }

    /// An insert into a declared table (its row table), refused when the layout names a column
    /// the declaration does not have.
    public convenience init(_ database: Database, into table: TableDeclaration, layout: RowLayout<Record>, verb: String = "",
                            suffix: String = "", rowsPerStatement: Int = 1) throws(StoreError) {
        try table.check(layout)
        try self.init(database, table: table.rowTable, layout: layout, verb: verb, suffix: suffix, rowsPerStatement: rowsPerStatement)
    }

    public static func sql(table: String, columns: [String], verb: String = "", suffix: String = "", rows: Int = 1) -> String {
        let tuple = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        var sql = "INSERT \(verb.isEmpty ? "" : verb + " ")INTO \(table)(\(columns.joined(separator: ", "))) VALUES "
            + Array(repeating: tuple, count: rows).joined(separator: ", ")
        if !suffix.isEmpty { sql += "\n" + suffix }
        return sql
    }

    /// Binds every column of `record` and runs the statement.
    public func insert(_ record: Record) throws(StoreError) {
        statement.resetForRow()
        var binder = RowBinder(statement: statement, columns: layout.columns, index: 1)
        try bindRow(record, &binder)
        try statement.execute()
    }

    /// Inserts `records` in order, in groups of `rowsPerStatement`, then of half, a quarter, …
    /// of that, and singly for the last; returns the rows written (with `OR IGNORE`, those not
    /// already present).
    public func insert<C: Collection>(_ records: C) throws(StoreError) -> Int where C.Element == Record {
        var written = 0
        var rest = records[...]
        if let group {
            var size = rowsPerStatement
            while size > 1 {
                if rest.count >= size {
                    let statement = size == rowsPerStatement ? group : try smallerGroup(of: size)
                    while rest.count >= size {
                        statement.resetForRow()
                        var binder = RowBinder(statement: statement, columns: layout.columns, index: 1)
                        for record in rest.prefix(size) { try bindRow(record, &binder) }
                        try statement.execute()
                        written += database.changes
                        rest = rest.dropFirst(size)
                    }
                }
                size /= 2
            }
        }
        for record in rest {
            try insert(record)
            written += database.changes
        }
        return written
    }

    private func smallerGroup(of rows: Int) throws(StoreError) -> Statement {
        if let statement = smallerGroups[rows] { return statement }
        let statement = try database.prepare(ColumnInsert.sql(table: table, columns: layout.columns, verb: verb, rows: rows))
        smallerGroups[rows] = statement
        return statement
    }

    private func bindRow(_ record: Record, _ binder: inout RowBinder) throws(StoreError) {
        let first = binder.index
        try layout.bind(&binder, record)
        if Int(binder.index - first) != layout.columns.count {
            throw StoreError.bindingMismatch(bound: Int(binder.index - first), expected: layout.columns.count, sql: statement.sql)
        }
    }
}
