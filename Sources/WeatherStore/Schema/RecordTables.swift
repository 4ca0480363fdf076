import WeatherCore

/// An observation of a decoded reply, read in place (not copied, with a retain of each of its
/// text fields) while its row is bound, with the role the writer decided for it and the
/// integer keys of its location and feed: what a row of `observation_rows` holds beyond the
/// record itself. Only valid while the observation the pointer points to is held still
/// (`Store.insert(_:role:…)`).
struct PlacedObservation {
    var record: UnsafePointer<Observation>
    var role: ObservationRole?
    var locationKey: Int64
    var feedKey: Int64
    var sourceID: Int64
    var line: Int
}

/// A forecast of a decoded reply, read in place like `PlacedObservation`, with its keys. Only valid while the array the
/// pointer points into is held still (`Store.insert(forecasts:…)`).
struct PlacedInPlace<Record> {
    var record: UnsafePointer<Record>
    var locationKey: Int64
    var feedKey: Int64
    var sourceID: Int64
    var line: Int
}

/// The record tables, declared once: `observations` and `forecasts` as readers see them, and
/// how a record fills a row. A new column is a line in a declaration and one in its layout,
/// beside each other here; the layout's names are checked against the declaration in debug
/// builds (every test insert), and a test compares both with the store.
public enum RecordTables {
    public static let observations = TableDeclaration("observations", rowTable: "observation_rows", columns: [
        .id, .sourceID,
        .integer("line", "line of the document in its file (NDJSON)"),
        .feed("provider", "weather API the reply came from"),
        .feed("product", "the provider's endpoint (current, onecall, forecast5, …)"),
        .locationID,
        .instant("observed_at_utc", notNull: true, "instant of the observation, UTC"),
        .measure("temp_c", "air temperature"),
        .measure("feels_like_c", "apparent temperature"),
        .measure("dew_point_c", "dew point"),
        .measure("pressure_hpa", "sea-level pressure"),
        .measure("humidity_pct", "relative humidity"),
        .measure("wind_speed_ms", "wind speed"),
        .measure("wind_gust_ms", "wind gust"),
        .measure("wind_dir_deg", "wind direction (from, degrees from north)"),
        .measure("cloud_cover_pct", "cloud cover"),
        .measure("visibility_m", "visibility"),
        .measure("uv_index", "UV index"),
        .measure("rain_mm", "rain over the window"),
        .measure("snow_mm", "snow (water equivalent) over the window"),
        .measure("precip_mm", "precipitation, liquid equivalent"),
        .measure("precip_window_h", "accumulation window of precip_mm"),
        .measure("precip_rate_mmh", "precipitation rate"),
        .text("condition", "condition class (clear, cloudy, rain, …)"),
        .text("condition_code", "the provider's raw condition id"),
        .text("condition_text", "the provider's condition text"),
        .text("place_name", "place name in the reply"),
        .text("country", "country code"),
        .real("lat", notNull: true, "latitude"),
        .real("lon", notNull: true, "longitude"),
        .integer("utc_offset_s", "offset of local time from UTC"),
        .text("timezone", "IANA time zone"),
        .instant("sunrise_utc", "sunrise, UTC"),
        .instant("sunset_utc", "sunset, UTC"),
        .text("units_assumed", "unit system the reply was read in"),
        .text("units_source", "where that unit system came from"),
        .text("role", comment: """
            observed (reports what happened) or nowcast (the current block of a forecast reply):
            only observed rows are the truth unless a pipeline names the source in `reference`.
            """, "observed (a report of what happened) or nowcast (the current block of a forecast reply)"),
        .feed("station_id", defaultValue: "''",
              comment: "'' for records that are not station observations, so it can be part of the key below.",
              "the reporting station (ICAO or network id); empty for records that are not station reports"),
        .text("qc_flag", "the provider's quality-control flag for the report"),
        .flag("precip_trace", "1 when precipitation was reported as a trace (too little to measure)"),
        .measure("temp_max_6h_c", "maximum temperature of the 6 hours before the report"),
        .measure("temp_min_6h_c", "minimum temperature of the 6 hours before the report"),
        .measure("temp_max_24h_c", "maximum temperature of the 24 hours before the report"),
        .measure("temp_min_24h_c", "minimum temperature of the 24 hours before the report"),
        .measure("temp_max_c", "reported maximum temperature over the extremes window ending at observed_at (daily summaries)"),
        .measure("temp_min_c", "reported minimum temperature over the extremes window ending at observed_at (daily summaries)"),
        .measure("extremes_window_h", "length of the window of temp_max_c and temp_min_c"),
        .real("elevation_m", "elevation the values are for: the station's, or the model grid's"),
    ], rowConstraints: [
        ("UNIQUE (location_key, observed_at_unix, feed_key)", """
            Location first: the key also serves the aggregate stage's per-location, time-ordered reads.
            Stations within one location's radius (KJFK, KLGA, KNYC) report at the same minute: one
            row each, as each station is a feed of its own.
            """),
    ], shapeConstraints: [
        "UNIQUE (location_id, observed_at_utc, provider, product, station_id)",
    ], indexes: [
        "CREATE INDEX IF NOT EXISTS observation_rows_source ON observation_rows(source_id, line)",
    ])

    public static let forecasts = TableDeclaration("forecasts", rowTable: "forecast_rows", columns: [
        .id, .sourceID,
        .integer("line", "line of the document in its file (NDJSON)"),
        .feed("provider", "weather API the reply came from"),
        .feed("product", "the provider's endpoint (current, onecall, forecast5, …)"),
        .feed("model", notNull: false, emptyIsNull: true, "forecast model (multi-model Open-Meteo replies)"),
        .locationID,
        .instant("issued_at_utc", notNull: true, "when the forecast was issued, UTC"),
        .text("issued_at_source", notNull: true, "where the issue time came from"),
        .feed("period", "forecast period (minute, hour, 3h, day)"),
        .instant("valid_from_utc", notNull: true, "start of the forecast period, UTC"),
        .instant("valid_to_utc", notNull: true, "end of the forecast period, UTC"),
        .instant("valid_at_utc", notNull: true, "instant point values refer to, UTC"),
        .real("lead_hours", notNull: true, "valid_at − issued"),
        .text("target_date", "local date a day forecast is for"),
        .measure("temp_c", "air temperature"),
        .measure("temp_max_c", "daily maximum temperature"),
        .measure("temp_min_c", "daily minimum temperature"),
        .measure("feels_like_c", "apparent temperature"),
        .measure("dew_point_c", "dew point"),
        .measure("humidity_pct", "relative humidity"),
        .measure("pressure_hpa", "sea-level pressure"),
        .measure("wind_speed_ms", "wind speed"),
        .measure("wind_gust_ms", "wind gust"),
        .measure("wind_dir_deg", "wind direction (from, degrees from north)"),
        .measure("cloud_cover_pct", "cloud cover"),
        .measure("visibility_m", "visibility"),
        .measure("precip_mm", "precipitation, liquid equivalent"),
        .flag("precip_estimated", "1 when precip_mm was derived from a rate"),
        .measure("precip_rate_mmh", "precipitation rate"),
        .measure("precip_prob_pct", "probability of precipitation"),
        .measure("snowfall_cm", "snowfall depth"),
        .measure("uv_index", "UV index"),
        .text("condition", "condition class (clear, cloudy, rain, …)"),
        .text("condition_code", "the provider's raw condition id"),
        .text("condition_text", "the provider's condition text"),
        .text("units_assumed", "unit system the reply was read in"),
        .text("units_source", "where that unit system came from"),
        .measure("wind_speed_max_ms", "highest wind speed of the period"),
        .real("period_hours", "length of the forecast period"),
        .real("elevation_m", "elevation of the model grid point the values are for"),
    ], rowConstraints: [
        ("UNIQUE (location_key, feed_key, issued_at_unix, valid_from_unix)",
         "The feed holds provider, product, model and period; location first for the aggregate's reads."),
    ], indexes: [
        "CREATE INDEX IF NOT EXISTS forecast_rows_source ON forecast_rows(source_id, line)",
    ])

    /// Every record table.
    public static let all = [observations, forecasts]

    // MARK: How a record fills a row

    static let observationLayout = RowLayout<PlacedObservation>(columns: observations.insertColumns) { b, r throws(StoreError) in
        try b("source_id", r.sourceID)
        try b("line", r.line)
        try b("feed_key", r.feedKey)
        try b("location_key", r.locationKey)
        try b("observed_at_unix", r.record.pointee.observedAt)
        try b("temp_c", r.record.pointee.tempC)
        try b("feels_like_c", r.record.pointee.feelsLikeC)
        try b("dew_point_c", r.record.pointee.dewPointC)
        try b("pressure_hpa", r.record.pointee.pressureHpa)
        try b("humidity_pct", r.record.pointee.humidityPct)
        try b("wind_speed_ms", r.record.pointee.windSpeedMs)
        try b("wind_gust_ms", r.record.pointee.windGustMs)
        try b("wind_dir_deg", r.record.pointee.windDirDeg)
        try b("cloud_cover_pct", r.record.pointee.cloudCoverPct)
        try b("visibility_m", r.record.pointee.visibilityM)
        try b("uv_index", r.record.pointee.uvIndex)
        try b("rain_mm", r.record.pointee.rainMm)
        try b("snow_mm", r.record.pointee.snowMm)
        try b("precip_mm", r.record.pointee.precipMm)
        try b("precip_window_h", r.record.pointee.precipWindowH)
        try b("precip_rate_mmh", r.record.pointee.precipRateMmh)
        try b("condition", r.record.pointee.condition?.rawValue)
        try b("condition_code", r.record.pointee.conditionCode)
        try b("condition_text", r.record.pointee.conditionText)
        try b("place_name", r.record.pointee.placeName)
        try b("country", r.record.pointee.country)
        try b("lat", r.record.pointee.latitude)
        try b("lon", r.record.pointee.longitude)
        try b("utc_offset_s", r.record.pointee.utcOffsetSeconds)
        try b("timezone", r.record.pointee.timeZone)
        try b("sunrise_unix", r.record.pointee.sunriseAt)
        try b("sunset_unix", r.record.pointee.sunsetAt)
        try b("units_assumed", r.record.pointee.unitsAssumed)
        try b("units_source", r.record.pointee.unitsSource)
        try b("role", r.role?.rawValue)
        try b("qc_flag", r.record.pointee.qcFlag)
        try b("precip_trace", Int64(r.record.pointee.precipTrace ? 1 : 0))
        try b("temp_max_6h_c", r.record.pointee.tempMax6hC)
        try b("temp_min_6h_c", r.record.pointee.tempMin6hC)
        try b("temp_max_24h_c", r.record.pointee.tempMax24hC)
        try b("temp_min_24h_c", r.record.pointee.tempMin24hC)
        try b("temp_max_c", r.record.pointee.tempMaxC)
        try b("temp_min_c", r.record.pointee.tempMinC)
        try b("extremes_window_h", r.record.pointee.extremesWindowH)
        try b("elevation_m", r.record.pointee.elevationM)
    }

    static let forecastLayout = RowLayout<PlacedInPlace<Forecast>>(columns: forecasts.insertColumns) { b, r throws(StoreError) in
        try b("source_id", r.sourceID)
        try b("line", r.line)
        try b("feed_key", r.feedKey)
        try b("location_key", r.locationKey)
        try b("issued_at_unix", r.record.pointee.issuedAt)
        try b("issued_at_source", r.record.pointee.issuedAtSource.rawValue)
        try b("valid_from_unix", r.record.pointee.validFrom)
        try b("valid_to_unix", r.record.pointee.validTo)
        try b("valid_at_unix", r.record.pointee.validAt)
        try b("lead_hours", Convert.round(r.record.pointee.leadHours, 3))
        try b("target_date", r.record.pointee.targetDate)
        try b("temp_c", r.record.pointee.tempC)
        try b("temp_max_c", r.record.pointee.tempMaxC)
        try b("temp_min_c", r.record.pointee.tempMinC)
        try b("feels_like_c", r.record.pointee.feelsLikeC)
        try b("dew_point_c", r.record.pointee.dewPointC)
        try b("humidity_pct", r.record.pointee.humidityPct)
        try b("pressure_hpa", r.record.pointee.pressureHpa)
        try b("wind_speed_ms", r.record.pointee.windSpeedMs)
        try b("wind_gust_ms", r.record.pointee.windGustMs)
        try b("wind_dir_deg", r.record.pointee.windDirDeg)
        try b("cloud_cover_pct", r.record.pointee.cloudCoverPct)
        try b("visibility_m", r.record.pointee.visibilityM)
        try b("precip_mm", r.record.pointee.precipMm)
        try b("precip_estimated", Int64(r.record.pointee.precipEstimated ? 1 : 0))
        try b("precip_rate_mmh", r.record.pointee.precipRateMmh)
        try b("precip_prob_pct", r.record.pointee.precipProbPct)
        try b("snowfall_cm", r.record.pointee.snowfallCm)
        try b("uv_index", r.record.pointee.uvIndex)
        try b("condition", r.record.pointee.condition?.rawValue)
        try b("condition_code", r.record.pointee.conditionCode)
        try b("condition_text", r.record.pointee.conditionText)
        try b("units_assumed", r.record.pointee.unitsAssumed)
        try b("units_source", r.record.pointee.unitsSource)
        try b("wind_speed_max_ms", r.record.pointee.windSpeedMaxMs)
        try b("period_hours", r.record.pointee.periodHours)
        try b("elevation_m", r.record.pointee.elevationM)
    }
}
