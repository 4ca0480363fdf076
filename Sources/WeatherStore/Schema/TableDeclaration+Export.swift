/// How an export reads a declared table fast: a record table straight from its row table, with
/// instants as the integers they are stored as (the exporter formats the ISO text itself, where
/// the view would call `strftime` for every value), in the view's column order.
extension TableDeclaration {
    /// A SELECT of every declared column, in order, and for each column whether it comes as Unix
    /// seconds to be written as an ISO 8601 instant; only rows of complete sources
    /// (`StoreContents`), in the view's order (by id). For a record table only (nil otherwise).
    public func exportQuery() -> (sql: String, unixInstants: [Bool])? {
        guard isView else { return nil }
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
        let sql = "SELECT \(select.joined(separator: ", ")) FROM \(rowTable) \(r) JOIN feeds d ON d.key = \(r).feed_key "
            + "JOIN location_keys k ON k.key = \(r).location_key WHERE \(StoreContents.completeSourcesCondition(column: r + ".source_id")) "
            + "ORDER BY \(r).id"
        return (sql, instants)
    }
}
