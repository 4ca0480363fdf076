/// Integers as decimal text, written byte by byte into the string's own storage (a small
/// string, without an allocation, up to 15 bytes): `String(n)` and string interpolation cost
/// 200–400 instructions each, and decoders make such texts for every hour of a reply.
public enum DecimalText {
    /// `n` in decimal, exactly as `String(n)` writes it. Numbers below 1,000 — every WMO and
    /// OpenWeatherMap condition code — come from a table made once, the others digit by digit.
    public static func string(_ n: Int64) -> String {
        if n >= 0 && n < Int64(smallNumbers.count) { return smallNumbers[Int(n)] }
        return written(n)
    }

    /// 0 to 999 as text, each a small string (stored inline: copying one retains nothing).
    private static let smallNumbers: [String] = (0..<1000).map { written(Int64($0)) }

    private static func written(_ n: Int64) -> String {
        let negative = n < 0
        var magnitude = n.magnitude
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 { digits += 1; rest /= 10 }
        let count = digits + (negative ? 1 : 0)
        return String(unsafeUninitializedCapacity: count) { b in
            var at = count - 1
            repeat {
                b[at] = UInt8(48 + magnitude % 10)
                magnitude /= 10
                at -= 1
            } while magnitude > 0
            if negative { b[0] = 45 }
            return count
        }
    }

    /// `base[k]` (`hourly[12]`), exactly as `"\(base)[\(k)]"`, without string interpolation.
    public static func indexed(_ base: String, _ k: Int) -> String {
        guard k >= 0 else { return "\(base)[\(k)]" }
        var digits = 1
        var rest = k / 10
        while rest > 0 { digits += 1; rest /= 10 }
        var base = base
        return base.withUTF8 { text in
            String(unsafeUninitializedCapacity: text.count + digits + 2) { b in
                if let source = text.baseAddress { b.baseAddress!.update(from: source, count: text.count) }
                b[text.count] = 91
                var at = text.count + digits
                var m = k
                repeat {
                    b[at] = UInt8(truncatingIfNeeded: 48 &+ m % 10)
                    m /= 10
                    at -= 1
                } while m > 0
                b[text.count + digits + 1] = 93
                return text.count + digits + 2
            }
        }
    }
}
