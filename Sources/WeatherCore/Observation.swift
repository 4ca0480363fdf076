/// Whether an observation may serve as the truth in verification.
///
/// `observed` is a product that reports what happened (OWM current weather, history / time
/// machine, the Open-Meteo archive, an input declared `"role": "observed"`); `nowcast` is the
/// current block inside a forecast reply (One Call `current`, Dark Sky `currently`, WeatherKit
/// `currentWeather`, Open-Meteo `current`), which is a model's estimate from the same run as the
/// forecast next to it, so by default it is stored but never the truth.
public enum ObservationRole: String, Sendable, CaseIterable {
    case observed, nowcast
}

/// What a provider said the weather *was* at an instant, in canonical units.
///
/// Every quantity is optional: a field the provider did not send stays `nil` and becomes an
/// empty CSV cell / SQL NULL, never 0. Names carry their units.
public struct Observation: Sendable, Equatable {
    public var provider: String
    public var product: String
    public var observedAt: Int64
    public var latitude: Double
    public var longitude: Double
    /// A location id the collector declared in the envelope, which wins over matching by radius.
    public var declaredLocationID: String?
    public var placeName: String?
    public var country: String?
    /// Offset from UTC that the body states for the place, in seconds.
    public var utcOffsetSeconds: Int?
    /// IANA time-zone name that the body states, if any.
    public var timeZone: String?

    public var tempC: Double?
    public var feelsLikeC: Double?
    public var dewPointC: Double?
    public var pressureHpa: Double?
    public var humidityPct: Double?
    public var windSpeedMs: Double?
    public var windGustMs: Double?
    public var windDirDeg: Double?
    public var cloudCoverPct: Double?
    public var visibilityM: Double?
    public var uvIndex: Double?
    /// Liquid rain that fell in the accumulation window ending at `observedAt`.
    public var rainMm: Double?
    /// Snow (as water equivalent) that fell in the accumulation window.
    public var snowMm: Double?
    /// rain + snow over the window: the liquid-equivalent total.
    public var precipMm: Double?
    /// Length of the accumulation window in hours (1 or 3 for OWM).
    public var precipWindowH: Double?
    /// An instantaneous rate, never mixed into accumulated amounts.
    public var precipRateMmh: Double?

    public var condition: Condition?
    public var conditionCode: String?
    public var conditionText: String?
    public var sunriseAt: Int64?
    public var sunsetAt: Int64?

    /// Unit system assumed when the body does not say, and why.
    public var unitsAssumed: String?
    /// Where those units came from; stored as its text (`units_block`).
    public var unitsSource: UnitsSource?
    /// Decided at ingest (`ObservationRole.decide` in WeatherProviders, or the input's declared
    /// role); nil until then, stored as NULL and never taken as the truth unless named.
    public var role: ObservationRole?

    /// The reporting station (ICAO id such as `KDCA`) for station observations (NWS, METAR):
    /// ground truth measured on site rather than a provider's model product.
    public var stationID: String?
    /// The station's quality-control flag for the temperature (NWS MADIS `V`, `C`, `S`, `Z`).
    public var qcFlag: String?
    /// The station reported a trace of precipitation: `precipMm` is 0, as climatological sums count it.
    public var precipTrace: Bool = false
    /// Station extremes over the 6 or 24 hours ending at `observedAt` (METAR `maxT`/`minT`,
    /// `maxT24`/`minT24`; NWS `max/minTemperatureLast24Hours`).
    public var tempMax6hC: Double?
    public var tempMin6hC: Double?
    public var tempMax24hC: Double?
    public var tempMin24hC: Double?
    /// A reported maximum and minimum over a stated window ending at `observedAt` that is not one
    /// of the fixed 6 or 24 hours: a daily summary's climate day (local standard time), a
    /// cooperative observer's day ending at its observation hour, a local calendar day (23 or 25
    /// hours across a DST change). `extremesWindowH` is the window's length.
    public var tempMaxC: Double?
    public var tempMinC: Double?
    public var extremesWindowH: Double?
    /// The elevation the values are for, metres above sea level: the station's (NWS `elevation`,
    /// METAR `elev`), or the model grid's for a model product (Open-Meteo `elevation`), so that a
    /// forecast for another elevation can be compared at this one (`elevation_correction`).
    public var elevationM: Double?

    public init(provider: String, product: String, observedAt: Int64, latitude: Double, longitude: Double) {
        self.provider = provider
        self.product = product
        self.observedAt = observedAt
        self.latitude = latitude
        self.longitude = longitude
    }
}
