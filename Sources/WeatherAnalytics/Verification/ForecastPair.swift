import WeatherCore

/// One forecast value matched with what happened: a row of `forecast_pairs`.
public struct ForecastPair: Sendable, Equatable {
    public var provider: String
    public var product: String
    public var model: String?
    public var locationID: String
    public var variable: String
    /// `day`, `hour` or `3h`.
    public var period: String
    public var targetDate: String?
    public var validAt: Int64?
    public var issuedAt: Int64
    public var leadDays: Int?
    /// Hours from issue to the instant the value is valid at (`valid_at − issued`), every period.
    public var leadHours: Double
    public var forecast: Double
    public var observed: Double
    public var precipProbPct: Double?
    public var forecastID: Int64
    /// The observation paired with an hourly forecast.
    public var observationID: Int64?
    /// Whose observations were the truth (`TruthSources`).
    public var truthProvider: String? = nil
    public var truthProduct: String? = nil
    /// How the pair was made: `calendar_day`, `window` (over the forecast's own window) or
    /// `nearest` (an hourly value and the nearest observation).
    public var pairing: String = PairingMode.calendarDay.rawValue
    /// The station whose observations were the truth (station truth only).
    public var truthStation: String? = nil
    /// `hour` or `3h` for a day value the aggregate derived from that product's sub-daily
    /// forecasts (`DerivedDays`); nil for a provider's own values. Part of the source's identity.
    public var derivedFrom: String? = nil

    public var error: Double { forecast - observed }

    /// Who is compared with whom: provider, product, model, and what a derived day came from (`SourceIdentity`).
    public var source: String { SourceIdentity.name(provider: provider, product: product, model: model, derivedFrom: derivedFrom) }

    /// Lead-hours bins of the scores (hours from issue to `valid_at`): to the end of a 16-day
    /// product, so that days 6–7, 8–10 and 11–15 of a 14- or 16-day hourly product are told
    /// apart instead of sharing one open bin.
    public static let leadBins: [(String, Double, Double)] = [
        ("0-6", 0, 6), ("6-12", 6, 12), ("12-24", 12, 24), ("24-48", 24, 48), ("48-72", 48, 72),
        ("72-120", 72, 120), ("120-168", 120, 168), ("168-240", 168, 240), ("240-360", 240, 360),
        ("360+", 360, .infinity),
    ]

    public static func leadBin(_ hours: Double) -> String? {
        leadBins.first { hours >= $0.1 && hours < $0.2 }?.0
    }

    /// The grouping lead: `lead_days` for day forecasts, the lead-hours bin otherwise.
    public var leadKey: String { leadDays.map(String.init) ?? ForecastPair.leadBin(leadHours) ?? "?" }
}

/// A day forecast as stored, with what pairing needs.
public struct DayForecast: Sendable {
    public var id: Int64
    public var provider: String, product: String, model: String?
    public var locationID: String
    public var issuedAt: Int64
    public var validFrom: Int64, validTo: Int64
    /// The instant the forecast's lead is measured to (the stored `valid_at_utc`; the window's
    /// middle when not given).
    public var validAt: Int64
    public var tempMaxC: Double?, tempMinC: Double?, precipMm: Double?, precipProbPct: Double?

    public init(id: Int64, provider: String, product: String, model: String?, locationID: String, issuedAt: Int64,
                validFrom: Int64, validTo: Int64, validAt: Int64? = nil, tempMaxC: Double?, tempMinC: Double?, precipMm: Double?,
                precipProbPct: Double?) {
        self.id = id; self.provider = provider; self.product = product; self.model = model; self.locationID = locationID
        self.issuedAt = issuedAt; self.validFrom = validFrom; self.validTo = validTo
        self.validAt = validAt ?? validFrom + (validTo - validFrom) / 2
        self.tempMaxC = tempMaxC; self.tempMinC = tempMinC; self.precipMm = precipMm; self.precipProbPct = precipProbPct
    }

    /// `provider/product[/model]`: the compared source.
    public var source: String { Feed(provider: provider, product: product, model: model).name }
}

/// An hourly (or 3-hourly) temperature forecast as stored.
public struct PointForecast: Sendable {
    public var id: Int64
    public var provider: String, product: String, model: String?
    public var locationID: String
    public var period: String
    public var issuedAt: Int64
    /// Start of the period the value belongs to: a forecast issued after it is a partial hindcast.
    public var validFrom: Int64
    /// The instant the temperature is valid at (the end of an OWM 3-hour step, an Open-Meteo hour).
    public var validAt: Int64
    public var tempC: Double

    public init(id: Int64, provider: String, product: String, model: String?, locationID: String, period: String,
                issuedAt: Int64, validFrom: Int64, validAt: Int64, tempC: Double) {
        self.id = id; self.provider = provider; self.product = product; self.model = model; self.locationID = locationID
        self.period = period; self.issuedAt = issuedAt; self.validFrom = validFrom; self.validAt = validAt; self.tempC = tempC
    }

    /// Hours from issue to `valid_at`: the lead of the value, whatever the period.
    public var leadHours: Double { Double(validAt - issuedAt) / 3600 }

    /// `provider/product[/model]`: the compared source.
    public var source: String { Feed(provider: provider, product: product, model: model).name }
}
