/// The text of a sheet's cells as SpreadsheetML holds it: escaped strings, column letters, and
/// date serials written without `vsnprintf` per cell.
enum SheetText {
    /// Spreadsheet column letters of the 0-based column `c` (0 → A, 26 → AA).
    @inline(__always)
    static func appendColumn(_ c: Int, to out: ByteBuffer) {
        var count = 1
        var n = c + 1
        while n > 26 { n = (n - 1) / 26; count += 1 }
        let p = out.reserve(count)
        n = c + 1
        for k in stride(from: count - 1, through: 0, by: -1) {
            p[k] = UInt8(ascii: "A") + UInt8((n - 1) % 26)
            n = (n - 1) / 26
        }
        out.count += count
    }

    static func column(_ c: Int) -> String {
        let out = ByteBuffer(capacity: 8)
        appendColumn(c, to: out)
        return String(decoding: out.contents, as: UTF8.self)
    }

    /// True when `bytes` can be copied into a `<t>` element as they are: ASCII with no markup
    /// character, no control character (tab and line feed included, which the slow path keeps
    /// as they are but may need `xml:space`), and no `_x` (the start of Excel's `_xHHHH_`
    /// escape).
    @inline(__always)
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x20 || b >= 0x80 || b == UInt8(ascii: "&") || b == UInt8(ascii: "<") || b == UInt8(ascii: ">") { return false }
            if b == UInt8(ascii: "_"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "x") { return false }
            i += 1
        }
        return n == 0 || (bytes[0] != 0x20 && bytes[n - 1] != 0x20)
    }

    /// `<t>` and its text for any string: `&`, `<` and `>` as entities; control characters,
    /// U+FFFE and U+FFFF (which XML cannot hold) and a literal `_xHHHH_` in Excel's `_xHHHH_`
    /// escape (`_x005F_` is the underscore), as Excel writes them; tab and line feed as they are;
    /// `xml:space="preserve"` when the text starts or ends with white space, which readers
    /// would otherwise drop.
    static func appendElement(_ text: String, to out: ByteBuffer) {
        let u = Array(text.utf8)
        let space: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        if let first = u.first, let last = u.last, space(first) || space(last) {
            out.append("<t xml:space=\"preserve\">")
        } else {
            out.append("<t>")
        }
        var i = 0
        while i < u.count {
            let b = u[i]
            switch b {
            case UInt8(ascii: "&"): out.append("&amp;")
            case UInt8(ascii: "<"): out.append("&lt;")
            case UInt8(ascii: ">"): out.append("&gt;")
            case 0x09, 0x0A: out.append(b)
            case 0..<0x20: appendEscape(UInt16(b), to: out)
            case 0xEF where i + 2 < u.count && u[i + 1] == 0xBF && (u[i + 2] == 0xBE || u[i + 2] == 0xBF):
                appendEscape(u[i + 2] == 0xBE ? 0xFFFE : 0xFFFF, to: out)
                i += 2
            case UInt8(ascii: "_") where isEscapeLike(u, at: i):
                out.append("_x005F_")
            default: out.append(b)
            }
            i += 1
        }
        out.append("</t>")
    }

    /// `_xHHHH_` at `i`: text that Excel would read as an escape.
    private static func isEscapeLike(_ u: [UInt8], at i: Int) -> Bool {
        guard i + 6 < u.count, u[i + 1] == UInt8(ascii: "x"), u[i + 6] == UInt8(ascii: "_") else { return false }
        return u[(i + 2)...(i + 5)].allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }
    }

    private static func appendEscape(_ v: UInt16, to out: ByteBuffer) {
        let hex = Array("0123456789ABCDEF".utf8)
        out.append("_x")
        for shift in stride(from: 12, through: 0, by: -4) { out.append(hex[Int((v >> UInt16(shift)) & 0xF)]) }
        out.append(UInt8(ascii: "_"))
    }
}

/// Date serials as text that reads back as the very double the serial is: what `%.17g`
/// prints, without calling it per cell.
///
/// A serial is a whole day D ≥ 2 (1900-01-01 or later) plus seconds/86,400. Within one binade
/// of D (and one count of D's digits) the double's fraction bits depend on the seconds alone:
/// D is a multiple of the unit in the last place, so the sum rounds the fraction the same way
/// whatever D is. `%.17g` then prints 17 − (D's digits) fraction digits of that fraction, so
/// the fraction's text is computed once per second of the day and binade, and reused.
final class SerialText {
    private final class Table {
        var digits = [UInt8](repeating: 0, count: 86_400 * 16)
        /// 255 until computed.
        var lengths = [UInt8](repeating: 255, count: 86_400)
    }

    private var tables: [Int: Table] = [:]
    private var lastKey = -1
    private var last = Table()

    /// The serial of day `day` (days since 1899-12-30) and `seconds` into it, as `%.17g`.
    func append(day: Int64, seconds: Int64, to out: ByteBuffer) {
        guard day >= 2, day < 10_000_000, seconds >= 0, seconds < 86_400 else {
            return Self.appendPrinted(Double(day) + Double(seconds) / 86_400, to: out)
        }
        out.appendDecimal(UInt64(day))
        let s = Int(seconds)
        guard s > 0 else { return }
        let digitCount = SheetNumbers.digits(day)
        let key = (64 - day.leadingZeroBitCount) * 32 + digitCount
        if key != lastKey {
            if let t = tables[key] { last = t } else { last = Table(); tables[key] = last }
            lastKey = key
        }
        if last.lengths[s] == 255 { fill(last, seconds: s, day: day) }
        let n = Int(last.lengths[s])
        guard n > 0 else { return }
        out.append(UInt8(ascii: "."))
        last.digits.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[(s * 16)..<(s * 16 + n)])) }
    }

    private func fill(_ table: Table, seconds s: Int, day: Int64) {
        let text = SheetNumbers.printed(Double(day) + Double(s) / 86_400)
        let fraction = text.split(separator: ".", maxSplits: 1).dropFirst().first.map { Array($0.utf8) } ?? []
        for (k, b) in fraction.prefix(16).enumerated() { table.digits[s * 16 + k] = b }
        table.lengths[s] = UInt8(min(16, fraction.count))
    }

    static func appendPrinted(_ v: Double, to out: ByteBuffer) {
        var bytes = Array(SheetNumbers.printed(v).utf8)
        bytes.withUnsafeMutableBufferPointer { out.append(contentsOf: UnsafeBufferPointer($0)) }
    }
}
