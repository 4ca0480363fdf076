/// Turns accumulation windows (OWM `rain.1h`, `rain.3h`, …) into clock-hour amounts and daily
/// totals without counting any hour twice.
///
/// - A window `[end − w, end]` belongs to the local date of its midpoint.
/// - Its hours are the clock hours holding the midpoints of its 1-hour parts.
/// - Where windows overlap, 1-hour windows win; a 3-hour (or longer) window only fills the
///   hours no 1-hour window covers, its amount spread evenly over its hours.
/// - Several windows of the same length for one hour (a collector polling every 10 minutes):
///   the one whose part is centred nearest the middle of the clock hour is kept.
/// - Only the windows of hourly truth fill slots (`holds`): up to 3 hours. A longer window — a
///   daily summary's total, a 6- or 24-hour group, a personal station's "since local midnight"
///   counter — is never spread over hours: it is a day's (or window's) reported total when its
///   window matches it (`ReportedExtremes.total`), and is left out of the sums otherwise.
struct PrecipitationSlots {
    typealias HourKey = DailySummarizer.HourKey

    struct Slot {
        var amountMm: Double
        var date: String
        var windowHours: Double
        /// Distance (s) from the part's midpoint to the clock hour's middle: smaller wins.
        var misfit: Int64
    }

    let hourKey: (Int64) -> HourKey
    let localDate: (HourKey) -> String
    private(set) var slots: [HourKey: Slot] = [:]

    init(hourKey: @escaping (Int64) -> HourKey, localDate: @escaping (HourKey) -> String) {
        self.hourKey = hourKey
        self.localDate = localDate
    }

    /// The longest accumulation window spread over clock hours.
    static let longestSlotWindowHours = 3.0

    /// Whether an accumulation window of `w` hours fills hourly slots (1-hour and 3-hour windows,
    /// or shorter ones).
    static func holds(_ w: Double?) -> Bool {
        guard let w else { return false }
        return w > 0 && w <= longestSlotWindowHours + 1e-9
    }

    mutating func add(end: Int64, windowHours w: Double, amountMm: Double) {
        guard PrecipitationSlots.holds(w), amountMm >= 0 else { return }
        let parts = max(1, Int(w.rounded()))
        let seconds = Int64((w * 3600).rounded())
        let midpoint = end - seconds / 2
        let windowDate = localDate(hourKey(midpoint))
        let share = amountMm / Double(parts)
        for k in 0..<parts {
            let partMid = end - seconds + Int64(k) * 3600 + 1800
            let key = hourKey(partMid)
            let hourMiddle = key.localHour * 3600 - Int64(key.offset) + 1800
            let misfit = abs(partMid - hourMiddle)
            let candidate = Slot(amountMm: share, date: windowDate, windowHours: w, misfit: misfit)
            if let existing = slots[key] {
                if existing.windowHours < w { continue }  // a shorter window already holds this hour
                if existing.windowHours == w && existing.misfit <= misfit { continue }
            }
            slots[key] = candidate
        }
    }

    /// Per local date: total mm and the number of hours with data.
    func dailyTotals() -> [String: (mm: Double, hours: Int)] {
        var out: [String: (mm: Double, hours: Int)] = [:]
        for slot in slots.values {
            let t = out[slot.date] ?? (0, 0)
            out[slot.date] = (t.mm + slot.amountMm, t.hours + 1)
        }
        return out
    }
}
