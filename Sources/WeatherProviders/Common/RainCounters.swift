import WeatherCore

/// Personal weather stations report rain as running counters ("rain today", "this event"),
/// not as amounts over a stated window. These turn counters into the windows the store keeps
/// (`precip_mm` over `precip_window_h` hours ending at the reading), so the daily sums never
/// count a millimetre twice.
enum RainCounters {
    /// One reading of a counter, in mm, at a Unix-second instant.
    struct Reading: Equatable {
        var at: Int64
        var counterMm: Double
    }

    /// The rain between consecutive readings of one counter (sorted by instant): the increase,
    /// or, where the counter went backwards (a reset: local midnight for a daily counter, the end
    /// of an event, a console restart), the new value, which is the rain since the reset and so
    /// the part of the interval that is known. Never negative. The first reading has no
    /// predecessor and gets no amount; readings at the same instant as their predecessor neither.
    static func differences(_ readings: [Reading]) -> [(at: Int64, amountMm: Double, windowH: Double, reset: Bool)] {
        var out: [(at: Int64, amountMm: Double, windowH: Double, reset: Bool)] = []
        for k in readings.indices.dropFirst() {
            let prev = readings[k - 1], cur = readings[k]
            guard cur.at > prev.at else { continue }
            let reset = cur.counterMm < prev.counterMm
            let amount = reset ? cur.counterMm : cur.counterMm - prev.counterMm
            out.append((cur.at, Swift.max(0, amount), Double(cur.at - prev.at) / 3600, reset))
        }
        return out
    }

    /// The rain of the hour (at least) before each reading, from the counter's increases
    /// (`differences`) since the latest reading an hour or more older: readings every 5 minutes
    /// each hold a rolling hour, and the daily sum keeps, per clock hour, the window that fits it
    /// best (`PrecipitationSlots`), which counts every millimetre once. Windows shorter than an
    /// hour are not made: that sum keeps one window per clock hour and would drop the rest of a
    /// 5-minute series. Readings in a reply's first hour therefore hold no amount.
    static func hourlyWindows(_ readings: [Reading]) -> [(at: Int64, amountMm: Double, windowH: Double)] {
        guard readings.count > 1 else { return [] }
        let steps = Dictionary(differences(readings).map { ($0.at, $0.amountMm) }, uniquingKeysWith: { a, _ in a })
        var cumulative = [0.0]
        for k in readings.indices.dropFirst() {
            let step = readings[k].at > readings[k - 1].at ? steps[readings[k].at] ?? 0 : 0
            cumulative.append(cumulative[k - 1] + step)
        }
        var out: [(at: Int64, amountMm: Double, windowH: Double)] = []
        var j = -1
        for i in readings.indices {
            while j + 1 < i && readings[j + 1].at <= readings[i].at - 3600 { j += 1 }
            guard j >= 0, readings[j].at <= readings[i].at - 3600 else { continue }
            out.append((readings[i].at, Swift.max(0, cumulative[i] - cumulative[j]), Double(readings[i].at - readings[j].at) / 3600))
        }
        return out
    }

    /// Hours from the local midnight before `instant` to `instant` in `zone` (23- and 25-hour
    /// days included: the elapsed time, not the wall clock); nil without a zone this system knows.
    static func hoursSinceLocalMidnight(_ instant: Int64, zone: String?) -> Double? {
        guard let zone, LocalTime.isKnownZone(zone) else { return nil }
        let date = LocalTime.date(of: instant, zone: zone, fixedOffset: nil)
        guard let midnight = LocalTime.startOfDay(date, zone: zone), instant >= midnight else { return nil }
        return Double(instant - midnight) / 3600
    }
}
