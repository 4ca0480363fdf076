import WeatherJSON
import WeatherCore

/// Decodes Open-Meteo forecast and archive (historical) replies.
///
/// - Column-oriented: `hourly`/`daily`/`current` hold parallel arrays keyed by variable, units
///   in `*_units`. A `null` is missing, never zero. Multi-model replies suffix each key with the
///   model (`temperature_2m_icon_d2`): each model becomes its own forecast rows (`model`).
/// - Times are local wall-clock text (or `unixtime` integers, UTC): converted with the reply's
///   single `utc_offset_seconds`, which Open-Meteo applies to the whole series — across a DST
///   change too; the IANA `timezone` gives the place's local days.
/// - Hourly `precipitation` is the sum of the *preceding* hour: the period is `[t − 1 h, t]`
///   with point values at `t`. Daily rows carry their date.
/// - Forecast replies: `current`/legacy `current_weather` → an observation; hourly and daily →
///   forecasts. Archive replies: hourly rows → observations (their daily rows summarise the same
///   hours and are not stored twice).
/// API: https://open-meteo.com/en/docs, https://open-meteo.com/en/docs/historical-weather-api
struct OpenMeteoDecoder: FormatDecoder {
    static let format = "open-meteo/forecast"
    static let archiveFormat = "open-meteo/archive"
    var format: String { Self.format }
    /// `current`/`current_weather` is the forecast's own "now"; the archive is a reanalysis, the
    /// last of the observed products (its models, `archive:era5`, are products of their own).
    var products: [ProductDeclaration] {
        [.nowcast("open-meteo", "forecast"), .forecast("open-meteo", "forecast"), .observed("open-meteo", "archive", truthPriority: 60)]
    }

    var detectionKeys: DetectionKeys? { .object(["latitude", "longitude", "utc_offset_seconds"]) }

    func detect(_ body: JSONValue) -> Detection { Self.matches(body) ? .yes : .no }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        "latitude, longitude, utc_offset_seconds and column blocks with *_units"
            + (document.format == Self.archiveFormat ? "; archive by URL, name or times long before the issue time" : "")
    }

    static func matches(_ body: JSONValue) -> Bool {
        body["latitude"] != nil && body["longitude"] != nil && body["utc_offset_seconds"] != nil
            && (body["hourly"] != nil || body["daily"] != nil || body["current"] != nil || body["current_weather"] != nil
                || body["minutely_15"] != nil)
    }

    /// Archive when the envelope URL is the archive API, or the file/member name says
    /// `archive`/`historical`, or every hour lies two days or more before a known issue time.
    /// The input's `role` overrides all of this (`observed` for a folder of `past_days` replies).
    static func isArchive(_ input: DecodeInput, times: [Int64], issued: (Int64, IssueTimeSource)) -> Bool {
        input.isObserved(detected: detectArchive(input, times: times, issued: issued))
    }

    static func detectArchive(_ input: DecodeInput, times: [Int64], issued: (Int64, IssueTimeSource)) -> Bool {
        let path = input.urlPath
        if path.contains("archive") || path.contains("historical") { return true }
        if !path.isEmpty { return false }
        if let name = input.context.sourceName?.split(separator: "/").last?.lowercased(),
           name.contains("archive") || name.contains("historical") { return true }
        guard input.body.value["current"] == nil, input.body.value["current_weather"] == nil,
              issued.1 != .modificationTime, issued.1 != .ingestTime, let last = times.max() else { return false }
        return last < issued.0 - 2 * 86400
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let body = input.body
        let (lat, lon) = try body.coordinates(lat: "latitude", lon: "longitude")
        _ = try body.required("utc_offset_seconds")
        let offset = try body.utcOffset("utc_offset_seconds") ?? 0
        let zone = DayWindow.usableZone(try body.optionalString("timezone"))
        var ctx = Context(zone: zone, offset: offset)
        let hourly = try Self.readBlock(body, "hourly", &ctx)
        let daily = try Self.readBlock(body, "daily", &ctx, dates: true)
        let current = try Self.readBlock(body, "current", &ctx)
        let legacy = try body.optional("current_weather")?.object()
        let legacyTime = try legacy.map { f throws(DecodeFailure) -> Int64 in try ctx.instant(try f.required("time"), unixtime: f.value["time"]?.kind == .number) }
        let issued = input.issueTime(bodyClock: current?.times.first ?? legacyTime)
        let archive = Self.isArchive(input, times: hourly?.times ?? [], issued: issued)
        var doc = DecodedDocument(format: archive ? Self.archiveFormat : format)
        // Open-Meteo names no place (its `timezone` is often what was asked, not where): coordinates.
        doc.places = [PlaceInfo(latitude: lat, longitude: lon, name: LocationRegistry.coordinateID(latitude: lat, longitude: lon),
                                timeZone: zone, utcOffsetSeconds: zone == nil ? offset : nil, declaredLocationID: input.locationHint)]
        let reader = OpenMeteoReader(latitude: lat, longitude: lon, zone: zone, offset: offset, product: archive ? "archive" : "forecast",
                                     locationHint: input.locationHint, issued: issued.0, issuedSource: issued.1)
        if archive, let hourly {
            doc.observations = reader.archiveObservations(hourly)
        } else {
            if let current, !current.times.isEmpty {
                doc.observations = reader.currentObservations(current)
            } else if let legacy, let legacyTime {
                doc.observations = [try reader.legacyObservation(legacy, at: legacyTime, hourlyUnits: body.value["hourly_units"])]
            }
            if let hourly { doc.forecasts = reader.hourlyForecasts(hourly) }  // the first rows: no copy into an empty array
            if let daily { doc.forecasts += try reader.dailyForecasts(daily) }
        }
        // The grid cell's elevation (a digital elevation model's, or the one asked with &elevation=).
        let elevation = try body.optional("elevation").map { f throws(DecodeFailure) -> Double in
            let v = try f.number()
            try f.check(v, Plausibility.elevationM, raw: v)
            return v
        }
        for k in doc.observations.indices { doc.observations[k].elevationM = elevation }
        for k in doc.forecasts.indices { doc.forecasts[k].elevationM = elevation }
        doc.warnings += ctx.warnings
        return doc
    }
}
