/// `schema.json` beside the CSV files: CSV on the Web (CSVW) table-group metadata, so pandas,
/// DuckDB and R users can load every column with its exact type, even from an empty file.
///
/// Per table: `url` (the file), the dialect (separator, encoding, BOM, line ends), and per
/// column `name`, `datatype` (CSVW: `integer`, `double`, `string`, `date`, `dateTime`, with the
/// date-time format and decimal separator the dialect writes), `required`, `unit` (an extension:
/// `°C`, `mm`, `m/s`, … or null) and `dc:description`.
/// https://www.w3.org/TR/tabular-metadata/
public enum CSVSchema {
    public static let fileName = "schema.json"

    /// Writes `<directory>/schema.json` for the tables just exported.
    public static func write(tables: [(String, [ExportColumn])], dialect: CSVDialect, to directory: String) throws(ExportError) {
        try OutputFile.writeText(text(tables: tables, dialect: dialect), to: directory + "/" + fileName)
    }

    public static func text(tables: [(String, [ExportColumn])], dialect: CSVDialect) -> String {
        var s = "{\n  \"@context\": \"http://www.w3.org/ns/csvw\",\n"
        s += "  \"dc:description\": \"wxpipe export, dialect \(dialect.rawValue): column names carry their units; an empty cell is a missing value\",\n"
        s += "  \"tables\": [\n"
        s += tables.map { table(name: $0.0, columns: $0.1, dialect: dialect) }.joined(separator: ",\n")
        return s + "\n  ]\n}\n"
    }

    static func table(name: String, columns: [ExportColumn], dialect: CSVDialect) -> String {
        var s = "    {\n      \"url\": \(JSONText.string(name + ".csv")),\n"
        s += "      \"dialect\": {\"delimiter\": \(JSONText.string(dialect.separator)), \"encoding\": \"utf-8\", "
        s += "\"skipInitialSpace\": false, \"header\": true, \"headerRowCount\": 1, "
        s += "\"lineTerminators\": [\(JSONText.string(dialect.lineEnding))], \"quoteChar\": \"\\\"\", \"doubleQuote\": true},\n"
        s += "      \"tableSchema\": {\n        \"columns\": [\n"
        s += columns.map { column($0, dialect: dialect) }.joined(separator: ",\n")
        return s + "\n        ]\n      }\n    }"
    }

    static func column(_ c: ExportColumn, dialect: CSVDialect) -> String {
        "          {\"name\": \(JSONText.string(c.name)), \"titles\": \(JSONText.string(c.name)), "
            + "\"datatype\": \(datatype(c.type, dialect: dialect)), \"required\": \(c.required), \"null\": \"\", "
            + "\"unit\": \(c.unit.map(JSONText.string) ?? "null"), \"dc:description\": \(JSONText.string(c.description))}"
    }

    /// The CSVW datatype with the format this dialect writes it in.
    static func datatype(_ type: ColumnType, dialect: CSVDialect) -> String {
        switch type {
        case .dateTime:
            let format = dialect.spreadsheetDates ? "yyyy-MM-dd HH:mm:ss" : "yyyy-MM-ddTHH:mm:ssX"
            return "{\"base\": \"dateTime\", \"format\": \(JSONText.string(format))}"
        case .real where dialect.decimalSeparator != ".":
            return "{\"base\": \"double\", \"format\": {\"decimalChar\": \(JSONText.string(dialect.decimalSeparator))}}"
        default:
            return JSONText.string(type.csvwDatatype)
        }
    }
}

/// JSON text for strings (RFC 8259 escapes) and numbers.
public enum JSONText {
    public static func string(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20:
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
