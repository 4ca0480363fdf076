import WeatherCore

/// The rules of the aggregate stage, with the defaults docs/AGGREGATES.md, docs/SETTINGS.md and docs/VERIFICATION.md document.
public struct AggregateOptions: Sendable, Equatable {
    /// `provider/product` sources whose observations are the truth, in priority order (empty:
    /// every observation whose role is `observed`, ranked by coverage then the declared truth priorities of `products`).
    public var reference: [String] = []
    /// A `reference` per location id, which wins over `reference` there (a user's best station).
    public var locationReference: [String: [String]] = [:]
    /// Let a provider/product be verified against its own observations (off: never).
    public var allowSelfReference = false
    /// Which of several forecasts for the same case are scored (default: the last issued before
    /// `IssueSelection.defaultCutoffMinute` local on each issue date, so polling frequency does not weigh).
    public var issueSelection: IssueSelection = .latestBefore(minuteOfDay: IssueSelection.defaultCutoffMinute)
    /// A day forecast is paired with a local day only when its window starts and ends within this
    /// many hours of that day's local midnights.
    public var dayWindowToleranceHours: Double = 1
    /// A day is complete when it has a temperature in at least this share of its hours.
    public var dailyMinCoverage: Double = 0.75
    /// Pair day forecasts with incomplete days too.
    public var includeIncompleteDays = false
    /// An hourly forecast pairs with the nearest observation within this many minutes.
    public var matchWindowMinutes: Double = 30
    /// Precipitation event threshold: an amount ≥ this is "rain", for forecast and observation alike.
    public var precipThresholdMm: Double = 0.2
    /// Score only cases (location, variable, target, lead) that every compared source has.
    public var homogeneous = false
    /// The forecast sources compared (`provider/product` or `provider/product/model`); empty: all.
    public var compare: [String] = []
    /// How day forecasts are paired (`pairing`): with local calendar days, or over their own window.
    public var pairing: PairingMode = .calendarDay
    /// `pairing` per `provider` or `provider/product` (the longer name wins), over `pairing`.
    public var providerPairing: [String: PairingMode] = [:]
    /// A window is covered when at least this share of its hours has a temperature (`window_min_coverage`).
    public var windowMinCoverage: Double = 0.75
    /// Whether forecast temperatures are corrected to the truth's elevation (`elevation_correction`; off by default).
    public var elevationCorrection: ElevationCorrection = .none
    /// The moving-block bootstrap of the score intervals (`bootstrap_samples`, `bootstrap_block_days`,
    /// `bootstrap_seed`); each group draws from its own stream derived from the seed and its key.
    public var bootstrap = BootstrapOptions()
    /// `precip_thresholds_mm`: the amounts of the `precip_thresholds` contingency tables.
    public var precipThresholdsMm: [Double] = PrecipitationContingency.defaultThresholdsMm
    /// Matched cases of a comparison or ranking whose issues differ by more than this many hours
    /// are left out of it (and counted): a forecast issued later knows more, so a comparison of a
    /// morning run with an evening one measures the clock, not the provider.
    public var issueAlignmentHours: Double = 3
    /// How the p-values of one family of comparisons (variable × lead × location set) are adjusted.
    public var pAdjustment: PAdjustment = .holm
    /// Only the locations of this shard (a hash of the location id) are aggregated: `--shard K/N`.
    public var locationShard: Shard?
    /// What the providers declare of their products: the truth priorities that break ties between
    /// observed products. Not a setting: the pipeline's aggregate stages fill it from the
    /// registered decoders (`ProductCatalog.standard`); left empty, tied sources go by name.
    public var products = ProductCatalog()
    /// How many local days of issues the aggregate reads and pairs at once per location
    /// (`IssueChunks`). Not a setting: the results do not depend on it, only the memory held —
    /// tests set 0 (the whole location at once) to check exactly that.
    public var issueChunkDays = 7
    /// How many pairs a sorted run of the scores' passes holds in memory (`PairSpool`, about 100
    /// bytes each). Not a setting either: tests set a handful, so that runs are merged, and 0 to
    /// read the pairs back from `forecast_pairs` instead, and check that both give the same tables.
    public var pairSpoolRunRecords = 131_072
    /// Whether the records are read through a second connection while the pairs' writes run on
    /// a thread of their own (`WriteQueue`), when the store allows it (`Database.readerBeside`);
    /// false: one connection, one thread, as a test compares.
    public var writesBeside = true

    public init() {}

    /// The pairing of a source's day forecasts (12-hour periods are always paired by window).
    public func pairing(provider: String, product: String) -> PairingMode {
        providerPairing[Feed(provider: provider, product: product).productName] ?? providerPairing[provider] ?? pairing
    }

    /// Whether forecasts of this feed are compared (`compare` names `provider/product` or
    /// `provider/product/model`).
    public func isCompared(_ feed: Feed) -> Bool {
        compare.isEmpty || compare.contains(feed.productName) || (feed.model != nil && compare.contains(feed.name))
    }

    /// Whether forecasts of this source are compared (`compare`).
    public func isCompared(provider: String, product: String, model: String?) -> Bool {
        isCompared(Feed(provider: provider, product: product, model: model))
    }

    /// The truth sources of a location, in priority order (empty: all `observed` ones).
    public func reference(for locationID: String) -> [String] {
        locationReference[locationID] ?? reference
    }
}

/// `issue_selection`: which forecasts of one provider, location and target are scored.
public enum IssueSelection: Sendable, Equatable {
    /// Every forecast (several per case when a collector polls often).
    case all
    /// Per provider, location, target and issue date: the last forecast issued before this
    /// local time of day (minutes after local midnight) on the issue date.
    case latestBefore(minuteOfDay: Int)
    /// Per provider, location, target and issue date: the first forecast issued that day.
    case firstOfDay

    /// The cutoff of `latest_before` when none is given: 06:00 local, after the night's model
    /// runs and before a day's first decisions. Every default of the cutoff reads this one.
    public static let defaultCutoffMinute = 6 * 60

    /// `all`, `first_of_day`, `latest_before 06:00`.
    public var label: String {
        switch self {
        case .all: return "all"
        case .firstOfDay: return "first_of_day"
        case .latestBefore(let m): return "latest_before " + IssueSelection.clock(m)
        }
    }

    /// `HH:MM` for minutes after midnight.
    public static func clock(_ minutes: Int) -> String {
        let h = minutes / 60, m = minutes % 60
        return (h < 10 ? "0" : "") + String(h) + ":" + (m < 10 ? "0" : "") + String(m)
    }

    /// Parses `HH:MM` (00:00 … 24:00) into minutes after midnight.
    public static func parseClock(_ s: String) -> Int? {
        let parts = s.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
              let h = Int(parts[0]), let m = Int(parts[1]), (0...24).contains(h), (0..<60).contains(m) else { return nil }
        let total = h * 60 + m
        return total <= 24 * 60 ? total : nil
    }
}

/// A time zone rule for a location: an IANA zone, or a fixed offset, or UTC.
public struct ZoneRule: Sendable, Equatable {
    public var zone: String?
    public var fixedOffset: Int

    public init(zone: String?, fixedOffset: Int = 0) {
        self.zone = zone
        self.fixedOffset = fixedOffset
    }

    /// Offset from UTC at `t`.
    public func offset(at t: Int64) -> Int {
        if let zone, let off = LocalTime.offset(at: t, zone: zone) { return off }
        return fixedOffset
    }

    /// The local calendar date of `t`.
    public func date(of t: Int64) -> String { LocalTime.date(of: t, zone: zone, fixedOffset: fixedOffset) }

    /// Minutes after local midnight of `t`.
    public func minuteOfDay(_ t: Int64) -> Int {
        let local = t + Int64(offset(at: t))
        return Int(((local % 86400) + 86400) % 86400 / 60)
    }
}

extension AggregateOptions {
    /// `issue_alignment_hours` and `p_adjustment` as the aggregate recorded them in `meta`
    /// (`aggregate.KEY`), so `compare`, `rank` and `merge-scores` test as the aggregate did.
    public mutating func readComparisonSettings(_ meta: (String) throws -> String?) rethrows {
        if let v = try meta("issue_alignment_hours").flatMap(Double.init), v >= 0 { issueAlignmentHours = v }
        if let v = try meta("p_adjustment").flatMap(PAdjustment.init(rawValue:)) { pAdjustment = v }
    }
}
