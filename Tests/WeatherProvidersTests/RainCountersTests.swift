import Testing
import WeatherCore
@testable import WeatherProviders

/// Counters to windows: increases, resets, and local midnight across DST changes.
struct RainCountersTests {
    typealias R = RainCounters.Reading

    /// 1.0 → 1.5 → 0.2 (reset) → 0.2 → 0.9 mm, 10 minutes apart: 0.5, 0.2, 0, 0.7 mm.
    @Test func differencesWithAReset() {
        let d = RainCounters.differences([R(at: 0, counterMm: 1.0), R(at: 600, counterMm: 1.5), R(at: 1200, counterMm: 0.2),
                                          R(at: 1800, counterMm: 0.2), R(at: 2400, counterMm: 0.9)])
        #expect(d.map(\.at) == [600, 1200, 1800, 2400])
        #expect(d.map(\.reset) == [false, true, false, false])
        #expect(zip(d.map(\.amountMm), [0.5, 0.2, 0, 0.7]).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(d.allSatisfy { abs($0.windowH - 1.0 / 6) < 1e-12 && $0.amountMm >= 0 })
        // A repeated instant adds nothing; a single reading has no predecessor.
        #expect(RainCounters.differences([R(at: 0, counterMm: 1), R(at: 0, counterMm: 2)]).isEmpty)
        #expect(RainCounters.differences([R(at: 0, counterMm: 1)]).isEmpty)
    }

    /// 5-minute readings for two hours: 0.1 mm a step, a reset to 0.05 at the hour (the rain
    /// since the reset), then 0.1 a step again. Each reading from the hour on holds its last hour:
    /// 11 × 0.1 + 0.05 = 1.15 mm at 01:00, 5 × 0.1 + 0.05 + 6 × 0.1 = 1.15 at 01:30, 12 × 0.1 = 1.2
    /// at 02:00; the first hour's readings hold nothing (a shorter window).
    @Test func hourlyWindowsOfAFiveMinuteSeries() {
        var readings: [R] = []
        for k in 0...24 {
            let counter: Double = k < 12 ? 0.1 * Double(k) : 0.05 + 0.1 * Double(k - 12)
            readings.append(R(at: Int64(k) * 300, counterMm: counter))
        }
        let w = RainCounters.hourlyWindows(readings)
        let expectedInstants: [Int64] = (12...24).map { Int64($0) * 300 }
        #expect(w.map { $0.at } == expectedInstants)
        #expect(w.allSatisfy { $0.windowH == 1 && $0.amountMm >= 0 })
        var at: [Int64: Double] = [:]
        for x in w { at[x.at] = x.amountMm }
        #expect(abs(at[3600]! - 1.15) < 1e-9 && abs(at[5400]! - 1.15) < 1e-9 && abs(at[7200]! - 1.2) < 1e-9)
        // Irregular readings: the window reaches back to the latest reading an hour or more older.
        let irregular = RainCounters.hourlyWindows([R(at: 0, counterMm: 0), R(at: 3000, counterMm: 1), R(at: 4000, counterMm: 1.5)])
        #expect(irregular.count == 1 && irregular[0].at == 4000 && irregular[0].amountMm == 1.5 && irregular[0].windowH == 4000.0 / 3600)
    }

    /// Midnight to noon: 12 hours on an ordinary day, 11 on the day clocks go forward (New York,
    /// 10 March 2024), 13 on the day they go back (3 November 2024); no zone, no window.
    @Test func hoursSinceLocalMidnight() {
        #expect(RainCounters.hoursSinceLocalMidnight(1_710_003_600, zone: "America/New_York") == 12)  // 9 March, 12:00 EST
        #expect(RainCounters.hoursSinceLocalMidnight(1_710_086_400, zone: "America/New_York") == 11)  // 10 March, 12:00 EDT
        #expect(RainCounters.hoursSinceLocalMidnight(1_730_653_200, zone: "America/New_York") == 13)  // 3 November, 12:00 EST
        #expect(RainCounters.hoursSinceLocalMidnight(1_710_086_400, zone: nil) == nil)
        #expect(RainCounters.hoursSinceLocalMidnight(1_710_086_400, zone: "Mars/Olympus") == nil)
    }
}
