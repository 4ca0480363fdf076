import WeatherCore

/// The records of one Locationforecast reply: every step's `instant` values at `time` (with
/// `next_1_hours` folded in: the same hour), and its `next_6_hours`/`next_12_hours` periods.
struct METNorwayReader {
    var latitude, longitude: Double
    var unusable: Set<String> = []
    var locationHint: String?
    var issued: Int64 = 0
    var issuedSource: IssueTimeSource = .ingestTime

    static let provider = "metno"
    static let product = "locationforecast"

    /// A quantity of `details` in its stated (SI) unit, unless the reply states another one.
    func value(_ details: Field?, _ name: String, _ range: Plausibility.Range) throws(DecodeFailure) -> Double? {
        guard let details, !unusable.contains(name) else { return nil }
        return try details.quantity(name, { $0 }, range)
    }

    func forecast(_ period: ForecastPeriod, _ from: Int64, hours: Int64) -> Forecast {
        var f = Forecast(provider: Self.provider, product: Self.product, latitude: latitude, longitude: longitude, issuedAt: issued,
                         issuedAtSource: issuedSource, period: period, validFrom: from, validTo: from + hours * 3600, validAt: from)
        f.declaredLocationID = locationHint
        f.unitsAssumed = "si"
        f.unitsSource = .unitsBlock
        return f
    }

    /// `summary.symbol_code` and the period's precipitation amount and probability.
    func period(_ block: Field, into f: inout Forecast) throws(DecodeFailure) {
        if let symbol = try block.optional("summary")?.object().optionalString("symbol_code") {
            f.condition = Condition.fromMETNorway(symbol: symbol)
            f.conditionCode = symbol
        }
        let details = try block.optional("details")?.object()
        f.precipMm = try value(details, "precipitation_amount", Plausibility.precipMm)
        f.precipProbPct = try value(details, "probability_of_precipitation", Plausibility.precipProbPct)
    }

    /// The step's `instant.details` at `time`, as the hour `[time, +1 h]` whose amount is
    /// `next_1_hours` (absent from the 6-hourly steps: then a point value only).
    func instant(_ data: Field, at t: Int64) throws(DecodeFailure) -> Forecast {
        var f = forecast(.hour, t, hours: 1)
        let d = try data.optional("instant")?.object().optional("details")?.object()
        f.tempC = try value(d, "air_temperature", Plausibility.tempC)
        f.dewPointC = try value(d, "dew_point_temperature", Plausibility.dewPointC)
        f.humidityPct = try value(d, "relative_humidity", Plausibility.humidityPct)
        f.pressureHpa = try value(d, "air_pressure_at_sea_level", Plausibility.pressureHpa)
        f.windSpeedMs = try value(d, "wind_speed", Plausibility.windSpeedMs)
        f.windGustMs = try value(d, "wind_speed_of_gust", Plausibility.windGustMs)
        f.windDirDeg = try value(d, "wind_from_direction", Plausibility.windDirDeg)
        f.cloudCoverPct = try value(d, "cloud_area_fraction", Plausibility.cloudCoverPct)
        if let next = try data.optional("next_1_hours")?.object() { try period(next, into: &f) }
        return f
    }

    /// `next_6_hours`: the amount over six hours from `time`, and the period's extremes (`/complete`
    /// and newer `/compact` replies).
    func sixHours(_ block: Field, at t: Int64) throws(DecodeFailure) -> Forecast {
        var f = forecast(.sixHours, t, hours: 6)
        try period(block, into: &f)
        let details = try block.optional("details")?.object()
        f.tempMaxC = try value(details, "air_temperature_max", Plausibility.tempC)
        f.tempMinC = try value(details, "air_temperature_min", Plausibility.tempC)
        return f
    }

    /// `next_12_hours`: a symbol (and, in newer `/complete` replies, a probability); no amount.
    func twelveHours(_ block: Field, at t: Int64) throws(DecodeFailure) -> Forecast {
        var f = forecast(.rollingTwelveHours, t, hours: 12)
        try period(block, into: &f)
        f.precipMm = nil
        return f
    }
}
