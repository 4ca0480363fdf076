import WeatherCore

/// One stored observation as the truth stage reads it.
public struct TruthObservation: Sendable {
    public var source: SourceName
    public var role: ObservationRole?
    public var point: ObservationPoint

    public init(source: SourceName, role: ObservationRole?, point: ObservationPoint) {
        self.source = source
        self.role = role
        self.point = point
    }
}

/// A provider and product (`openweathermap/current`). Open-Meteo archive models
/// (`archive:era5`) answer to their product's name before the colon as well.
public struct SourceName: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var provider: String
    public var product: String

    public init(provider: String, product: String) {
        self.provider = provider
        self.product = product
    }

    public var description: String { provider + "/" + product }

    /// Whether a `reference` entry (`provider/product`) names this source.
    public func isNamed(by entry: String) -> Bool {
        entry == description || entry == provider + "/" + (product.split(separator: ":").first.map(String.init) ?? product)
    }

    /// Whether observations of this source are a forecast source's own (same provider and product).
    public func isOwn(of forecastProvider: String, _ forecastProduct: String) -> Bool {
        provider == forecastProvider && (product.split(separator: ":").first.map(String.init) ?? product) == forecastProduct
    }

    public static func < (a: SourceName, b: SourceName) -> Bool { (a.provider, a.product) < (b.provider, b.product) }
}

/// The truth at one location: which observations may be truth, their daily summaries per
/// source, and which source is the truth of each local day (docs/VERIFICATION.md, "What is truth").
///
/// - Eligible: with a `reference` (the pipeline's, or the location's), the observations of the
///   named sources whatever their role; without, those whose role is `observed`.
/// - Per local day the sources are ranked: in `reference` order when one is given (sources whose
///   day is complete first), else by temperature hours covered, then precipitation hours
///   covered, then `fixedOrder`. The first is
///   the day's truth (`daily_observed.truth_source`); values are never mixed across sources.
/// - A forecast is never paired with its own source's observations unless
///   `allow_self_reference`: it takes the first ranked source that is not its own.
public struct TruthSources {
    /// Observed products in the order that breaks ties of coverage: OWM's current-weather reply
    /// (a station-backed analysis refreshed every 10 minutes), then the history products, then
    /// the Open-Meteo reanalysis archive; unknown sources follow by name.
    public static let fixedOrder = ["openweathermap/current", "openweathermap/timemachine", "darksky/timemachine", "open-meteo/archive"]

    public let locationID: String
    public let reference: [String]
    public let allowSelfReference: Bool
    /// Per source, its observations sorted by instant (then id).
    public private(set) var series: [SourceName: [ObservationPoint]] = [:]
    /// Per source, its days by local date.
    public private(set) var days: [SourceName: [String: DailyObserved]] = [:]
    /// Per local date, the sources with data that day, best first.
    public private(set) var ranking: [String: [SourceName]] = [:]

    public init(locationID: String, observations: [TruthObservation], options: AggregateOptions, rule: ZoneRule) {
        let reference = options.reference(for: locationID)
        var series: [SourceName: [ObservationPoint]] = [:]
        for o in observations where TruthSources.isEligible(o, reference: reference) { series[o.source, default: []].append(o.point) }
        let summarizer = DailySummarizer(options: options, rule: rule)
        var days: [SourceName: [DailyObserved]] = [:]
        for (source, points) in series { days[source] = summarizer.summarize(locationID: locationID, points) }
        self.init(locationID: locationID, reference: reference, allowSelfReference: options.allowSelfReference, series: series, days: days)
    }

    /// From sources already summarised: `series` (sorted by instant) for hourly truth, `days` for daily truth.
    public init(locationID: String, reference: [String], allowSelfReference: Bool, series: [SourceName: [ObservationPoint]],
                days: [SourceName: [DailyObserved]]) {
        self.locationID = locationID
        self.reference = reference
        self.allowSelfReference = allowSelfReference
        self.series = series
        for (source, list) in days { self.days[source] = Dictionary(list.map { ($0.localDate, $0) }, uniquingKeysWith: { a, _ in a }) }
        var dates = Set<String>()
        for byDate in self.days.values { dates.formUnion(byDate.keys) }
        for date in dates { ranking[date] = rank(date) }
    }

    static func isEligible(_ o: TruthObservation, reference: [String]) -> Bool {
        if reference.isEmpty { return o.role == .observed }
        return reference.contains { o.source.isNamed(by: $0) }
    }

    func rank(_ date: String) -> [SourceName] {
        let present = days.compactMap { source, byDate -> (SourceName, DailyObserved)? in
            byDate[date].map { (source, $0) }
        }
        if !reference.isEmpty {
            // Reference order among the sources whose day is complete, then among the others: a
            // named source with two readings that day does not void a day another one covers.
            func rank(_ p: (SourceName, DailyObserved)) -> (Int, Int, SourceName) {
                (p.1.complete ? 0 : 1, reference.firstIndex { p.0.isNamed(by: $0) } ?? reference.count, p.0)
            }
            return present.sorted { rank($0) < rank($1) }.map(\.0)
        }
        func fixed(_ s: SourceName) -> Int { TruthSources.fixedOrder.firstIndex(of: s.description) ?? TruthSources.fixedOrder.count }
        return present.sorted { a, b in
            (-a.1.hoursCovered, -a.1.precipHoursCovered, fixed(a.0), a.0) < (-b.1.hoursCovered, -b.1.precipHoursCovered, fixed(b.0), b.0)
        }.map(\.0)
    }

    /// The rows of `daily_observed`: each local day from its first-ranked source.
    public var dailyTruth: [DailyObserved] {
        ranking.keys.sorted().compactMap { date in
            guard let source = ranking[date]?.first, var d = days[source]?[date] else { return nil }
            d.truthSource = source.description
            return d
        }
    }

    /// The sources a forecast of `provider/product` may be verified against on `date`, best first.
    public func candidates(on date: String, forProvider provider: String, product: String) -> [SourceName] {
        (ranking[date] ?? []).filter { allowSelfReference || !$0.isOwn(of: provider, product) }
    }

    /// Whether a forecast's only truth on `date` would be its own observations.
    public func onlySelf(on date: String, forProvider provider: String, product: String) -> Bool {
        let all = ranking[date] ?? []
        return !all.isEmpty && candidates(on: date, forProvider: provider, product: product).isEmpty
    }

    /// The day a forecast of `provider/product` is verified against on `date`, with its source.
    public func day(_ date: String, forProvider provider: String, product: String) -> (SourceName, DailyObserved)? {
        guard let source = candidates(on: date, forProvider: provider, product: product).first,
              var d = days[source]?[date] else { return nil }
        d.truthSource = source.description
        return (source, d)
    }

    /// The observation nearest to `instant` within `window` seconds (a tie: the earlier) in the
    /// first source, by the ranking of `date`, that has one.
    public func nearest(to instant: Int64, on date: String, within window: Int64, forProvider provider: String,
                        product: String) -> (SourceName, ObservationPoint)? {
        for source in candidates(on: date, forProvider: provider, product: product) {
            guard let points = series[source] else { continue }
            if let p = TruthSources.nearest(points, to: instant, within: window) { return (source, p) }
        }
        return nil
    }

    /// Binary search in `points` (sorted by instant) for the nearest temperature reading.
    static func nearest(_ points: [ObservationPoint], to instant: Int64, within window: Int64) -> ObservationPoint? {
        var lo = 0, hi = points.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if points[mid].instant < instant { lo = mid + 1 } else { hi = mid }
        }
        var best: ObservationPoint?
        var k = lo - 1
        while k >= 0, instant - points[k].instant <= window {  // the nearest earlier one with a temperature
            if points[k].tempC != nil { best = points[k]; break }
            k -= 1
        }
        k = lo
        while k < points.count, points[k].instant - instant <= window {
            if points[k].tempC != nil {
                if best == nil || points[k].instant - instant < instant - best!.instant { best = points[k] }
                break
            }
            k += 1
        }
        return best
    }
}
