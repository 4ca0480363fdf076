#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WeatherStore

/// Writes RFC 4180 CSV: a header row, separators, LF (or CRLF) lines, and quotes around cells
/// that hold the separator, a quote, CR or LF (quotes doubled).
///
/// Cells are typed by their column: a REAL is always written as a float (`25.0`, never `25`), so
/// DuckDB, pandas and R infer the same type from every file; an INTEGER as an integer. Numbers
/// are written for people: the shortest text that reads back as the same value at 10
/// significant digits (`8.720000000000027` → `8.72`), far beyond what any sensor measures.
///
/// Text cells that a spreadsheet would evaluate — starting with `=`, `+`, `-`, `@`, tab or CR —
/// get a leading `'` (OWASP "CSV Injection"). Numbers stored as numbers are never touched, so
/// `-3.5` stays a number while the text `-3.5+A1` does not run.
/// https://www.rfc-editor.org/rfc/rfc4180, https://owasp.org/www-community/attacks/CSV_Injection
public enum CSV {
    /// The cell text for a value of a column of `type` (nil: typed by the value) in `dialect`:
    /// empty for NULL (missing is not zero).
    public static func cell(_ value: SQLValue, as type: ColumnType? = nil, dialect: CSVDialect = .rfc4180) -> String {
        switch value {
        case .null:
            return ""
        case .integer(let v):
            return type == .real ? formatReal(Double(v), decimal: dialect.decimalSeparator) : String(v)
        case .real(let v):
            if type == .integer, let i = Int64(exactly: v) { return String(i) }
            return formatReal(v, decimal: dialect.decimalSeparator)
        case .text(let s):
            let text = type == .dateTime && dialect.spreadsheetDates ? SpreadsheetDate.spaced(s) : s
            return quote(neutralise(text), separator: dialect.separator)
        case .blob(let b):
            return quote(neutralise(blobText(b)), separator: dialect.separator)
        }
    }

    /// A blob as SQL writes one: `x'00ff05'`, two hex digits per byte.
    public static func blobText(_ b: [UInt8]) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = Array("x'".utf8)
        for byte in b {
            out.append(hex[Int(byte >> 4)])
            out.append(hex[Int(byte & 0xF)])
        }
        out.append(UInt8(ascii: "'"))
        return String(decoding: out, as: UTF8.self)
    }

    /// A float as text that every data tool reads as one: 10 significant digits at most, the
    /// shortest form (`12.364`), and always a `.` or an exponent (`25.0`, `1e+20`).
    public static func formatReal(_ v: Double, decimal: String = ".") -> String {
        guard v.isFinite else { return v.isNaN ? "" : (v > 0 ? "inf" : "-inf") }
        var s = significant(v)
        if !s.contains(".") && !s.contains("e") { s += ".0" }
        return decimal == "." ? s : s.split(separator: ".", omittingEmptySubsequences: false).joined(separator: decimal)
    }

    /// `%.10g`: at most 10 significant digits, trailing zeros dropped.
    static func significant(_ v: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 40)
        _ = withVaList([v]) { vsnprintf(&buffer, buffer.count, "%.10g", $0) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The value a real has as written: `formatReal` read back (for writers of native numbers).
    public static func rounded(_ v: Double) -> Double { v.isFinite ? Double(significant(v)) ?? v : v }

    public static func neutralise(_ s: String) -> String {
        guard let first = s.utf8.first else { return s }
        return neutralise(first) ? "'" + s : s
    }

    /// True when text starting with `first` is prefixed with `'` (`neutralise`).
    @inline(__always)
    static func neutralise(_ first: UInt8) -> Bool {
        switch first {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D: return true
        default: return false
        }
    }

    public static func quote(_ s: String, separator: String = ",") -> String {
        let sep = separator.utf8.first ?? UInt8(ascii: ",")
        var needs = false
        for b in s.utf8 where b == sep || b == UInt8(ascii: "\"") || b == 0x0A || b == 0x0D {
            needs = true
            break
        }
        guard needs else { return s }
        var out = "\""
        for ch in s { if ch == "\"" { out += "\"\"" } else { out.append(ch) } }
        return out + "\""
    }

    public static func headerCell(_ name: String, dialect: CSVDialect = .rfc4180) -> String {
        quote(neutralise(name), separator: dialect.separator)
    }

    /// One line of cells, without its line ending.
    public static func line(_ cells: [String], dialect: CSVDialect) -> String { cells.joined(separator: dialect.separator) }
}
