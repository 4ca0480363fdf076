/// A prepared `UPDATE table SET a = ?, b = ?, … WHERE …` built from a `RowLayout`: the layout
/// binds the assigned columns by name (as an insert's), then the `WHERE` clause's values follow.
public final class ColumnUpdate<Record> {
    public let statement: Statement
    private let layout: RowLayout<Record>

    /// `whereClause` comes from code, never from input; its parameters are bound by `update`.
    public init(_ database: Database, table: TableDeclaration, layout: RowLayout<Record>, where whereClause: String) throws(StoreError) {
        try table.check(layout)
        self.layout = layout
        let assignments = layout.columns.map { $0 + " = ?" }.joined(separator: ", ")
        statement = try database.prepare("UPDATE \(table.rowTable) SET \(assignments) WHERE \(whereClause)")
    }

    /// Binds `record`'s columns and the `WHERE` values (`key`), and runs the statement.
    public func update(_ record: Record, key: [SQLValue]) throws(StoreError) {
        statement.reset()
        var binder = RowBinder(statement: statement, columns: layout.columns, index: 1)
        try layout.bind(&binder, record)
        if Int(binder.index - 1) != layout.columns.count {
            throw StoreError.bindingMismatch(bound: Int(binder.index - 1), expected: layout.columns.count, sql: statement.sql)
        }
        for (k, value) in key.enumerated() { try statement.set(binder.index + Int32(k), value) }
        try statement.execute()
    }
}
