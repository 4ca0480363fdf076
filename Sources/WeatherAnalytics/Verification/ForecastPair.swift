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
    public var leadHours: Double
    public var forecast: Double
    public var observed: Double
    public var precipProbPct: Double?
    public var forecastID: Int64
    /// The observation paired with an hourly forecast.
    public var observationID: Int64?

    public var error: Double { forecast - observed }

    /// Who is compared with whom: provider, product and model.
    public var source: String { provider + "/" + product + (model.map { "/" + $0 } ?? "") }

    /// Lead-hours bins of the scores (hours since issue).
    public static let leadBins: [(String, Double, Double)] = [
        ("0-6", 0, 6), ("6-12", 6, 12), ("12-24", 12, 24), ("24-48", 24, 48), ("48-72", 48, 72),
        ("72-120", 72, 120), ("120+", 120, .infinity),
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
    public var tempMaxC: Double?, tempMinC: Double?, precipMm: Double?, precipProbPct: Double?

    public init(id: Int64, provider: String, product: String, model: String?, locationID: String, issuedAt: Int64,
                validFrom: Int64, validTo: Int64, tempMaxC: Double?, tempMinC: Double?, precipMm: Double?, precipProbPct: Double?) {
        self.id = id; self.provider = provider; self.product = product; self.model = model; self.locationID = locationID
        self.issuedAt = issuedAt; self.validFrom = validFrom; self.validTo = validTo; self.tempMaxC = tempMaxC
        self.tempMinC = tempMinC; self.precipMm = precipMm; self.precipProbPct = precipProbPct
    }
}

/// An hourly (or 3-hourly) temperature forecast as stored.
public struct PointForecast: Sendable {
    public var id: Int64
    public var provider: String, product: String, model: String?
    public var locationID: String
    public var period: String
    public var issuedAt: Int64
    public var validAt: Int64
    public var leadHours: Double
    public var tempC: Double

    public init(id: Int64, provider: String, product: String, model: String?, locationID: String, period: String,
                issuedAt: Int64, validAt: Int64, leadHours: Double, tempC: Double) {
        self.id = id; self.provider = provider; self.product = product; self.model = model; self.locationID = locationID
        self.period = period; self.issuedAt = issuedAt; self.validAt = validAt; self.leadHours = leadHours; self.tempC = tempC
    }
}
