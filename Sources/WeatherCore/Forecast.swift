/// The period a forecast value covers.
public enum ForecastPeriod: String, Sendable, CaseIterable {
    case minute, hour, threeHours = "3h", day
    /// A 12-hour day (06–18 local) or night (18–06) period, as NWS forecasts give them: not a
    /// calendar day, so only a window-matched pairing may verify it.
    case halfDay = "12h"
    /// Six hours from a forecast step (MET Norway `next_6_hours`): an amount and extremes over
    /// the six hours, whatever the local time; no pairing verifies it yet.
    case sixHours = "6h"
    /// Twelve hours from a forecast step (MET Norway `next_12_hours`, one from every step, so they
    /// overlap): unlike `halfDay` not a day or night period; no pairing verifies it yet.
    case rollingTwelveHours = "12h-rolling"
}

/// Where the issue time of a forecast came from, strongest first (docs/PROVIDERS.md, Time).
public enum IssueTimeSource: String, Sendable {
    /// The collector's envelope `fetched_at`.
    case envelope
    /// The body's own clock (One Call `current.dt`, Dark Sky `currently.time`, WeatherKit `readTime`).
    case body
    /// A timestamp in the file or archive-member name.
    case fileName = "file_name"
    /// The file's or tar member's modification time.
    case modificationTime = "mtime"
    /// Nothing else was known (standard input without an envelope): the time of ingest.
    case ingestTime = "ingest_time"
}

/// What a provider said the weather *will be* over a period, in canonical units.
///
/// `validFrom`/`validTo` bound the period (and the accumulation window of `precipMm`);
/// `validAt` is the instant that point values such as `tempC` refer to. For day periods
/// `targetDate` is the local calendar date the forecast is for.
public struct Forecast: Sendable, Equatable {
    public var provider: String
    public var product: String
    /// The model, for multi-model replies (Open-Meteo `…_icon_d2`); nil otherwise.
    public var model: String?
    public var latitude: Double
    public var longitude: Double
    public var declaredLocationID: String?
    public var issuedAt: Int64
    public var issuedAtSource: IssueTimeSource
    public var period: ForecastPeriod
    public var validFrom: Int64
    public var validTo: Int64
    public var validAt: Int64
    public var targetDate: String?

    public var tempC: Double?
    public var tempMaxC: Double?
    public var tempMinC: Double?
    public var feelsLikeC: Double?
    public var dewPointC: Double?
    public var humidityPct: Double?
    public var pressureHpa: Double?
    public var windSpeedMs: Double?
    public var windGustMs: Double?
    public var windDirDeg: Double?
    public var cloudCoverPct: Double?
    public var visibilityM: Double?
    /// Liquid-equivalent total over the period (rain + snow water), in mm.
    public var precipMm: Double?
    /// True when `precipMm` is derived from a rate (Dark Sky daily `precipIntensity` × 24 h).
    public var precipEstimated: Bool = false
    public var precipRateMmh: Double?
    public var precipProbPct: Double?
    /// Snowfall depth (not water), in cm.
    public var snowfallCm: Double?
    public var uvIndex: Double?
    public var condition: Condition?
    public var conditionCode: String?
    public var conditionText: String?
    public var unitsAssumed: String?
    /// Where those units came from; stored as its text (`units_block`).
    public var unitsSource: UnitsSource?
    /// The upper bound of a forecast wind-speed range (NWS "5 to 10 mph"); `windSpeedMs` holds the lower.
    public var windSpeedMaxMs: Double?
    /// Length of the period in hours when it can differ from its kind's nominal length: an NWS
    /// 12-hour period cut short at the start of a reply (1, 2, 4 h) is not a full day or night.
    public var periodHours: Double?

    public init(provider: String, product: String, latitude: Double, longitude: Double, issuedAt: Int64,
                issuedAtSource: IssueTimeSource, period: ForecastPeriod, validFrom: Int64, validTo: Int64, validAt: Int64? = nil) {
        self.provider = provider
        self.product = product
        self.latitude = latitude
        self.longitude = longitude
        self.issuedAt = issuedAt
        self.issuedAtSource = issuedAtSource
        self.period = period
        self.validFrom = validFrom
        self.validTo = validTo
        self.validAt = validAt ?? validFrom
    }

    /// Hours from issue to the instant the value is valid at (`valid_at − issued`, docs/PROVIDERS.md,
    /// Lead): the same lead the pairs carry, so a record and its pair never disagree about how far ahead it was.
    public var leadHours: Double { Double(validAt - issuedAt) / 3600 }
}

/// What a body says about a place, without being a weather record (geocoding replies, or the
/// header of a reply whose data blocks were all excluded). Used to name and zone locations.
public struct PlaceInfo: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    public var name: String?
    public var country: String?
    public var state: String?
    public var timeZone: String?
    public var utcOffsetSeconds: Int?
    public var declaredLocationID: String?
    /// Geocoding results are places in their own right; a data reply's header only describes
    /// the place of its records.
    public var isGeocoding: Bool

    public init(latitude: Double, longitude: Double, name: String? = nil, country: String? = nil, state: String? = nil,
                timeZone: String? = nil, utcOffsetSeconds: Int? = nil, declaredLocationID: String? = nil, isGeocoding: Bool = false) {
        self.latitude = latitude
        self.longitude = longitude
        self.name = name
        self.country = country
        self.state = state
        self.timeZone = timeZone
        self.utcOffsetSeconds = utcOffsetSeconds
        self.declaredLocationID = declaredLocationID
        self.isGeocoding = isGeocoding
    }
}
