import WeatherStore

/// What a column holds, for the writers that type their cells: XLSX (numbers and dates as such),
/// CSV (`25.0` for a REAL so data tools infer a float) and `schema.json`.
///
/// The store declares INTEGER, REAL and TEXT; instants and dates are TEXT whose names say what
/// they are: `*_utc` holds ISO 8601 instants (`2024-05-01T06:00:00Z`), `*_date` local dates
/// (`2024-05-01`), and `*_local` local date-times (`2024-05-01 07:00:00`, in the views).
public enum ColumnType: String, Sendable, CaseIterable {
    case integer, real, text, date, dateTime

    /// The type of a column from its declared type (SQLite's affinity rules) and its name.
    /// https://www.sqlite.org/datatype3.html#determination_of_column_affinity
    public init(declared: String?, name: String) {
        let d = (declared ?? "").uppercased()
        if d.contains("INT") {
            self = .integer
        } else if d.contains("REAL") || d.contains("FLOA") || d.contains("DOUB") {
            self = .real
        } else if name.hasSuffix("_utc") || name.hasSuffix("_local") {
            self = .dateTime
        } else if name.hasSuffix("_date") {
            self = .date
        } else {
            self = .text
        }
    }

    /// The type a value of no declared column has (a computed column of a query).
    public init(value: SQLValue, name: String) {
        switch value {
        case .integer: self = .integer
        case .real: self = .real
        default: self = ColumnType(declared: nil, name: name)
        }
    }

    /// The CSVW datatype (https://www.w3.org/TR/tabular-data-primer/#datatypes).
    public var csvwDatatype: String {
        switch self {
        case .integer: return "integer"
        case .real: return "double"
        case .text: return "string"
        case .date: return "date"
        case .dateTime: return "dateTime"
        }
    }
}

/// One exported column: the name it has in the output (units renamed), what it holds, its unit
/// and what it means.
public struct ExportColumn: Sendable, Equatable {
    public var name: String
    public var type: ColumnType
    public var unit: String?
    public var description: String
    /// Declared NOT NULL: never an empty cell.
    public var required: Bool
}

extension Exporter {
    /// The columns of `table` as an export in `units` writes them (names renamed to the output
    /// units, types from the declarations, units and descriptions from `ColumnCatalog`).
    public func columns(of table: String, units: Units = .metric) throws -> [ExportColumn] {
        let info = try database.declaredColumns(of: table)
        let names = info.compactMap { $0[0].string }
        let shape = ExportShape(table: table, columns: names, dialect: .rfc4180, units: units)
        let hasVariable = names.contains("variable")
        return zip(info, shape.header).map { row, outName in
            let source = row[0].string ?? outName
            let type = ColumnType(declared: row[1].string, name: source)
            return ExportColumn(name: outName, type: type,
                                unit: ColumnCatalog.unit(of: outName, perVariable: hasVariable),
                                description: ColumnCatalog.description(of: source, table: table, perVariable: hasVariable),
                                required: row[2].int == 1 || (row[3].int == 1 && type == .integer))
        }
    }
}
