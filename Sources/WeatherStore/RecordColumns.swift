import WeatherCore

/// A record with where it was read and the integer keys of its location and feed: what a row
/// of `observation_rows` or `forecast_rows` holds beyond the record itself.
struct Placed<Record> {
    var record: Record
    var locationKey: Int64
    var feedKey: Int64
    var sourceID: Int64
    var line: Int
}

/// The column lists the store inserts with: one entry per column, its name beside the value it
/// takes, in the order of the INSERT (the table's own order is free).
enum RecordColumns {
    static let observation: [InsertColumn<Placed<Observation>>] = [
        .init("source_id") { s, i, r throws(StoreError) in try s.set(i, r.sourceID) },
        .init("line") { s, i, r throws(StoreError) in try s.set(i, r.line) },
        .init("feed_key") { s, i, r throws(StoreError) in try s.set(i, r.feedKey) },
        .init("location_key") { s, i, r throws(StoreError) in try s.set(i, r.locationKey) },
        .init("observed_at_unix") { s, i, r throws(StoreError) in try s.set(i, r.record.observedAt) },
        .init("temp_c") { s, i, r throws(StoreError) in try s.set(i, r.record.tempC) },
        .init("feels_like_c") { s, i, r throws(StoreError) in try s.set(i, r.record.feelsLikeC) },
        .init("dew_point_c") { s, i, r throws(StoreError) in try s.set(i, r.record.dewPointC) },
        .init("pressure_hpa") { s, i, r throws(StoreError) in try s.set(i, r.record.pressureHpa) },
        .init("humidity_pct") { s, i, r throws(StoreError) in try s.set(i, r.record.humidityPct) },
        .init("wind_speed_ms") { s, i, r throws(StoreError) in try s.set(i, r.record.windSpeedMs) },
        .init("wind_gust_ms") { s, i, r throws(StoreError) in try s.set(i, r.record.windGustMs) },
        .init("wind_dir_deg") { s, i, r throws(StoreError) in try s.set(i, r.record.windDirDeg) },
        .init("cloud_cover_pct") { s, i, r throws(StoreError) in try s.set(i, r.record.cloudCoverPct) },
        .init("visibility_m") { s, i, r throws(StoreError) in try s.set(i, r.record.visibilityM) },
        .init("uv_index") { s, i, r throws(StoreError) in try s.set(i, r.record.uvIndex) },
        .init("rain_mm") { s, i, r throws(StoreError) in try s.set(i, r.record.rainMm) },
        .init("snow_mm") { s, i, r throws(StoreError) in try s.set(i, r.record.snowMm) },
        .init("precip_mm") { s, i, r throws(StoreError) in try s.set(i, r.record.precipMm) },
        .init("precip_window_h") { s, i, r throws(StoreError) in try s.set(i, r.record.precipWindowH) },
        .init("precip_rate_mmh") { s, i, r throws(StoreError) in try s.set(i, r.record.precipRateMmh) },
        .init("condition") { s, i, r throws(StoreError) in try s.set(i, r.record.condition?.rawValue) },
        .init("condition_code") { s, i, r throws(StoreError) in try s.set(i, r.record.conditionCode) },
        .init("condition_text") { s, i, r throws(StoreError) in try s.set(i, r.record.conditionText) },
        .init("place_name") { s, i, r throws(StoreError) in try s.set(i, r.record.placeName) },
        .init("country") { s, i, r throws(StoreError) in try s.set(i, r.record.country) },
        .init("lat") { s, i, r throws(StoreError) in try s.set(i, r.record.latitude) },
        .init("lon") { s, i, r throws(StoreError) in try s.set(i, r.record.longitude) },
        .init("utc_offset_s") { s, i, r throws(StoreError) in try s.set(i, r.record.utcOffsetSeconds) },
        .init("timezone") { s, i, r throws(StoreError) in try s.set(i, r.record.timeZone) },
        .init("sunrise_unix") { s, i, r throws(StoreError) in try s.set(i, r.record.sunriseAt) },
        .init("sunset_unix") { s, i, r throws(StoreError) in try s.set(i, r.record.sunsetAt) },
        .init("units_assumed") { s, i, r throws(StoreError) in try s.set(i, r.record.unitsAssumed) },
        .init("units_source") { s, i, r throws(StoreError) in try s.set(i, r.record.unitsSource) },
        .init("role") { s, i, r throws(StoreError) in try s.set(i, r.record.role?.rawValue) },
        .init("qc_flag") { s, i, r throws(StoreError) in try s.set(i, r.record.qcFlag) },
        .init("precip_trace") { s, i, r throws(StoreError) in try s.set(i, Int64(r.record.precipTrace ? 1 : 0)) },
        .init("temp_max_6h_c") { s, i, r throws(StoreError) in try s.set(i, r.record.tempMax6hC) },
        .init("temp_min_6h_c") { s, i, r throws(StoreError) in try s.set(i, r.record.tempMin6hC) },
        .init("temp_max_24h_c") { s, i, r throws(StoreError) in try s.set(i, r.record.tempMax24hC) },
        .init("temp_min_24h_c") { s, i, r throws(StoreError) in try s.set(i, r.record.tempMin24hC) },
    ]

    static let forecast: [InsertColumn<Placed<Forecast>>] = [
        .init("source_id") { s, i, r throws(StoreError) in try s.set(i, r.sourceID) },
        .init("line") { s, i, r throws(StoreError) in try s.set(i, r.line) },
        .init("feed_key") { s, i, r throws(StoreError) in try s.set(i, r.feedKey) },
        .init("location_key") { s, i, r throws(StoreError) in try s.set(i, r.locationKey) },
        .init("issued_at_unix") { s, i, r throws(StoreError) in try s.set(i, r.record.issuedAt) },
        .init("issued_at_source") { s, i, r throws(StoreError) in try s.set(i, r.record.issuedAtSource.rawValue) },
        .init("valid_from_unix") { s, i, r throws(StoreError) in try s.set(i, r.record.validFrom) },
        .init("valid_to_unix") { s, i, r throws(StoreError) in try s.set(i, r.record.validTo) },
        .init("valid_at_unix") { s, i, r throws(StoreError) in try s.set(i, r.record.validAt) },
        .init("lead_hours") { s, i, r throws(StoreError) in try s.set(i, Convert.round(r.record.leadHours, 3)) },
        .init("target_date") { s, i, r throws(StoreError) in try s.set(i, r.record.targetDate) },
        .init("temp_c") { s, i, r throws(StoreError) in try s.set(i, r.record.tempC) },
        .init("temp_max_c") { s, i, r throws(StoreError) in try s.set(i, r.record.tempMaxC) },
        .init("temp_min_c") { s, i, r throws(StoreError) in try s.set(i, r.record.tempMinC) },
        .init("feels_like_c") { s, i, r throws(StoreError) in try s.set(i, r.record.feelsLikeC) },
        .init("dew_point_c") { s, i, r throws(StoreError) in try s.set(i, r.record.dewPointC) },
        .init("humidity_pct") { s, i, r throws(StoreError) in try s.set(i, r.record.humidityPct) },
        .init("pressure_hpa") { s, i, r throws(StoreError) in try s.set(i, r.record.pressureHpa) },
        .init("wind_speed_ms") { s, i, r throws(StoreError) in try s.set(i, r.record.windSpeedMs) },
        .init("wind_gust_ms") { s, i, r throws(StoreError) in try s.set(i, r.record.windGustMs) },
        .init("wind_dir_deg") { s, i, r throws(StoreError) in try s.set(i, r.record.windDirDeg) },
        .init("cloud_cover_pct") { s, i, r throws(StoreError) in try s.set(i, r.record.cloudCoverPct) },
        .init("visibility_m") { s, i, r throws(StoreError) in try s.set(i, r.record.visibilityM) },
        .init("precip_mm") { s, i, r throws(StoreError) in try s.set(i, r.record.precipMm) },
        .init("precip_estimated") { s, i, r throws(StoreError) in try s.set(i, Int64(r.record.precipEstimated ? 1 : 0)) },
        .init("precip_rate_mmh") { s, i, r throws(StoreError) in try s.set(i, r.record.precipRateMmh) },
        .init("precip_prob_pct") { s, i, r throws(StoreError) in try s.set(i, r.record.precipProbPct) },
        .init("snowfall_cm") { s, i, r throws(StoreError) in try s.set(i, r.record.snowfallCm) },
        .init("uv_index") { s, i, r throws(StoreError) in try s.set(i, r.record.uvIndex) },
        .init("condition") { s, i, r throws(StoreError) in try s.set(i, r.record.condition?.rawValue) },
        .init("condition_code") { s, i, r throws(StoreError) in try s.set(i, r.record.conditionCode) },
        .init("condition_text") { s, i, r throws(StoreError) in try s.set(i, r.record.conditionText) },
        .init("units_assumed") { s, i, r throws(StoreError) in try s.set(i, r.record.unitsAssumed) },
        .init("units_source") { s, i, r throws(StoreError) in try s.set(i, r.record.unitsSource) },
        .init("wind_speed_max_ms") { s, i, r throws(StoreError) in try s.set(i, r.record.windSpeedMaxMs) },
        .init("period_hours") { s, i, r throws(StoreError) in try s.set(i, r.record.periodHours) },
    ]

    /// A reject with the source it was read from.
    static let reject: [InsertColumn<(reject: Reject, sourceID: Int64)>] = [
        .init("source_id") { s, i, r throws(StoreError) in try s.set(i, r.sourceID) },
        .init("path") { s, i, r throws(StoreError) in try s.set(i, r.reject.origin.path) },
        .init("member") { s, i, r throws(StoreError) in try s.set(i, r.reject.origin.member) },
        .init("line") { s, i, r throws(StoreError) in try s.set(i, r.reject.origin.line) },
        .init("byte_offset") { s, i, r throws(StoreError) in try s.set(i, r.reject.origin.byteOffset) },
        .init("reason") { s, i, r throws(StoreError) in try s.set(i, r.reject.reason.rawValue) },
        .init("message") { s, i, r throws(StoreError) in try s.set(i, r.reject.message) },
        .init("field_path") { s, i, r throws(StoreError) in try s.set(i, r.reject.fieldPath) },
        .init("format") { s, i, r throws(StoreError) in try s.set(i, r.reject.format) },
        .init("excerpt") { s, i, r throws(StoreError) in try s.set(i, r.reject.excerpt) },
    ]

    /// A remark on an accepted document, and for a value set aside its field path, value and rule.
    struct Warning {
        var message: String
        var format: String
        var origin: Origin
        var sourceID: Int64
        var fieldPath: String?
        var value: String?
        var rule: String?
    }

    static let warning: [InsertColumn<Warning>] = [
        .init("source_id") { s, i, r throws(StoreError) in try s.set(i, r.sourceID) },
        .init("path") { s, i, r throws(StoreError) in try s.set(i, r.origin.path) },
        .init("member") { s, i, r throws(StoreError) in try s.set(i, r.origin.member) },
        .init("line") { s, i, r throws(StoreError) in try s.set(i, r.origin.line) },
        .init("format") { s, i, r throws(StoreError) in try s.set(i, r.format) },
        .init("message") { s, i, r throws(StoreError) in try s.set(i, r.message) },
        .init("field_path") { s, i, r throws(StoreError) in try s.set(i, r.fieldPath) },
        .init("value") { s, i, r throws(StoreError) in try s.set(i, r.value) },
        .init("rule") { s, i, r throws(StoreError) in try s.set(i, r.rule) },
    ]

    /// A source (a file or an archive member) as it starts: `in_progress` until `finishSource`.
    static let sourceStart: [InsertColumn<SourceStart>] = [
        .init("path") { s, i, r throws(StoreError) in try s.set(i, r.path) },
        .init("member") { s, i, r throws(StoreError) in try s.set(i, r.member) },
        .init("input_hash") { s, i, r throws(StoreError) in try s.set(i, r.inputHash) },
        .init("modified_at_utc") { s, i, r throws(StoreError) in try s.set(i, r.modifiedAt.map(UTCTime.iso8601)) },
        .init("status") { s, i, _ throws(StoreError) in try s.set(i, "in_progress") },
        .init("ingested_at_utc") { s, i, r throws(StoreError) in try s.set(i, UTCTime.iso8601(r.now)) },
        .init("settings_fingerprint") { s, i, r throws(StoreError) in try s.set(i, r.settings) },
    ]

    static let location: [InsertColumn<Location>] = [
        .init("id") { s, i, l throws(StoreError) in try s.set(i, l.id) },
        .init("name") { s, i, l throws(StoreError) in try s.set(i, l.name) },
        .init("country") { s, i, l throws(StoreError) in try s.set(i, l.country) },
        .init("lat") { s, i, l throws(StoreError) in try s.set(i, l.latitude) },
        .init("lon") { s, i, l throws(StoreError) in try s.set(i, l.longitude) },
        .init("timezone") { s, i, l throws(StoreError) in try s.set(i, l.timeZone) },
        .init("utc_offset_s") { s, i, l throws(StoreError) in try s.set(i, l.utcOffsetSeconds) },
        .init("radius_km") { s, i, l throws(StoreError) in try s.set(i, l.radiusKm) },
        .init("declared") { s, i, l throws(StoreError) in try s.set(i, Int64(l.declared ? 1 : 0)) },
        .init("state") { s, i, l throws(StoreError) in try s.set(i, l.state) },
    ]
}

/// What `sources` records when a source starts.
struct SourceStart {
    var path: String
    var member: String?
    var inputHash: String?
    var settings: String
    var modifiedAt: Int64?
    var now: Int64
}
