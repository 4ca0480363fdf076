/// How an export reads a declared table fast: a record table straight from its row table, with
/// instants as the integers they are stored as (the exporter formats the ISO text itself, where
/// the view would call `strftime` for every value), in the view's column order.
extension TableDeclaration {
    /// A SELECT of every declared column, in order, and for each column whether it comes as Unix
    /// seconds to be written as an ISO 8601 instant. `filter` is a WHERE clause over `source_id`
    /// (from `StoreContents`), `order` the rows' order. For a plain table: its columns as stored.
    public func exportQuery(filter: String) -> (sql: String, unixInstants: [Bool]) {
        guard isView else {
            return ("SELECT \(columns.map(\.name).joined(separator: ", ")) FROM \(name)\(filter) ORDER BY rowid",
                    columns.map { _ in false })
        }
        let r = String(rowTable.prefix(1))
        let select = columns.map { c -> String in
            switch c.storage {
            case .value: return "\(r).\(c.name)"
            case .instant(let rowColumn): return "\(r).\(rowColumn)"
            case .feed(let field, let emptyIsNull): return emptyIsNull ? "NULLIF(d.\(field), '')" : "d.\(field)"
            case .locationID: return "k.location_id"
            }
        }
        let instants = columns.map { c -> Bool in
            if case .instant = c.storage { return true }
            return false
        }
        // The filter names `source_id` bare, which is the row table's own column here.
        let sql = "SELECT \(select.joined(separator: ", ")) FROM \(rowTable) \(r) JOIN feeds d ON d.key = \(r).feed_key "
            + "JOIN location_keys k ON k.key = \(r).location_key\(filter.replacingSourceID(with: r + ".source_id")) ORDER BY \(r).id"
        return (sql, instants)
    }
}

extension String {
    /// ` WHERE source_id IN (…)` with its column qualified.
    fileprivate func replacingSourceID(with qualified: String) -> String {
        guard hasPrefix(" WHERE source_id ") else { return self }
        return " WHERE " + qualified + " " + dropFirst(" WHERE source_id ".count)
    }
}
