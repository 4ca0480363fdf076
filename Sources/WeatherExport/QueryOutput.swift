#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WeatherStore

/// How `wxpipe sql` prints a result.
public enum QueryFormat: String, Sendable, CaseIterable {
    /// Aligned columns under a header, numbers to the right (as `sqlite-utils query --table`).
    case table
    /// RFC 4180 CSV, typed as the exports are.
    case csv
    /// A JSON array of objects, one row per line.
    case json
    /// A workbook file (needs `--out`).
    case xlsx
}

/// Writes the rows of a read-only query in a `QueryFormat`: text formats through `emit`
/// (standard output, or a file), XLSX into a workbook file.
public enum QueryOutput {
    /// Runs `query` and writes its result; returns the number of rows.
    @discardableResult
    public static func write(_ query: ReadOnlyQuery, format: QueryFormat, xlsxPath: String? = nil,
                             emit: (String) throws -> Void) throws -> Int {
        let names = query.columnNames
        let types = zip(query.declaredTypes, names).map { ColumnType(declared: $0, name: $1) }
        switch format {
        case .table:
            var rows: [[SQLValue]] = []
            try query.forEachRow { rows.append($0) }
            try emit(table(names: names, rows: rows))
            return rows.count
        case .csv:
            try emit(CSV.line(names.map { CSV.headerCell($0) }, dialect: .rfc4180) + "\n")
            var n = 0
            try query.forEachRow { row in
                try emit(CSV.line(zip(row, types).map { CSV.cell($0, as: $1) }, dialect: .rfc4180) + "\n")
                n += 1
            }
            return n
        case .json:
            var n = 0
            try query.forEachRow { row in
                try emit((n == 0 ? "[" : ",\n ") + jsonObject(names: names, row: row))
                n += 1
            }
            try emit(n == 0 ? "[]\n" : "]\n")
            return n
        case .xlsx:
            guard let path = xlsxPath else { throw ExportError("--format xlsx writes a file: give it with --out FILE.xlsx") }
            return try workbook(query, names: names, types: types, path: path)
        }
    }

    /// The result as one sheet (`query`, continued on `query (2)` past Excel's rows).
    static func workbook(_ query: ReadOnlyQuery, names: [String], types: [ColumnType], path: String) throws -> Int {
        try OutputFile.makeParentDirectory(of: path)
        let temp = OutputFile.temporaryName(for: path)
        do {
            let book = try XLSXWorkbook(path: temp)
            var sheets = SheetSequence(book: book, base: "query", header: names, types: types,
                                       rowsPerSheet: XLSXWorkbook.maxRowsPerSheet - 1)
            try query.forEachRow { try sheets.add($0) }
            try sheets.finish()
            try book.close()
            try OutputFile.moveIntoPlace(temp, path)
            return sheets.written.map(\.rows).reduce(0, +)
        } catch {
            unlink(temp)
            throw error
        }
    }

    /// Aligned columns: a header, a rule of dashes, numbers right-aligned, NULL as nothing.
    public static func table(names: [String], rows: [[SQLValue]]) -> String {
        let cells = rows.map { $0.map(display) }
        var widths = names.map(\.count)
        for row in cells { for (c, text) in row.enumerated() where text.count > widths[c] { widths[c] = text.count } }
        let numeric = names.indices.map { c in rows.contains { r in r[c].double != nil } && !rows.contains { r in r[c].string != nil } }
        func line(_ texts: [String]) -> String {
            zip(texts, names.indices).map { text, c in
                let pad = String(repeating: " ", count: widths[c] - text.count)
                return numeric[c] ? pad + text : text + pad
            }.joined(separator: "  ").trailingSpacesRemoved()
        }
        var out = line(names) + "\n" + widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
        for row in cells { out += line(row) + "\n" }
        return out
    }

    static func display(_ value: SQLValue) -> String {
        switch value {
        case .null: return ""
        case .integer(let v): return String(v)
        case .real(let v): return CSV.formatReal(v)
        case .text(let s): return String(s.map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : $0 })
        case .blob(let b): return CSV.blobText(b)
        }
    }

    static func jsonObject(names: [String], row: [SQLValue]) -> String {
        "{" + zip(names, row).map { name, value in JSONText.string(name) + ": " + jsonValue(value) }.joined(separator: ", ") + "}"
    }

    static func jsonValue(_ value: SQLValue) -> String {
        switch value {
        case .null: return "null"
        case .integer(let v): return String(v)
        case .real(let v): return v.isFinite ? CSV.formatReal(v) : "null"
        case .text(let s): return JSONText.string(s)
        case .blob: return JSONText.string(display(value))
        }
    }
}

extension String {
    fileprivate func trailingSpacesRemoved() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
