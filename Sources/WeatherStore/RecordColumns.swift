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
    static let observation = RowLayout<Placed<Observation>>(columns: [
        "source_id", "line", "feed_key", "location_key", "observed_at_unix", "temp_c", "feels_like_c", "dew_point_c",
        "pressure_hpa", "humidity_pct", "wind_speed_ms", "wind_gust_ms", "wind_dir_deg", "cloud_cover_pct",
        "visibility_m", "uv_index", "rain_mm", "snow_mm", "precip_mm", "precip_window_h", "precip_rate_mmh",
        "condition", "condition_code", "condition_text", "place_name", "country", "lat", "lon", "utc_offset_s",
        "timezone", "sunrise_unix", "sunset_unix", "units_assumed", "units_source", "role", "qc_flag",
        "precip_trace", "temp_max_6h_c", "temp_min_6h_c", "temp_max_24h_c", "temp_min_24h_c",
    ]) { b, r throws(StoreError) in
        try b("source_id", r.sourceID)
        try b("line", r.line)
        try b("feed_key", r.feedKey)
        try b("location_key", r.locationKey)
        try b("observed_at_unix", r.record.observedAt)
        try b("temp_c", r.record.tempC)
        try b("feels_like_c", r.record.feelsLikeC)
        try b("dew_point_c", r.record.dewPointC)
        try b("pressure_hpa", r.record.pressureHpa)
        try b("humidity_pct", r.record.humidityPct)
        try b("wind_speed_ms", r.record.windSpeedMs)
        try b("wind_gust_ms", r.record.windGustMs)
        try b("wind_dir_deg", r.record.windDirDeg)
        try b("cloud_cover_pct", r.record.cloudCoverPct)
        try b("visibility_m", r.record.visibilityM)
        try b("uv_index", r.record.uvIndex)
        try b("rain_mm", r.record.rainMm)
        try b("snow_mm", r.record.snowMm)
        try b("precip_mm", r.record.precipMm)
        try b("precip_window_h", r.record.precipWindowH)
        try b("precip_rate_mmh", r.record.precipRateMmh)
        try b("condition", r.record.condition?.rawValue)
        try b("condition_code", r.record.conditionCode)
        try b("condition_text", r.record.conditionText)
        try b("place_name", r.record.placeName)
        try b("country", r.record.country)
        try b("lat", r.record.latitude)
        try b("lon", r.record.longitude)
        try b("utc_offset_s", r.record.utcOffsetSeconds)
        try b("timezone", r.record.timeZone)
        try b("sunrise_unix", r.record.sunriseAt)
        try b("sunset_unix", r.record.sunsetAt)
        try b("units_assumed", r.record.unitsAssumed)
        try b("units_source", r.record.unitsSource)
        try b("role", r.record.role?.rawValue)
        try b("qc_flag", r.record.qcFlag)
        try b("precip_trace", Int64(r.record.precipTrace ? 1 : 0))
        try b("temp_max_6h_c", r.record.tempMax6hC)
        try b("temp_min_6h_c", r.record.tempMin6hC)
        try b("temp_max_24h_c", r.record.tempMax24hC)
        try b("temp_min_24h_c", r.record.tempMin24hC)
    }

    static let forecast = RowLayout<Placed<Forecast>>(columns: [
        "source_id", "line", "feed_key", "location_key", "issued_at_unix", "issued_at_source", "valid_from_unix",
        "valid_to_unix", "valid_at_unix", "lead_hours", "target_date", "temp_c", "temp_max_c", "temp_min_c",
        "feels_like_c", "dew_point_c", "humidity_pct", "pressure_hpa", "wind_speed_ms", "wind_gust_ms",
        "wind_dir_deg", "cloud_cover_pct", "visibility_m", "precip_mm", "precip_estimated", "precip_rate_mmh",
        "precip_prob_pct", "snowfall_cm", "uv_index", "condition", "condition_code", "condition_text",
        "units_assumed", "units_source", "wind_speed_max_ms", "period_hours",
    ]) { b, r throws(StoreError) in
        try b("source_id", r.sourceID)
        try b("line", r.line)
        try b("feed_key", r.feedKey)
        try b("location_key", r.locationKey)
        try b("issued_at_unix", r.record.issuedAt)
        try b("issued_at_source", r.record.issuedAtSource.rawValue)
        try b("valid_from_unix", r.record.validFrom)
        try b("valid_to_unix", r.record.validTo)
        try b("valid_at_unix", r.record.validAt)
        try b("lead_hours", Convert.round(r.record.leadHours, 3))
        try b("target_date", r.record.targetDate)
        try b("temp_c", r.record.tempC)
        try b("temp_max_c", r.record.tempMaxC)
        try b("temp_min_c", r.record.tempMinC)
        try b("feels_like_c", r.record.feelsLikeC)
        try b("dew_point_c", r.record.dewPointC)
        try b("humidity_pct", r.record.humidityPct)
        try b("pressure_hpa", r.record.pressureHpa)
        try b("wind_speed_ms", r.record.windSpeedMs)
        try b("wind_gust_ms", r.record.windGustMs)
        try b("wind_dir_deg", r.record.windDirDeg)
        try b("cloud_cover_pct", r.record.cloudCoverPct)
        try b("visibility_m", r.record.visibilityM)
        try b("precip_mm", r.record.precipMm)
        try b("precip_estimated", Int64(r.record.precipEstimated ? 1 : 0))
        try b("precip_rate_mmh", r.record.precipRateMmh)
        try b("precip_prob_pct", r.record.precipProbPct)
        try b("snowfall_cm", r.record.snowfallCm)
        try b("uv_index", r.record.uvIndex)
        try b("condition", r.record.condition?.rawValue)
        try b("condition_code", r.record.conditionCode)
        try b("condition_text", r.record.conditionText)
        try b("units_assumed", r.record.unitsAssumed)
        try b("units_source", r.record.unitsSource)
        try b("wind_speed_max_ms", r.record.windSpeedMaxMs)
        try b("period_hours", r.record.periodHours)
    }

    /// A reject with the source it was read from.
    static let reject = RowLayout<(reject: Reject, sourceID: Int64)>(columns: [
        "source_id", "path", "member", "line", "byte_offset", "reason", "message", "field_path", "format", "excerpt",
    ]) { b, r throws(StoreError) in
        try b("source_id", r.sourceID)
        try b("path", r.reject.origin.path)
        try b("member", r.reject.origin.member)
        try b("line", r.reject.origin.line)
        try b("byte_offset", r.reject.origin.byteOffset)
        try b("reason", r.reject.reason.rawValue)
        try b("message", r.reject.message)
        try b("field_path", r.reject.fieldPath)
        try b("format", r.reject.format)
        try b("excerpt", r.reject.excerpt)
    }

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

    static let warning = RowLayout<Warning>(columns: [
        "source_id", "path", "member", "line", "format", "message", "field_path", "value", "rule",
    ]) { b, r throws(StoreError) in
        try b("source_id", r.sourceID)
        try b("path", r.origin.path)
        try b("member", r.origin.member)
        try b("line", r.origin.line)
        try b("format", r.format)
        try b("message", r.message)
        try b("field_path", r.fieldPath)
        try b("value", r.value)
        try b("rule", r.rule)
    }

    /// A source (a file or an archive member) as it starts: `in_progress` until `finishSource`.
    static let sourceStart = RowLayout<SourceStart>(columns: [
        "path", "member", "input_hash", "modified_at_utc", "status", "ingested_at_utc", "settings_fingerprint",
    ]) { b, r throws(StoreError) in
        try b("path", r.path)
        try b("member", r.member)
        try b("input_hash", r.inputHash)
        try b("modified_at_utc", r.modifiedAt.map(UTCTime.iso8601))
        try b("status", "in_progress")
        try b("ingested_at_utc", UTCTime.iso8601(r.now))
        try b("settings_fingerprint", r.settings)
    }

    static let location = RowLayout<Location>(columns: [
        "id", "name", "country", "lat", "lon", "timezone", "utc_offset_s", "radius_km", "declared", "state",
    ]) { b, r throws(StoreError) in
        try b("id", r.id)
        try b("name", r.name)
        try b("country", r.country)
        try b("lat", r.latitude)
        try b("lon", r.longitude)
        try b("timezone", r.timeZone)
        try b("utc_offset_s", r.utcOffsetSeconds)
        try b("radius_km", r.radiusKm)
        try b("declared", Int64(r.declared ? 1 : 0))
        try b("state", r.state)
    }
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
