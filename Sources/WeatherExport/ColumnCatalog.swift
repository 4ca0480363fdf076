/// The unit and the meaning of each exported column, for `schema.json` and anyone who reads it.
///
/// Units come from the name's suffix, the convention of the whole store (`temp_c`, `precip_mm`,
/// `wind_speed_ms`, and their imperial renames `temp_f`, `precip_in`, `wind_speed_mph`). In the
/// verification tables the values' unit is the one named by the `variable` column, so those
/// columns have no fixed unit.
public enum ColumnCatalog {
    /// Suffix → unit; longer suffixes first so `_mmh` is not read as `_mm` + `h`.
    static let suffixUnits: [(String, String)] = [
        ("_inhg", "inHg"), ("_hpa", "hPa"), ("_mmh", "mm/h"), ("_inh", "in/h"), ("_mph", "mph"), ("_pct", "%"),
        ("_deg", "°"), ("_mm", "mm"), ("_cm", "cm"), ("_km", "km"), ("_ms", "m/s"), ("_mi", "mi"), ("_in", "in"),
        ("_c", "°C"), ("_f", "°F"), ("_m", "m"), ("_s", "s"), ("_h", "h"),
    ]
    /// Columns whose unit is not in a suffix.
    static let namedUnits: [String: String] = [
        "lat": "°", "lon": "°", "lead_hours": "h", "lead_days": "d", "bytes": "bytes", "byte_offset": "bytes",
    ]
    /// Verification columns in the unit of the row's `variable` (or none at all).
    static let variableValued: Set<String> = [
        "forecast", "observed", "error", "bias", "mae", "rmse", "error_sd", "sum_f", "sum_o", "sum_f2", "sum_o2", "sum_fo",
        "sum_abs_error", "sum_f_metric", "sum_o_metric", "sum_f2_metric", "sum_o2_metric", "sum_fo_metric", "sum_abs_error_metric",
    ]

    /// The unit of an output column; nil for counts, text and values in the unit of `variable`.
    public static func unit(of name: String, perVariable: Bool) -> String? {
        if perVariable && (variableValued.contains(name) || name.contains("_lead_")) { return nil }
        if name.hasSuffix("_utc") || name.hasSuffix("_date") || name.hasSuffix("_local") { return nil }
        if let u = namedUnits[name] { return u }
        return suffixUnits.first { name.hasSuffix($0.0) }?.1
    }

    /// What a column means: from the catalogue, else said from its name.
    public static func description(of name: String, table: String, perVariable: Bool) -> String {
        if let d = descriptions[table + "." + name] ?? descriptions[name] { return d }
        if perVariable && name.contains("_lead_") {
            return name.replacingUnderscores() + ", in the unit named by variable"
        }
        return name.replacingUnderscores()
    }

    /// The catalogue: `column`, or `table.column` where one name means different things.
    static let descriptions: [String: String] = [
        "id": "row id", "source_id": "the sources row this record came from", "line": "line of the document in its file (NDJSON)",
        "provider": "weather API the reply came from", "product": "the provider's endpoint (current, onecall, forecast5, …)",
        "model": "forecast model (multi-model Open-Meteo replies)", "location_id": "the locations row",
        "observed_at_utc": "instant of the observation, UTC", "temp_c": "air temperature", "feels_like_c": "apparent temperature",
        "dew_point_c": "dew point", "pressure_hpa": "sea-level pressure", "humidity_pct": "relative humidity",
        "wind_speed_ms": "wind speed", "wind_gust_ms": "wind gust", "wind_dir_deg": "wind direction (from, degrees from north)",
        "cloud_cover_pct": "cloud cover", "visibility_m": "visibility", "uv_index": "UV index",
        "rain_mm": "rain over the window", "snow_mm": "snow (water equivalent) over the window",
        "precip_mm": "precipitation, liquid equivalent", "precip_window_h": "accumulation window of precip_mm",
        "precip_rate_mmh": "precipitation rate", "condition": "condition class (clear, cloudy, rain, …)",
        "condition_code": "the provider's raw condition id", "condition_text": "the provider's condition text",
        "place_name": "place name in the reply", "country": "country code", "lat": "latitude", "lon": "longitude",
        "utc_offset_s": "offset of local time from UTC", "timezone": "IANA time zone", "sunrise_utc": "sunrise, UTC",
        "sunset_utc": "sunset, UTC", "units_assumed": "unit system the reply was read in",
        "units_source": "where that unit system came from", "issued_at_utc": "when the forecast was issued, UTC",
        "issued_at_source": "where the issue time came from", "period": "forecast period (minute, hour, 3h, day)",
        "valid_from_utc": "start of the forecast period, UTC", "valid_to_utc": "end of the forecast period, UTC",
        "valid_at_utc": "instant point values refer to, UTC", "lead_hours": "valid_from − issued",
        "target_date": "local date a day forecast is for", "temp_max_c": "daily maximum temperature",
        "temp_min_c": "daily minimum temperature", "temp_mean_c": "daily mean temperature",
        "precip_estimated": "1 when precip_mm was derived from a rate", "precip_prob_pct": "probability of precipitation",
        "snowfall_cm": "snowfall depth", "name": "name", "state": "state or region", "radius_km": "matching radius",
        "declared": "1 when declared in a pipeline file", "path": "input file", "member": "member of a tar archive",
        "input_hash": "hash of the whole input file", "content_hash": "hash of the decompressed content",
        "bytes": "decompressed size", "modified_at_utc": "file modification time, UTC", "documents": "documents read",
        "accepted": "documents accepted", "rejected": "documents rejected", "duplicates": "duplicate documents",
        "records": "records written", "status": "complete, or in_progress for an interrupted run",
        "ingested_at_utc": "when it was ingested, UTC", "byte_offset": "byte offset of the document in its file",
        "reason": "reject reason", "message": "what was wrong", "field_path": "JSON path of the field at fault",
        "format": "detected reply format", "excerpt": "the start of the document",
        "local_date": "local calendar date", "n_obs": "observations in the day", "hours_covered": "clock hours with an observation",
        "hours_in_day": "hours in the local day (23 or 25 on DST changes)", "complete": "1 when coverage met the minimum",
        "precip_hours_covered": "clock hours with precipitation data", "precip_complete": "1 when precipitation covers the day",
        "month": "calendar month (YYYY-MM)", "days_with_data": "days with data", "days_complete": "complete days",
        "days_in_month": "days in the month", "variable": "verified variable, with its unit",
        "lead_days": "lead in days", "lead_hours_bin": "lead in hours, binned", "lead_kind": "day or hour leads",
        "forecast": "forecast value", "observed": "observed value", "error": "forecast − observed",
        "forecast_id": "the forecasts row", "observation_id": "the observations row (hourly pairs)",
        "n": "pairs scored", "bias": "mean error", "mae": "mean absolute error", "rmse": "root mean square error",
        "error_sd": "standard deviation of the error", "within_2c_pct": "pairs within 2 °C",
        "n_within_2c": "pairs within 2 °C (mergeable count)", "threshold_mm": "precipitation event threshold",
        "hits": "events forecast and observed", "misses": "events observed, not forecast",
        "false_alarms": "events forecast, not observed", "correct_negatives": "no event forecast or observed",
        "pod": "probability of detection", "far": "false alarm ratio", "csi": "critical success index",
        "frequency_bias": "forecast events / observed events", "brier": "Brier score", "n_brier": "pairs in the Brier score",
        "sum_brier": "sum of Brier terms (mergeable)", "sum_f": "sum of forecasts (mergeable)", "sum_o": "sum of observations (mergeable)",
        "sum_f2": "sum of squared forecasts (mergeable)", "sum_o2": "sum of squared observations (mergeable)",
        "sum_fo": "sum of forecast × observation (mergeable)", "sum_abs_error": "sum of absolute errors (mergeable)",
        "warnings.message": "remark on an accepted document", "locations.name": "place name", "locations.id": "location id",
    ]
}

extension String {
    fileprivate func replacingUnderscores() -> String { String(map { $0 == "_" ? " " : $0 }) }
}
