/// Dates and instants as spreadsheets hold them.
///
/// A spreadsheet date is a number: days since 1899-12-30 from 1900-03-01 on, one less before
/// (`excelDay`: the 1900 date system, which Excel, LibreOffice and openpyxl all read), the
/// time of day as the fraction. Text that is not a date
/// gives nil and is written as text, never as a wrong date.
public enum SpreadsheetDate {
    /// `2024-05-01T06:00:00Z` → `2024-05-01 06:00:00`; other text unchanged.
    public static func spaced(_ s: String) -> String {
        let u = Array(s.utf8)
        guard u.count == 20, u[10] == UInt8(ascii: "T"), u[19] == UInt8(ascii: "Z") else { return s }
        return String(s.prefix(10)) + " " + String(s.dropFirst(11).prefix(8))
    }

    /// The serial of `YYYY-MM-DD`, `YYYY-MM-DD HH:MM:SS`, or ISO 8601 `YYYY-MM-DDTHH:MM:SSZ`.
    public static func serial(_ s: String) -> Double? {
        guard let (day, seconds) = dayAndSeconds(s) else { return nil }
        return Double(day) + Double(seconds) / 86_400
    }

    /// The serial's whole day (`excelDay`) and the seconds into it.
    static func dayAndSeconds(_ s: String) -> (Int, Int)? {
        let u = Array(s.utf8)
        guard u.count == 10 || u.count == 19 || (u.count == 20 && u[19] == UInt8(ascii: "Z")) else { return nil }
        guard u[4] == UInt8(ascii: "-"), u[7] == UInt8(ascii: "-"),
              let y = number(u, 0, 4), let m = number(u, 5, 2), let d = number(u, 8, 2),
              (1...12).contains(m), (1...daysIn(month: m, year: y)).contains(d), y >= 1900 else { return nil }
        let day = Int(excelDay(Int64(daysFromCivil(y, m, d) - daysFromCivil(1899, 12, 30))))
        guard u.count > 10 else { return (day, 0) }
        guard u[10] == UInt8(ascii: "T") || u[10] == UInt8(ascii: " "), u[13] == UInt8(ascii: ":"), u[16] == UInt8(ascii: ":"),
              let h = number(u, 11, 2), let mi = number(u, 14, 2), let sec = number(u, 17, 2),
              h < 24, mi < 60, sec < 61 else { return nil }
        return (day, h * 3600 + mi * 60 + sec)
    }

    /// The serial day of the date `days` after 1899-12-30: that count from 1900-03-01 on, one
    /// less before. Excel counts a 1900-02-29 that never was (serial 60), so 1900-01-01 is
    /// serial 1, and Excel, LibreOffice and openpyxl all read the serials so.
    @inline(__always)
    static func excelDay(_ days: Int64) -> Int64 { days < 61 ? days - 1 : days }

    private static func number(_ u: [UInt8], _ start: Int, _ count: Int) -> Int? {
        var v = 0
        for b in u[start..<(start + count)] {
            guard b >= 0x30, b <= 0x39 else { return nil }
            v = v * 10 + Int(b - 0x30)
        }
        return v
    }

    private static func daysIn(month m: Int, year y: Int) -> Int {
        switch m {
        case 2: return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant, "chrono-compatible
    /// low-level date algorithms").
    static func daysFromCivil(_ year: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
