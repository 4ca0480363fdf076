/// Formatting and parsing of UTC instants, without Foundation's date formatters.
///
/// Instants are `Int64` Unix seconds everywhere in the pipeline; text outputs use
/// ISO 8601 with `Z` (`2024-05-01T06:00:00Z`). The calendar arithmetic is Howard Hinnant's
/// `days_from_civil` / `civil_from_days` (http://howardhinnant.github.io/date_algorithms.html),
/// which is exact for the proleptic Gregorian calendar and fast enough for the hot path.
public enum UTCTime {
    public static func civil(fromDays z0: Int64) -> (year: Int64, month: Int, day: Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? y + 1 : y, Int(m), Int(d))
    }

    public static func days(year y0: Int64, month: Int, day: Int) -> Int64 {
        let y = month <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// `2024-05-01T06:00:00Z`. Written digit by digit into 20 bytes: this runs once per
    /// record on the ingest hot path, where string interpolation cost a measurable share.
    public static func iso8601(_ seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
        let rem = Int(seconds - days * 86400)
        let (y, m, d) = civil(fromDays: days)
        guard y >= 0 && y <= 9999 else {
            return "\(pad(Int(y), 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(rem / 3600, 2)):\(pad(rem / 60 % 60, 2)):\(pad(rem % 60, 2))Z"
        }
        return String(unsafeUninitializedCapacity: 20) { b in
            writeDate(Int(y), m, d, into: b)
            b[10] = 84
            writeTwoDigits(rem / 3600, into: b, at: 11)
            b[13] = 58
            writeTwoDigits(rem / 60 % 60, into: b, at: 14)
            b[16] = 58
            writeTwoDigits(rem % 60, into: b, at: 17)
            b[19] = 90
            return 20
        }
    }

    /// `YYYY-MM-DD` into the first 10 bytes of `b`, for a year of 0–9999.
    @inline(__always)
    private static func writeDate(_ year: Int, _ month: Int, _ day: Int, into b: UnsafeMutableBufferPointer<UInt8>) {
        writeTwoDigits(year / 100, into: b, at: 0)
        writeTwoDigits(year % 100, into: b, at: 2)
        b[4] = 45
        writeTwoDigits(month, into: b, at: 5)
        b[7] = 45
        writeTwoDigits(day, into: b, at: 8)
    }

    @inline(__always)
    private static func writeTwoDigits(_ v: Int, into b: UnsafeMutableBufferPointer<UInt8>, at: Int) {
        b[at] = UInt8(48 + v / 10)
        b[at + 1] = UInt8(48 + v % 10)
    }

    /// The seconds of `text` when it is exactly what `iso8601` writes for years 0000–9999
    /// (`2024-05-01T06:00:00Z`: a real Gregorian day, hours below 24, minutes and seconds below
    /// 60), else nil. Reading back an instant wxpipe stored checks this form; a parse and a format
    /// to compare cost ten times as much.
    public static func parseCanonical(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { b -> Int64? in
            guard b.count == 20, b[4] == 45, b[7] == 45, b[10] == 84, b[13] == 58, b[16] == 58, b[19] == 90 else { return nil }
            func number(_ at: Int, _ width: Int) -> Int? {
                var v = 0
                for i in at..<(at + width) {
                    let digit = b[i] &- 48
                    guard digit < 10 else { return nil }
                    v = v * 10 + Int(digit)
                }
                return v
            }
            guard let y = number(0, 4), let m = number(5, 2), let d = number(8, 2), let hour = number(11, 2),
                  let minute = number(14, 2), let second = number(17, 2), (1...12).contains(m), d >= 1,
                  hour < 24, minute < 60, second < 60 else { return nil }
            let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
            let monthDays: Int
            switch m {
            case 2: monthDays = leap ? 29 : 28
            case 4, 6, 9, 11: monthDays = 30
            default: monthDays = 31
            }
            guard d <= monthDays else { return nil }
            return days(year: Int64(y), month: m, day: d) * 86400 + Int64(hour * 3600 + minute * 60 + second)
        }
    }

    /// `2024-05-01` for the day that contains `seconds` shifted by `offset` seconds.
    public static func date(_ seconds: Int64, offset: Int = 0) -> String {
        let s = seconds + Int64(offset)
        let days = s >= 0 ? s / 86400 : (s - 86399) / 86400
        let (y, m, d) = civil(fromDays: days)
        guard y >= 0 && y <= 9999 else { return "\(pad(Int(y), 4))-\(pad(m, 2))-\(pad(d, 2))" }
        // Digit by digit, as `iso8601`: forecast rows each carry their target date, and the
        // interpolation cost about 250 instructions a row.
        return String(unsafeUninitializedCapacity: 10) { b in
            writeDate(Int(y), m, d, into: b)
            return 10
        }
    }

    private static func pad(_ v: Int, _ width: Int) -> String {
        let s = String(v)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }

    /// Parses ISO 8601 instants: `2024-05-01T06:00:03Z`, `…+02:00`, fractional seconds, or
    /// a date-time without offset (taken as UTC plus `assumingOffset`). Returns Unix seconds.
    public static func parseISO8601(_ text: String, assumingOffset: Int? = nil) -> Int64? {
        let b = Array(text.utf8)
        func num(_ at: Int, _ n: Int) -> Int? {
            guard at + n <= b.count else { return nil }
            var v = 0
            for k in at..<at + n {
                guard b[k] >= 48 && b[k] <= 57 else { return nil }
                v = v * 10 + Int(b[k] - 48)
            }
            return v
        }
        guard let y = num(0, 4), b.count >= 10, b[4] == 45, let mo = num(5, 2), b[7] == 45, let d = num(8, 2),
              (1...12).contains(mo), (1...31).contains(d) else { return nil }
        var i = 10
        var h = 0, mi = 0, s = 0
        if i < b.count && (b[i] == UInt8(ascii: "T") || b[i] == UInt8(ascii: " ")) {
            guard let hh = num(i + 1, 2), i + 3 < b.count, b[i + 3] == 58, let mm = num(i + 4, 2) else { return nil }
            h = hh; mi = mm; i += 6
            if i < b.count && b[i] == 58 {
                guard let ss = num(i + 1, 2) else { return nil }
                s = ss; i += 3
                if i < b.count && (b[i] == 46 || b[i] == 44) {
                    i += 1
                    while i < b.count && b[i] >= 48 && b[i] <= 57 { i += 1 }
                }
            }
            guard h <= 24, mi <= 59, s <= 60 else { return nil }
        }
        let base = days(year: Int64(y), month: mo, day: d) * 86400 + Int64(h * 3600 + mi * 60 + s)
        if i == b.count {
            guard let assumingOffset else { return nil }
            return base - Int64(assumingOffset)
        }
        if b[i] == UInt8(ascii: "Z") && i + 1 == b.count { return base }
        if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
            let sign: Int64 = b[i] == UInt8(ascii: "+") ? 1 : -1
            guard let oh = num(i + 1, 2) else { return nil }
            var om = 0
            if i + 3 < b.count {
                let at = b[i + 3] == 58 ? i + 4 : i + 3
                guard let m2 = num(at, 2), at + 2 == b.count else { return nil }
                om = m2
            } else if i + 3 != b.count { return nil }
            return base - sign * Int64(oh * 3600 + om * 60)
        }
        return nil
    }
}
