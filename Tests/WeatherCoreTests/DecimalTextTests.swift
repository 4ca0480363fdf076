import Testing
@testable import WeatherCore

/// The texts written byte by byte must be exactly those `String(n)` and interpolation give:
/// they are stored (condition codes, target dates) and named in error messages (field paths).
struct DecimalTextTests {
    static let numbers: [Int64] = [0, 1, 9, 10, 99, 100, 200, 804, 999, 1000, 1001, 65_535, 1_000_000,
                                   -1, -9, -10, -999, -1000, Int64(Int32.max), Int64.max, Int64.min, Int64.min + 1]

    @Test func numbersAreWrittenAsStringWritesThem() {
        for n in Self.numbers { #expect(DecimalText.string(n) == String(n)) }
        // Every number of the table and just past it, and a spread of larger ones.
        for n in Int64(0)..<1100 { #expect(DecimalText.string(n) == String(n)) }
        var n: Int64 = 7
        while n < Int64.max / 13 {
            #expect(DecimalText.string(n) == String(n) && DecimalText.string(-n) == String(-n))
            n = n * 13 + 5
        }
    }

    @Test func elementPathsAreWrittenAsInterpolationWritesThem() {
        for base in ["", "hourly", "daily.weather", "a-rather-long-path.of.many.members.hourly", "é"] {
            for k in [0, 1, 9, 10, 47, 335, 1000, 123_456_789, Int.max, -1] {
                #expect(DecimalText.indexed(base, k) == "\(base)[\(k)]")
            }
        }
    }

    /// `UTCTime.date` writes its digits itself for years 0–9999 and pads as before outside them.
    @Test func datesMatchTheirPaddedInterpolation() {
        func padded(_ v: Int, _ width: Int) -> String {
            let s = String(v)
            return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
        }
        var seconds: [Int64] = [0, -1, 86_399, 86_400, 951_782_400, 1_714_521_600, 4_102_444_800, 253_402_300_799,
                                253_402_300_800, -62_167_219_200, -62_167_219_201, -30_000_000_000]
        for day in stride(from: Int64(-800_000), through: 3_000_000, by: 997) { seconds.append(day * 86_400 + 4_321) }
        for s in seconds {
            for offset in [0, -36_000, 50_400] {
                let shifted = s + Int64(offset)
                let days = shifted >= 0 ? shifted / 86_400 : (shifted - 86_399) / 86_400
                let (y, m, d) = UTCTime.civil(fromDays: days)
                #expect(UTCTime.date(s, offset: offset) == "\(padded(Int(y), 4))-\(padded(m, 2))-\(padded(d, 2))")
            }
        }
    }
}
