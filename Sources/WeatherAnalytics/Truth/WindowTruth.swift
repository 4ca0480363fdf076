import WeatherCore

/// What one truth source observed over a forecast's own window `[from, to)`
/// (docs/VERIFICATION.md, "Pairing over a window").
public struct WindowTruth: Sendable, Equatable {
    public var source: SourceName
    /// The window's hours: `⌈(to − from) / 1 h⌉`, counted from `from` (not from clock hours, so a
    /// window starting at a half hour is still whole hours).
    public var hours: Int
    /// Hours of the window with at least one temperature reading, or inside a reported 6-hour
    /// window; all of them when a report's window is the window (`ReportedExtremes`).
    public var tempHoursCovered: Int
    /// Highest and lowest temperature read within the window (every reading, not hourly means).
    public var tempMaxC: Double?, tempMinC: Double?
    /// Hours of the window filled by accumulation slots (`PrecipitationSlots`).
    public var precipHoursCovered: Int
    /// Sum of the slots inside the window, or the total reported over it.
    public var precipMm: Double?
    /// What the extremes and the amount were made from (`TruthBasis`).
    public var tempBasis: TruthBasis = .hourly
    public var precipBasis: TruthBasis = .hourly

    /// Temperature coverage: at least `minCoverage` of the window's hours have a reading.
    public func tempCovered(_ minCoverage: Double) -> Bool {
        tempHoursCovered > 0 && Double(tempHoursCovered) >= minCoverage * Double(hours)
    }

    /// Precipitation needs every hour of the window: a sum with a gap would read as less rain.
    public var precipCovered: Bool { precipHoursCovered == hours && precipMm != nil }

    /// Whether anything of this source falls in the window.
    public var hasData: Bool { tempHoursCovered > 0 || precipHoursCovered > 0 }

    /// Summarises `points` (sorted by instant) over `[from, to)`; reported extremes and totals
    /// whose windows match it within `toleranceHours` are the truth before the readings.
    public static func over(_ points: [ObservationPoint], source: SourceName, from: Int64, to: Int64,
                            toleranceHours: Double = 1) -> WindowTruth {
        let hours = max(1, Int((to - from + 3599) / 3600))
        var result = WindowTruth(source: source, hours: hours, tempHoursCovered: 0, precipHoursCovered: 0)
        var covered = Set<Int64>()
        // Hours counted from `from`; the "offset" −from puts each hour's middle at its real instant,
        // so of two readings for one hour the one centred nearest its middle is kept.
        var slots = PrecipitationSlots(hourKey: { DailySummarizer.HourKey(localHour: floorDiv($0 - from, 3600), offset: Int(-from)) },
                                       localDate: { _ in "" })
        var k = firstIndex(points, atOrAfter: from)
        // Accumulation windows end at most a day after the window's start and still reach into it.
        while k < points.count, points[k].instant < to + 86400 {
            let p = points[k]
            if p.instant < to, let t = p.tempC {
                covered.insert(floorDiv(p.instant - from, 3600))
                result.tempMaxC = max(result.tempMaxC ?? t, t)
                result.tempMinC = min(result.tempMinC ?? t, t)
            }
            if let mm = p.precipMm, let w = p.precipWindowH, p.instant > from { slots.add(end: p.instant, windowHours: w, amountMm: mm) }
            k += 1
        }
        let inside = slots.slots.filter { $0.key.localHour >= 0 && $0.key.localHour < Int64(hours) }
        result.precipHoursCovered = inside.count
        if !inside.isEmpty { result.precipMm = Convert.round(inside.values.reduce(0) { $0 + $1.amountMm }, 2) }
        let window = ReportedExtremes(from: from, to: to, toleranceHours: toleranceHours)
        let candidates = window.candidates(points)
        if let r = window.extremes(candidates) {
            result.tempBasis = r.basis
            if r.basis == .reported6h {
                result.tempMaxC = [result.tempMaxC, r.maxC].compactMap { $0 }.max()
                result.tempMinC = [result.tempMinC, r.minC].compactMap { $0 }.min()
                for tile in r.tiles {
                    var t = tile.lowerBound + 1800
                    while t < tile.upperBound {
                        let h = floorDiv(t - from, 3600)
                        if h >= 0 && h < Int64(hours) { covered.insert(h) }
                        t += 3600
                    }
                }
            } else {
                (result.tempMaxC, result.tempMinC) = (r.maxC, r.minC)
                covered = Set(0..<Int64(hours))
            }
        }
        result.tempHoursCovered = covered.count
        if let total = window.total(candidates) {
            (result.precipMm, result.precipHoursCovered, result.precipBasis) = (Convert.round(total.mm, 2), hours, .reportedTotal)
        }
        return result
    }

    /// The first index whose instant is at or after `t` (binary search).
    static func firstIndex(_ points: [ObservationPoint], atOrAfter t: Int64) -> Int {
        var lo = 0, hi = points.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if points[mid].instant < t { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

extension TruthSources {
    /// The sources a window forecast of `provider/product` may be verified against, best first:
    /// in `reference` order when given, else stations (nearest first) before provider products;
    /// then the declared truth priorities and name. Never the forecast's own source unless `allow_self_reference`.
    public func windowCandidates(forProvider provider: String, product: String) -> [SourceName] {
        series.keys.filter { allowSelfReference || !$0.isOwn(of: provider, product) }
            .sorted { a, b in
                let pa = priority(a), pb = priority(b)
                if pa != pb { return pa < pb }
                return (fixed(a), a) < (fixed(b), b)
            }
    }

    /// The truth over `[from, to)`: the first candidate that covers one of the needed variables
    /// (temperature with `minCoverage`, precipitation fully); nil when none does. `seen` says
    /// whether any candidate had data in the window (so the forecast is counted as not covered).
    public func window(from: Int64, to: Int64, forProvider provider: String, product: String, needsTemp: Bool,
                       needsPrecip: Bool, minCoverage: Double, toleranceHours: Double = 1) -> (truth: WindowTruth?, seen: Bool) {
        var seen = false
        for source in windowCandidates(forProvider: provider, product: product) {
            let w = WindowTruth.over(series[source] ?? [], source: source, from: from, to: to, toleranceHours: toleranceHours)
            seen = seen || w.hasData
            if (needsTemp && w.tempCovered(minCoverage)) || (needsPrecip && w.precipCovered) { return (w, true) }
        }
        return (nil, seen)
    }

    /// Whether a forecast's only truth over a window would be its own observations.
    public func onlySelfInWindow(from: Int64, to: Int64, forProvider provider: String, product: String) -> Bool {
        let own = series.filter { $0.key.isOwn(of: provider, product) }
        guard !allowSelfReference, !own.isEmpty, windowCandidates(forProvider: provider, product: product).allSatisfy({
            !WindowTruth.over(series[$0] ?? [], source: $0, from: from, to: to).hasData
        }) else { return false }
        return own.contains { WindowTruth.over($0.value, source: $0.key, from: from, to: to).hasData }
    }
}
