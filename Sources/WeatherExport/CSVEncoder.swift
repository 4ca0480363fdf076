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
    private(set) var bytes: [UInt8] = []
    let dialect: CSVDialect
    private let separator: UInt8
    private let decimal: UInt8
    /// The day of the last instant written, and its `YYYY-MM-DD`.
    private var lastDay = Int64.min
    private var lastDate: [UInt8] = []

    init(dialect: CSVDialect) {
        self.dialect = dialect
        separator = dialect.separator.utf8.first ?? UInt8(ascii: ",")
        decimal = dialect.decimalSeparator.utf8.first ?? UInt8(ascii: ".")
        bytes.reserveCapacity(1 << 17)
    }

    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    mutating func appendSeparator() { bytes.append(separator) }

    mutating func appendLineEnd() {
        if dialect == .rfc4180 { bytes.append(0x0A) } else { bytes.append(0x0D); bytes.append(0x0A) }
    }

    mutating func append(_ s: String) { bytes.append(contentsOf: s.utf8) }

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
                appendInstant(v, row: row, column: i)
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
            bytes.append(UInt8(ascii: "-"))
            appendDigits(v.magnitude)
        } else {
            appendDigits(UInt64(v))
        }
    }

    /// Digits from the right into a fixed buffer, then copied in order.
    private mutating func appendDigits(_ v: UInt64) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var x = v
            var n = 0
            repeat {
                buffer[19 - n] = UInt8(ascii: "0") + UInt8(x % 10)
                x /= 10
                n += 1
            } while x > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[(20 - n)...]))
        }
    }

    /// `CSV.formatReal`: `%.10g`, trailing zeros dropped, always a decimal point or an exponent.
    mutating func appendReal(_ v: Double) {
        guard v.isFinite else {
            if !v.isNaN { append(v > 0 ? "inf" : "-inf") }
            return
        }
        if v == 0 {
            append(v.sign == .minus ? "-0" : "0")
            bytes.append(decimal)
            bytes.append(UInt8(ascii: "0"))
            return
        }
        guard let (digits, exponent) = Self.tenDigits(v.magnitude) else {
            append(CSV.formatReal(v, decimal: dialect.decimalSeparator))
            return
        }
        if v < 0 { bytes.append(UInt8(ascii: "-")) }
        // `digits` has 10 digits d0…d9 and the value is d0.d1…d9 × 10^exponent, -4 ≤ exponent ≤ 9.
        var d = digits
        var trailing = 0
        while d % 10 == 0 && trailing < 9 { d /= 10; trailing += 1 }
        let significant = 10 - trailing  // digits left after dropping trailing zeros
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { buffer in
            var x = d
            for k in stride(from: significant - 1, through: 0, by: -1) {
                buffer[k] = UInt8(ascii: "0") + UInt8(x % 10)
                x /= 10
            }
            if exponent < 0 {
                bytes.append(UInt8(ascii: "0"))
                bytes.append(decimal)
                for _ in 0..<(-exponent - 1) { bytes.append(UInt8(ascii: "0")) }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<significant]))
            } else {
                let whole = exponent + 1
                if significant <= whole {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<significant]))
                    for _ in 0..<(whole - significant) { bytes.append(UInt8(ascii: "0")) }
                    bytes.append(decimal)
                    bytes.append(UInt8(ascii: "0"))
                } else {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<whole]))
                    bytes.append(decimal)
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[whole..<significant]))
                }
            }
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
            if neutralise { bytes.append(UInt8(ascii: "'")) }
            bytes.append(contentsOf: text)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        if neutralise { bytes.append(UInt8(ascii: "'")) }
        for b in text {
            if b == UInt8(ascii: "\"") { bytes.append(b) }
            bytes.append(b)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Unix seconds as the record views show them: `strftime('%Y-%m-%dT%H:%M:%SZ', v,
    /// 'unixepoch')` (or `YYYY-MM-DD HH:MM:SS` in the spreadsheet dialects); outside years
    /// 0000–9999 SQLite's own `strftime` says what it is (NULL, an empty cell, past 9999 or
    /// before 4714 BC; a negative year between).
    mutating func appendInstant(_ v: Int64, row: Statement, column: Int32) {
        guard v >= -62_167_219_200 && v <= 253_402_300_799 else {
            if let text = Self.strftime(v) { append(dialect.spreadsheetDates ? SpreadsheetDate.spaced(text) : text) }
            return
        }
        let days = v >= 0 ? v / 86_400 : (v - 86_399) / 86_400
        let seconds = Int(v - days * 86_400)
        // Consecutive cells are mostly of the same day (a reply's hours, its issue time): the
        // date's ten bytes are kept from the last one.
        if days != lastDay {
            let (y, m, d) = Self.civil(fromDays: Int(days))
            let start = bytes.count
            appendPadded(y, 4)
            bytes.append(UInt8(ascii: "-"))
            appendPadded(m, 2)
            bytes.append(UInt8(ascii: "-"))
            appendPadded(d, 2)
            lastDate = Array(bytes[start...])
            lastDay = days
        } else {
            bytes.append(contentsOf: lastDate)
        }
        bytes.append(dialect.spreadsheetDates ? UInt8(ascii: " ") : UInt8(ascii: "T"))
        appendPadded(seconds / 3600, 2)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(seconds / 60 % 60, 2)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(seconds % 60, 2)
        if !dialect.spreadsheetDates { bytes.append(UInt8(ascii: "Z")) }
    }

    /// `strftime` of an instant outside years 0000–9999, from a connection of its own.
    static func strftime(_ v: Int64) -> String? {
        guard let db = try? Database(path: ":memory:"),
              let text = try? db.scalar("SELECT strftime('%Y-%m-%dT%H:%M:%SZ', ?, 'unixepoch')", [.integer(v)])?.string else { return nil }
        return text
    }

    /// `v` (0…9999) in `width` (2 or 4) digits, two at a time from a table.
    private mutating func appendPadded(_ v: Int, _ width: Int) {
        if width == 4 { appendPair(v / 100) }
        appendPair(v % 100)
    }

    @inline(__always)
    private mutating func appendPair(_ v: Int) {
        bytes.append(UInt8(ascii: "0") + UInt8(v / 10))
        bytes.append(UInt8(ascii: "0") + UInt8(v % 10))
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
