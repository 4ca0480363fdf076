import WeatherCore

/// What a station reported over windows ending at an observation's instant, beside its reading:
/// the 6-hour and 24-hour extremes of METAR groups 1, 2 and 4 (NWS `max/minTemperatureLast24Hours`),
/// and the extremes of a stated window (`temp_max_c`/`temp_min_c` with `extremes_window_h`) that
/// daily station summaries carry.
public struct ReportedValues: Sendable, Equatable {
    public var tempMax6hC: Double?, tempMin6hC: Double?
    public var tempMax24hC: Double?, tempMin24hC: Double?
    public var tempMaxC: Double?, tempMinC: Double?
    public var extremesWindowH: Double?

    public init(tempMax6hC: Double? = nil, tempMin6hC: Double? = nil, tempMax24hC: Double? = nil, tempMin24hC: Double? = nil,
                tempMaxC: Double? = nil, tempMinC: Double? = nil, extremesWindowH: Double? = nil) {
        self.tempMax6hC = tempMax6hC; self.tempMin6hC = tempMin6hC
        self.tempMax24hC = tempMax24hC; self.tempMin24hC = tempMin24hC
        self.tempMaxC = tempMaxC; self.tempMinC = tempMinC; self.extremesWindowH = extremesWindowH
    }

    /// Nothing reported: the point is kept without it, so hourly-only stores carry no extra weight.
    var isEmpty: Bool {
        tempMax6hC == nil && tempMin6hC == nil && tempMax24hC == nil && tempMin24hC == nil && tempMaxC == nil && tempMinC == nil
    }

    /// A stated window's extremes: a daily summary's values (a window without its length is not one).
    var hasStatedWindow: Bool { extremesWindowH != nil && (tempMaxC != nil || tempMinC != nil) }
}

/// What a truth value was made from: `truth_basis` of `daily_observed` (its high and low),
/// `precip_basis` of `daily_observed`, and `truth_basis` of each pair (docs/VERIFICATION.md,
/// "Reported extremes").
public enum TruthBasis: String, Sendable, CaseIterable {
    /// The readings themselves: the highest and lowest reading, the sum of the precipitation slots,
    /// the nearest reading of an hourly pair.
    case hourly
    /// The readings and the 6-hour extremes (METAR groups 1 and 2) reported over windows inside
    /// the day or window.
    case reported6h = "reported_6h"
    /// The 24-hour extremes (METAR group 4, NWS `max/minTemperatureLast24Hours`) of a report whose
    /// 24 hours are the day or window, within `day_window_tolerance_hours`.
    case reported24h = "reported_24h"
    /// A daily summary's extremes over a stated window (`extremes_window_h`) that is the day or
    /// window within `day_window_tolerance_hours`: a climate day, a local calendar day of 23 or 25 h.
    case dailySummary = "daily_summary"
    /// A precipitation total reported over a window that is the day or window within
    /// `day_window_tolerance_hours` (a daily summary's total, a 24-hour group ending at midnight).
    case reportedTotal = "reported_total"
}

/// The reported values that bear on a window `[from, to)` of one source (docs/VERIFICATION.md,
/// "Reported extremes"). Extremes measured continuously by the station are the truth of a day's
/// high and low, as WMO practice and ForecastWatch take them: hourly readings miss the peak that
/// falls between them (65 °F read at :51 on a day whose 6-hour maximum group says 66 °F).
///
/// - A report whose window *is* the window — its start and end each within `tolerance` of the
///   window's — gives both extremes: a daily summary's stated window first, then a 24-hour report.
///   Both the high and the low must come from such reports, else the next rule is tried.
/// - 6-hour reports whose windows lie inside the window (widened by `tolerance`) refine the
///   readings: the high is the highest of the readings and their maxima, the low likewise, and
///   their hours count as covered. 6-hour windows that tile the window cover it alone.
/// - A precipitation amount whose window is longer than the slots of hourly truth (`PrecipitationSlots.holds`)
///   is the window's total when its window matches the window, and is used nowhere else.
struct ReportedExtremes {
    struct Extremes: Equatable {
        var basis: TruthBasis
        var maxC: Double?, minC: Double?
        /// The 6-hour windows used, `[start, end]`, for coverage.
        var tiles: [ClosedRange<Int64>] = []
        /// Ids of the reports that made the values and carry no reading of their own (`n_obs`).
        var summaryIDs: Set<Int64> = []
    }

    /// A reported value and how far its window misses the window (seconds): the nearest wins.
    struct Best {
        var value: Double, misfit: Int64, id: Int64, summaryOnly: Bool
    }

    let from: Int64, to: Int64, tolerance: Int64

    init(from: Int64, to: Int64, toleranceHours: Double) {
        self.from = from
        self.to = to
        tolerance = Int64((toleranceHours * 3600).rounded())
    }

    /// The earliest instant a report bearing on the window can end at (a 6-hour window inside it).
    var earliestEnd: Int64 { from - tolerance }
    /// The latest such instant.
    var latestEnd: Int64 { to + tolerance }

    /// How far a window of `hours` ending at `end` misses this one (seconds), nil beyond the tolerance.
    func mismatch(end: Int64, hours: Double) -> Int64? {
        let start = end - Int64((hours * 3600).rounded())
        let ds = abs(start - from), de = abs(end - to)
        return ds <= tolerance && de <= tolerance ? ds + de : nil
    }

    /// A point carrying only reported values (a daily summary row): counted where it is used, not at its instant.
    static func isSummaryOnly(_ p: ObservationPoint) -> Bool {
        p.tempC == nil && (p.reported?.hasStatedWindow == true || (p.precipMm != nil && !PrecipitationSlots.holds(p.precipWindowH)))
    }

    /// The extremes of the window from `points` (any order; those ending outside
    /// `earliestEnd...latestEnd` are ignored); nil when nothing reported bears on it.
    func extremes<S: Sequence>(_ points: S) -> Extremes? where S.Element == ObservationPoint {
        func better(_ a: Best?, _ b: Best) -> Best { a.map { $0.misfit <= b.misfit ? $0 : b } ?? b }
        var summaryMax: Best?, summaryMin: Best?, dayMax: Best?, dayMin: Best?
        var six = Extremes(basis: .reported6h)
        for p in points {
            guard let r = p.reported, p.instant >= earliestEnd, p.instant <= latestEnd else { continue }
            let summaryOnly = ReportedExtremes.isSummaryOnly(p)
            if let w = r.extremesWindowH, let misfit = mismatch(end: p.instant, hours: w) {
                if let v = r.tempMaxC { summaryMax = better(summaryMax, Best(value: v, misfit: misfit, id: p.id, summaryOnly: summaryOnly)) }
                if let v = r.tempMinC { summaryMin = better(summaryMin, Best(value: v, misfit: misfit, id: p.id, summaryOnly: summaryOnly)) }
            }
            if let misfit = mismatch(end: p.instant, hours: 24) {
                if let v = r.tempMax24hC { dayMax = better(dayMax, Best(value: v, misfit: misfit, id: p.id, summaryOnly: false)) }
                if let v = r.tempMin24hC { dayMin = better(dayMin, Best(value: v, misfit: misfit, id: p.id, summaryOnly: false)) }
            }
            if r.tempMax6hC != nil || r.tempMin6hC != nil, p.instant - 6 * 3600 >= from - tolerance {
                six.tiles.append((p.instant - 6 * 3600)...p.instant)
                if let v = r.tempMax6hC { six.maxC = max(six.maxC ?? v, v) }
                if let v = r.tempMin6hC { six.minC = min(six.minC ?? v, v) }
            }
        }
        if let hi = summaryMax, let lo = summaryMin {
            return Extremes(basis: .dailySummary, maxC: hi.value, minC: lo.value,
                            summaryIDs: Set([hi, lo].filter(\.summaryOnly).map(\.id)))
        }
        if let hi = dayMax, let lo = dayMin { return Extremes(basis: .reported24h, maxC: hi.value, minC: lo.value) }
        return six.tiles.isEmpty ? nil : six
    }

    /// The window's reported precipitation total (mm) from `points`, with the report's id when
    /// it carries no reading of its own; nil when no amount's window matches the window.
    func total<S: Sequence>(_ points: S) -> (mm: Double, summaryID: Int64?)? where S.Element == ObservationPoint {
        var best: (mm: Double, misfit: Int64, id: Int64?)?
        for p in points {
            guard let mm = p.precipMm, let w = p.precipWindowH, !PrecipitationSlots.holds(w),
                  p.instant >= earliestEnd, p.instant <= latestEnd, let misfit = mismatch(end: p.instant, hours: w) else { continue }
            if best == nil || misfit < best!.misfit { best = (mm, misfit, ReportedExtremes.isSummaryOnly(p) ? p.id : nil) }
        }
        return best.map { ($0.mm, $0.id) }
    }

    /// The points of `sorted` (by instant) that can bear on the window.
    func candidates(_ sorted: [ObservationPoint]) -> ArraySlice<ObservationPoint> {
        let lo = WindowTruth.firstIndex(sorted, atOrAfter: earliestEnd)
        let hi = WindowTruth.firstIndex(sorted, atOrAfter: latestEnd + 1)
        return sorted[lo..<max(lo, hi)]
    }
}
