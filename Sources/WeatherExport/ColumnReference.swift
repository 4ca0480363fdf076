import WeatherStore

/// `docs/COLUMNS.md`: every table a store holds after `aggregate`, with each column's type,
/// unit, whether it is always filled, and what it means — rendered from the same declarations
/// and catalogue as `schema.json`, so the page and the exports cannot say different things.
/// A test renders it from a fresh store and fails when the checked-in page differs.
public enum ColumnReference {
    /// The page for the tables of the store `exporter` reads: the records and ingest's tables first,
    /// then the aggregate's.
    public static func markdown(_ exporter: Exporter) throws -> String {
        let all = try exporter.tables([])
        let tables = Schema.dataTables.filter(all.contains) + all.filter { !Schema.dataTables.contains($0) }
        var s = """
            # Columns

            Every table of a store after `wxpipe aggregate`, as `wxpipe export` writes it (metric units; with
            `--units imperial`, columns ending in a unit are converted and renamed: `temp_c` → `temp_f`).
            A column's unit is in its name; an empty cell is a missing value, never zero. **required**: the
            column is never empty. Generated from the column declarations (`Sources/WeatherStore/Schema`)
            and the catalogue of derived columns (`Sources/WeatherExport/ColumnCatalog.swift`); do not edit
            by hand (`make docs` rewrites it).

            Tables: \(tables.map { "[`\($0)`](#\($0))" }.joined(separator: ", ")).

            """
        for table in tables {
            s += "\n## \(table)\n\n"
            if let view = Schema.declaration(of: table), view.isView {
                s += "A view over `\(view.rowTable)` (integer keys and Unix-second instants); it reads as this table.\n\n"
            }
            s += "| column | type | unit | required | meaning |\n|---|---|---|---|---|\n"
            for c in try exporter.columns(of: table) {
                let unit = c.unit ?? (perVariable(c.name, table: table, exporter) ? "of `variable`" : "")
                s += "| `\(c.name)` | \(typeName(c.type)) | \(unit) | \(c.required ? "yes" : "") | \(escape(c.description)) |\n"
            }
        }
        return s
    }

    static func perVariable(_ column: String, table: String, _ exporter: Exporter) -> Bool {
        guard let names = try? exporter.database.declaredColumns(of: table).compactMap({ $0.first?.string }),
              names.contains("variable") else { return false }
        return ColumnCatalog.variableUnit(of: column) != nil || column.contains("_lead_")
    }

    static func typeName(_ type: ColumnType) -> String {
        switch type {
        case .integer: return "integer"
        case .real: return "number"
        case .text: return "text"
        case .date: return "date"
        case .dateTime: return "date-time (UTC)"
        }
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "|", with: "\\|")
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
