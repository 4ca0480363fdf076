/// Timestamps hidden in file and member names, the third source of a forecast's issue time.
///
/// Recognised, anywhere in the last path component: `2024-05-01T06-00-00Z`,
/// `2024-05-01T06:00:00Z`, `20240501T0600Z` (seconds optional), `2024-05-01_0600`, and a
/// 10-digit Unix time (1979–2100) standing alone between non-digits. Times ending in `Z` and
/// Unix times are UTC; the others are wall-clock times in `zone` (a collector naming files by
/// its local schedule), or UTC without one.
public enum IssueTime {
    public static func fromName(_ path: String, zone: String? = nil) -> Int64? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let b = Array(name.utf8)
        func digits(_ at: Int, _ n: Int) -> Int? {
            guard at >= 0, at + n <= b.count else { return nil }
            var v = 0
            for k in at..<at + n {
                guard b[k] >= 48 && b[k] <= 57 else { return nil }
                v = v * 10 + Int(b[k] - 48)
            }
            return v
        }
        func isDigit(_ at: Int) -> Bool { at >= 0 && at < b.count && b[at] >= 48 && b[at] <= 57 }
        /// The instant of a wall-clock time whose text ends before `end`: UTC when `Z` follows.
        func make(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int, end: Int) -> Int64? {
            guard (1979...2100).contains(y), (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, s < 61 else { return nil }
            let wall = UTCTime.days(year: Int64(y), month: mo, day: d) * 86400 + Int64(h * 3600 + mi * 60 + s)
            guard let zone, end >= b.count || b[end] != UInt8(ascii: "Z") else { return wall }
            return LocalTime.utc(fromWallClock: wall, zone: zone)
        }
        var i = 0
        while i < b.count {
            if isDigit(i) && !isDigit(i - 1) {
                // 2024-05-01T06-00-00Z / 2024-05-01T06:00:00Z / 2024-05-01_0600 / 2024-05-01T06-00Z
                if let y = digits(i, 4), i + 10 < b.count, b[i + 4] == 45, let mo = digits(i + 5, 2), b[i + 7] == 45,
                   let d = digits(i + 8, 2), b[i + 10] == UInt8(ascii: "T") || b[i + 10] == UInt8(ascii: "_") {
                    let t = i + 11
                    if let h = digits(t, 2), t + 2 < b.count, b[t + 2] == 45 || b[t + 2] == 58, let mi = digits(t + 3, 2) {
                        var s = 0
                        var end = t + 5
                        if t + 5 < b.count, b[t + 5] == 45 || b[t + 5] == 58, let ss = digits(t + 6, 2) { s = ss; end = t + 8 }
                        if let v = make(y, mo, d, h, mi, s, end: end) { return v }
                    }
                    if let h = digits(t, 2), let mi = digits(t + 2, 2), let v = make(y, mo, d, h, mi, 0, end: t + 4) { return v }
                }
                // 20240501T0600Z, 20240501T060000Z
                if let y = digits(i, 4), let mo = digits(i + 4, 2), let d = digits(i + 6, 2), i + 8 < b.count,
                   b[i + 8] == UInt8(ascii: "T"), let h = digits(i + 9, 2), let mi = digits(i + 11, 2) {
                    let s = digits(i + 13, 2)
                    if let v = make(y, mo, d, h, mi, s ?? 0, end: s == nil ? i + 13 : i + 15) { return v }
                }
                // 10-digit Unix time standing alone
                if let v = digits(i, 10), !isDigit(i + 10), v >= 283_996_800, v < 4_102_444_800 { return Int64(v) }
            }
            i += 1
        }
        return nil
    }
}
