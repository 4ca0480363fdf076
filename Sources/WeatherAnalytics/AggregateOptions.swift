/// The rules of the aggregate stage, with the defaults the README documents.
public struct AggregateOptions: Sendable, Equatable {
    /// `provider/product` pairs whose observations are the truth (empty: all observations).
    public var reference: [String] = []
    /// A day is complete when it has data in at least this share of its hours.
    public var dailyMinCoverage: Double = 0.75
    /// Pair day forecasts with incomplete days too.
    public var includeIncompleteDays = false
    /// An hourly forecast pairs with the nearest observation within this many minutes.
    public var matchWindowMinutes: Double = 30
    /// Precipitation event threshold: an amount ≥ this is "rain", for forecast and observation alike.
    public var precipThresholdMm: Double = 0.2
    /// Score only cases (location, target, lead) that every compared provider has.
    public var homogeneous = false

    public init() {}
}

/// A time zone rule for a location: an IANA zone, or a fixed offset, or UTC.
public struct ZoneRule: Sendable, Equatable {
    public var zone: String?
    public var fixedOffset: Int

    public init(zone: String?, fixedOffset: Int = 0) {
        self.zone = zone
        self.fixedOffset = fixedOffset
    }
}
