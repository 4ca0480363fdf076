import WeatherCore

/// One stored observation as the truth stage reads it.
public struct TruthObservation: Sendable {
    public var source: SourceName
    public var role: ObservationRole?
    public var point: ObservationPoint
    /// A station's distance from the location's coordinates (nil for provider products).
    public var distanceKm: Double?
    /// The elevation the observation is for (`observations.elevation_m`).
    public var elevationM: Double?

    public init(source: SourceName, role: ObservationRole?, point: ObservationPoint, distanceKm: Double? = nil, elevationM: Double? = nil) {
        self.source = source
        self.role = role
        self.point = point
        self.distanceKm = distanceKm
        self.elevationM = elevationM
    }
}

/// Where a truth source stands before coverage: its tier (place in `reference`, or station 0 /
/// provider product 1), then for stations the distance from the location.
struct TruthPriority: Comparable {
    var tier: Int
    var distanceKm: Double
    static func < (a: TruthPriority, b: TruthPriority) -> Bool { (a.tier, a.distanceKm) < (b.tier, b.distanceKm) }
}

/// A provider and product (`openweathermap/current`), and for station observations the station
/// (`nws/observations` at `KNYC`): each station is a truth source of its own, so two stations
/// inside one location are never mixed. Open-Meteo archive models (`archive:era5`) answer to
/// their product's name before the colon as well.
public struct SourceName: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var provider: String
    public var product: String
    /// The station id (`KNYC`) of station observations; empty for a provider's own product.
    public var station: String

    public init(provider: String, product: String, station: String = "") {
        self.provider = provider
        self.product = product
        self.station = station
    }

    /// The source as a feed: its product and, for station observations, the station.
    public var feed: Feed { Feed(provider: provider, product: product, station: station.isEmpty ? nil : station) }

    /// `provider/product`, without the station (`daily_observed.truth_source`).
    public var description: String { feed.productName }

    /// `nws/observations KNYC`: the source with its station, for people.
    public var label: String { station.isEmpty ? description : description + " " + station }

    /// Station observations (NWS, METAR): the first tier of truth.
    public var isStation: Bool { !station.isEmpty }

    /// Whether a `reference` entry names this source: `provider/product` names every station of
    /// the product, `provider/product STATION` (its `label`, e.g. `wu/pws IHERNE113`) one station,
    /// so a pipeline can take one backyard station as a location's truth.
    public func isNamed(by entry: String) -> Bool {
        let feed = self.feed
        return entry == feed.productName || entry == Feed(provider: provider, product: feed.baseProduct).productName
            || (isStation && entry == label)
    }

    /// Whether observations of this source are a forecast source's own (same provider and product).
    public func isOwn(of forecastProvider: String, _ forecastProduct: String) -> Bool {
        // `feed.baseProduct == forecastProduct`, without making the feed and its text: asked for every pair.
        guard provider == forecastProvider else { return false }
        let product = self.product.utf8
        let base = product.firstIndex(of: UInt8(ascii: ":")).map { product[..<$0] } ?? product[...]
        return base.elementsEqual(forecastProduct.utf8)
    }

    public static func < (a: SourceName, b: SourceName) -> Bool {
        (a.provider, a.product, a.station) < (b.provider, b.product, b.station)
    }
}

/// The truth at one location: which observations may be truth, their daily summaries per
/// source, and which source is the truth of each local day (docs/VERIFICATION.md, "What is truth").
///
/// - Eligible: with a `reference` (the pipeline's, or the location's), the observations of the
///   named sources whatever their role; without, those whose role is `observed`.
/// - Per local day the sources are ranked (`TruthRanking`): sources whose day is complete first;
///   then in `reference` order when one is given, else stations before provider products; among
///   stations the one nearest the location's coordinates; then temperature hours covered,
///   precipitation hours covered and the products' declared truth priorities (`products`, from
///   each decoder's `FormatDecoder.products`), then by name. The first is the day's truth
///   (`daily_observed.truth_source`, `truth_station`); values are never mixed across sources.
/// - A forecast is never paired with its own source's observations unless
///   `allow_self_reference`: it takes the first ranked source that is not its own.
public struct TruthSources {
    public let locationID: String
    public let reference: [String]
    public let allowSelfReference: Bool
    /// The declared products, whose truth priorities break ties after coverage (station
    /// observations first); a source whose product declares none follows them, by name.
    public let products: ProductCatalog
    /// Per source, its observations sorted by instant (then id).
    public private(set) var series: [SourceName: [ObservationPoint]] = [:]
    /// Per source, its days by local date.
    public private(set) var days: [SourceName: [String: DailyObserved]] = [:]
    /// Per local date, the sources with data that day, best first.
    public private(set) var ranking: [String: [SourceName]] = [:]
    /// Per station source, its distance (km) from the location's coordinates (the nearest of its positions).
    public private(set) var distanceKm: [SourceName: Double] = [:]
    /// Per source, the elevation its observations are for (the last one stated), for `elevation_correction`.
    public private(set) var elevationM: [SourceName: Double] = [:]

    public init(locationID: String, observations: [TruthObservation], options: AggregateOptions, rule: ZoneRule) {
        let reference = options.reference(for: locationID)
        var series: [SourceName: [ObservationPoint]] = [:]
        var distance: [SourceName: Double] = [:]
        var elevation: [SourceName: Double] = [:]
        for o in observations where TruthSources.isEligible(o, reference: reference) {
            series[o.source, default: []].append(o.point)
            if let d = o.distanceKm { distance[o.source] = min(distance[o.source] ?? d, d) }
            if let e = o.elevationM { elevation[o.source] = e }
        }
        let summarizer = DailySummarizer(options: options, rule: rule)
        var days: [SourceName: [DailyObserved]] = [:]
        for (source, points) in series { days[source] = summarizer.summarize(locationID: locationID, points) }
        self.init(locationID: locationID, reference: reference, allowSelfReference: options.allowSelfReference, series: series,
                  days: days, distanceKm: distance, products: options.products, elevationM: elevation)
    }

    /// From sources already summarised: `series` (sorted by instant) for hourly truth, `days` for
    /// daily truth, `distanceKm` for stations (a station without one ranks after those with one),
    /// `products` for the declared truth priorities.
    public init(locationID: String, reference: [String], allowSelfReference: Bool, series: [SourceName: [ObservationPoint]],
                days: [SourceName: [DailyObserved]], distanceKm: [SourceName: Double] = [:], products: ProductCatalog = ProductCatalog(),
                elevationM: [SourceName: Double] = [:]) {
        self.locationID = locationID
        self.elevationM = elevationM
        self.reference = reference
        self.allowSelfReference = allowSelfReference
        self.products = products
        self.series = series
        self.distanceKm = distanceKm
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
        // Complete days first: a named or station source with two readings that day does not
        // void a day another source covers. Among equals in standing, a day made from reported
        // extremes (a climate report, a station's 24-hour groups) before one rebuilt from hourly
        // readings, which read low: hours covered would otherwise favour the readings.
        func reported(_ d: DailyObserved) -> Int { d.truthBasis.map { $0 == TruthBasis.hourly.rawValue ? 1 : 0 } ?? 1 }
        return present.sorted { a, b in
            let ka = (a.1.complete ? 0 : 1, priority(a.0)), kb = (b.1.complete ? 0 : 1, priority(b.0))
            if ka.0 != kb.0 { return ka.0 < kb.0 }
            if ka.1 != kb.1 { return ka.1 < kb.1 }
            if reported(a.1) != reported(b.1) { return reported(a.1) < reported(b.1) }
            return (-a.1.hoursCovered, -a.1.precipHoursCovered, fixed(a.0), a.0) < (-b.1.hoursCovered, -b.1.precipHoursCovered, fixed(b.0), b.0)
        }.map(\.0)
    }

    /// The standing of a source before coverage is looked at: its place in `reference` (when
    /// given), else stations (0) before provider products (1); then a station's distance.
    func priority(_ s: SourceName) -> TruthPriority {
        let tier = reference.isEmpty ? (s.isStation ? 0 : 1) : (reference.firstIndex { s.isNamed(by: $0) } ?? reference.count)
        return TruthPriority(tier: tier, distanceKm: s.isStation ? (distanceKm[s] ?? .infinity) : 0)
    }

    /// The declared truth priority of a source's product (exactly that product: Open-Meteo archive
    /// models have none of their own); undeclared products after every declared one.
    func fixed(_ s: SourceName) -> Int { products.truthPriority(provider: s.provider, product: s.product) ?? Int.max }

    /// The rows of `daily_observed`: each local day from its first-ranked source.
    public var dailyTruth: [DailyObserved] {
        ranking.keys.sorted().compactMap { date in
            guard let source = ranking[date]?.first, var d = days[source]?[date] else { return nil }
            d.truthSource = source.description
            d.truthStation = source.isStation ? source.station : nil
            return d
        }
    }

    /// The sources a forecast of `provider/product` may be verified against on `date`, best first.
    public func candidates(on date: String, forProvider provider: String, product: String) -> [SourceName] {
        Array(rankedCandidates(on: date, forProvider: provider, product: product))
    }

    /// `candidates` as they are looked at: the nearest observation of every pair asks, and
    /// mostly needs the first.
    func rankedCandidates(on date: String, forProvider provider: String, product: String) -> LazyFilterSequence<[SourceName]> {
        (ranking[date] ?? []).lazy.filter { allowSelfReference || !$0.isOwn(of: provider, product) }
    }

    /// Whether a forecast's only truth on `date` would be its own observations.
    public func onlySelf(on date: String, forProvider provider: String, product: String) -> Bool {
        let all = ranking[date] ?? []
        return !all.isEmpty && rankedCandidates(on: date, forProvider: provider, product: product).isEmpty
    }

    /// The day a forecast of `provider/product` is verified against on `date`, with its source.
    public func day(_ date: String, forProvider provider: String, product: String) -> (SourceName, DailyObserved)? {
        guard let source = rankedCandidates(on: date, forProvider: provider, product: product).first,
              var d = days[source]?[date] else { return nil }
        d.truthSource = source.description
        d.truthStation = source.isStation ? source.station : nil
        return (source, d)
    }

    /// The observation nearest to `instant` within `window` seconds (a tie: the earlier) in the
    /// first source, by the ranking of `date`, that has one.
    public func nearest(to instant: Int64, on date: String, within window: Int64, forProvider provider: String,
                        product: String) -> (SourceName, ObservationPoint)? {
        for source in rankedCandidates(on: date, forProvider: provider, product: product) {
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
