#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WeatherStore

/// CSV cells written as bytes straight from a statement's current row: the same text as
/// `CSV.cell` (the golden exports compare byte for byte), without a `SQLValue`, a `String` or
/// an array per cell — what made an export three times slower than the sqlite3 shell.
///
/// Numbers are formatted here (`appendReal`: `%.10g` computed with integer arithmetic, checked
/// against `vsnprintf` where a rounding could go either way), instants stored as Unix seconds
/// are written as ISO 8601 text by the civil-from-days algorithm, and text is copied from
/// SQLite's buffer, quoted and neutralised as `CSV` does.
struct CSVEncoder {
    /// The encoded bytes so far; appended to without a uniqueness or bounds check per byte.
    private let out: ByteBuffer
    let dialect: CSVDialect
    private let separator: UInt8
    private let decimal: UInt8
    /// The day of the last instant written, and its `YYYY-MM-DD`.
    private var lastDay = Int64.min
    private var lastDate: (UInt64, UInt16) = (0, 0)

    init(dialect: CSVDialect, capacity: Int = 256) {
        out = ByteBuffer(capacity: capacity)
        self.dialect = dialect
        separator = dialect.separator.utf8.first ?? UInt8(ascii: ",")
        decimal = dialect.decimalSeparator.utf8.first ?? UInt8(ascii: ".")
    }

    /// A copy of what was encoded (for tests; writers take `encoded`).
    var bytes: [UInt8] { Array(out.contents) }
    /// What was encoded, valid until the next append.
    var encoded: UnsafeBufferPointer<UInt8> { out.contents }
    var count: Int { out.count }

    mutating func removeAll() { out.count = 0 }

    mutating func appendSeparator() { out.append(separator) }

    mutating func appendLineEnd() {
        if dialect == .rfc4180 { out.append(0x0A) } else { out.append(0x0D); out.append(0x0A) }
    }

    mutating func append(_ s: String) {
        var s = s
        s.withUTF8 { out.append(contentsOf: $0) }
    }

    mutating func append(bytes: [UInt8]) { bytes.withUnsafeBufferPointer { out.append(contentsOf: $0) } }

    /// A value of the fast row source (`RecordRows`), typed by its column as `appendCell`
    /// types a statement's; a blob is left to `CSV.cell` by the caller.
    @inline(__always)
    mutating func append(_ cell: RowCell, type: ColumnType) {
        switch cell {
        case .null, .blob:
            return
        case .integer(let v):
            if type == .real { appendReal(Double(v)) } else { appendInteger(v) }
        case .real(let v):
            if type == .integer, let exact = Int64(exactly: v) { appendInteger(exact) } else { appendReal(v) }
        case .text(let text):
            if type == .dateTime && dialect.spreadsheetDates {
                append(CSV.cell(.text(String(decoding: text, as: UTF8.self)), as: type, dialect: dialect))
            } else {
                appendText(text)
            }
        }
    }

    /// Column `i` of the current row, typed by its column (`CSV.cell`'s rules); `unixInstant`:
    /// the value is Unix seconds to be written as the instant it is.
    @inline(__always)
    mutating func appendCell(_ row: Statement, _ i: Int32, type: ColumnType, unixInstant: Bool) {
        switch row.kind(i) {
        case .null:
            return
        case .integer:
            let v = row.int64(i)
            if unixInstant {
                appendInstant(v)
            } else if type == .real {
                appendReal(Double(v))
            } else {
                appendInteger(v)
            }
        case .real:
            let v = row.double(i)
            if type == .integer, let exact = Int64(exactly: v) { appendInteger(exact) } else { appendReal(v) }
        case .text:
            let text = row.textBytes(i)
            if type == .dateTime && dialect.spreadsheetDates {
                append(CSV.cell(.text(String(decoding: text, as: UTF8.self)), as: type, dialect: dialect))
            } else {
                appendText(text)
            }
        case .blob:
            append(CSV.cell(row.column(i), as: type, dialect: dialect))
        }
    }

    mutating func appendInteger(_ v: Int64) {
        if v < 0 {
            out.append(UInt8(ascii: "-"))
            out.appendDecimal(v.magnitude)
        } else {
            out.appendDecimal(UInt64(v))
        }
    }

    /// `CSV.formatReal`: `%.10g`, trailing zeros dropped, always a decimal point or an exponent.
    mutating func appendReal(_ v: Double) {
        guard v.isFinite else {
            if !v.isNaN { append(v > 0 ? "inf" : "-inf") }
            return
        }
        if v == 0 {
            if v.sign == .minus { out.append(UInt8(ascii: "-")) }
            out.append(UInt8(ascii: "0"))
            out.append(decimal)
            out.append(UInt8(ascii: "0"))
            return
        }
        if out.appendTenDigits(v, decimal: decimal, pointZero: true) == nil {
            append(CSV.formatReal(v, decimal: dialect.decimalSeparator))
        }
    }

    /// The value rounded to 10 significant digits as an integer in [10^9, 10^10) and its decimal
    /// exponent, when `%.10g` writes it without an exponent (-4 ≤ exponent < 10) and the rounding
    /// is certain; nil otherwise (the caller asks `vsnprintf`).
    static func tenDigits(_ m: Double) -> (UInt64, Int)? {
        guard m >= 1e-4 && m < 9.9999999995e9 else { return nil }
        // floor(log10 m) from the binary exponent (1233/4096 ≈ log10 2), off by at most one, which
        // the two comparisons below correct: no logarithm per cell.
        var exponent = max(-4, min(9, (Int(m.exponent) * 1233) >> 12))
        if m < powersOfTen[exponent + 4] { exponent -= 1 }
        if m >= powersOfTen[exponent + 5] { exponent += 1 }
        guard exponent >= -4 && exponent <= 9 else { return nil }
        // m × 10^(9 − exponent) is below 10^10, so its rounding error is below 2e-6: a fraction
        // that near one half could round either way, and is left to vsnprintf's exact rounding.
        let scaled = m * powersOfTen[13 - exponent]
        let whole = scaled.rounded(.down)
        let fraction = scaled - whole
        if abs(fraction - 0.5) < 1e-5 { return nil }
        var digits = UInt64(whole) + (fraction > 0.5 ? 1 : 0)
        if digits >= 10_000_000_000 {
            digits /= 10
            exponent += 1
            if exponent > 9 { return nil }
        }
        guard digits >= 1_000_000_000 else { return nil }
        return (digits, exponent)
    }

    /// 10^-4 … 10^13, exact as doubles.
    private static let powersOfTen: [Double] = (-4...13).map { pow(10, Double($0)) }

    /// Text as `CSV.quote(CSV.neutralise(s))`.
    mutating func appendText(_ text: UnsafeBufferPointer<UInt8>) {
        var needsQuotes = false
        for b in text where b == separator || b == UInt8(ascii: "\"") || b == 0x0A || b == 0x0D {
            needsQuotes = true
            break
        }
        let neutralise: Bool
        switch text.first {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D: neutralise = true
        default: neutralise = false
        }
        if !needsQuotes {
            if neutralise { out.append(UInt8(ascii: "'")) }
            out.append(contentsOf: text)
            return
        }
        out.append(UInt8(ascii: "\""))
        if neutralise { out.append(UInt8(ascii: "'")) }
        for b in text {
            if b == UInt8(ascii: "\"") { out.append(b) }
            out.append(b)
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Unix seconds as the record views show them: `strftime('%Y-%m-%dT%H:%M:%SZ', v,
    /// 'unixepoch')` (or `YYYY-MM-DD HH:MM:SS` in the spreadsheet dialects); outside years
    /// 0000–9999 SQLite's own `strftime` says what it is (NULL, an empty cell, past 9999 or
    /// before 4714 BC; a negative year between). The one day SQLite 3.40's floating-point
    /// calendar misdates, 0300-03-01 (it writes 0300-02-29), is written as its true date.
    mutating func appendInstant(_ v: Int64) {
        guard v >= -62_167_219_200 && v <= 253_402_300_799 else {
            // The view's text is a cell like any other: a negative year is neutralised.
            if let text = Self.strftime(.integer(v)) { append(CSV.cell(.text(text), as: .dateTime, dialect: dialect)) }
            return
        }
        let days = v >= 0 ? v / 86_400 : (v - 86_399) / 86_400
        let seconds = Int(v - days * 86_400)
        let p = out.reserve(20)
        // Consecutive cells are mostly of the same day (a reply's hours, its issue time): the
        // date's ten bytes are kept from the last one.
        if days != lastDay {
            let (y, m, d) = Self.civil(fromDays: Int(days))
            Self.pair(y / 100, p)
            Self.pair(y % 100, p + 2)
            p[4] = UInt8(ascii: "-")
            Self.pair(m, p + 5)
            p[7] = UInt8(ascii: "-")
            Self.pair(d, p + 8)
            lastDate = (UnsafeRawPointer(p).loadUnaligned(as: UInt64.self), UnsafeRawPointer(p + 8).loadUnaligned(as: UInt16.self))
            lastDay = days
        } else {
            UnsafeMutableRawPointer(p).storeBytes(of: lastDate.0, as: UInt64.self)
            UnsafeMutableRawPointer(p + 8).storeBytes(of: lastDate.1, as: UInt16.self)
        }
        p[10] = dialect.spreadsheetDates ? UInt8(ascii: " ") : UInt8(ascii: "T")
        Self.pair(seconds / 3600, p + 11)
        p[13] = UInt8(ascii: ":")
        Self.pair(seconds / 60 % 60, p + 14)
        p[16] = UInt8(ascii: ":")
        Self.pair(seconds % 60, p + 17)
        if dialect.spreadsheetDates {
            out.count += 19
        } else {
            p[19] = UInt8(ascii: "Z")
            out.count += 20
        }
    }

    /// An instant column's value as the view shows it: Unix seconds as ISO text, NULL empty, and
    /// anything else (never written by wxpipe) as SQLite's own `strftime` makes of it.
    @inline(__always)
    mutating func appendInstant(_ cell: RowCell, value: () -> SQLValue) {
        switch cell {
        case .null: return
        case .integer(let v): appendInstant(v)
        default:
            if let text = Self.strftime(value()) {
                append(CSV.cell(.text(text), as: .dateTime, dialect: dialect))
            }
        }
    }

    @inline(__always)
    private static func pair(_ v: Int, _ p: UnsafeMutablePointer<UInt8>) {
        p[0] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: v / 10)
        p[1] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: v % 10)
    }

    /// `strftime` of a value outside years 0000–9999 (or not an integer), from a connection of its own.
    static func strftime(_ v: SQLValue) -> String? {
        guard let db = try? Database(path: ":memory:"),
              let text = try? db.scalar("SELECT strftime('%Y-%m-%dT%H:%M:%SZ', ?, 'unixepoch')", [v])?.string else { return nil }
        return text
    }

    /// The proleptic Gregorian date of a day number since 1970-01-01 (H. Hinnant's algorithm,
    /// the inverse of `SpreadsheetDate.daysFromCivil`).
    static func civil(fromDays z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
