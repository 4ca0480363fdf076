import WeatherStore

/// Writes RFC 4180 CSV: a header row, `,` separators, CRLF-free LF lines by default, and quotes
/// around cells that hold a comma, quote, CR or LF (quotes doubled).
///
/// Text cells that a spreadsheet would evaluate — starting with `=`, `+`, `-`, `@`, tab or CR —
/// get a leading `'` (OWASP "CSV Injection"). Numbers stored as numbers are never touched, so
/// `-3.5` stays a number while the text `-3.5+A1` does not run.
/// https://www.rfc-editor.org/rfc/rfc4180, https://owasp.org/www-community/attacks/CSV_Injection
public enum CSV {
    /// The cell text for a value: empty for NULL (missing is not zero).
    public static func cell(_ value: SQLValue) -> String {
        switch value {
        case .null: return ""
        case .integer(let v): return String(v)
        case .real(let v): return formatNumber(v)
        case .text(let s): return quote(neutralise(s))
        case .blob(let b): return quote(neutralise("x'" + b.map { String($0, radix: 16) }.joined() + "'"))
        }
    }

    /// Shortest text that reads back as the same Double; integral values without `.0`.
    public static func formatNumber(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }

    public static func neutralise(_ s: String) -> String {
        guard let first = s.utf8.first else { return s }
        switch first {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D:
            return "'" + s
        default:
            return s
        }
    }

    public static func quote(_ s: String) -> String {
        var needs = false
        for b in s.utf8 where b == UInt8(ascii: ",") || b == UInt8(ascii: "\"") || b == 0x0A || b == 0x0D {
            needs = true
            break
        }
        guard needs else { return s }
        var out = "\""
        for ch in s { if ch == "\"" { out += "\"\"" } else { out.append(ch) } }
        return out + "\""
    }

    public static func headerCell(_ name: String) -> String { quote(neutralise(name)) }
}
