import WeatherJSON
import WeatherCore

/// Decodes WeatherAPI.com `/v1/forecast.json` (and `/v1/current.json`) replies.
///
/// - `current` → a nowcast observation at `last_updated_epoch`; `forecast.forecastday[].day` →
///   day forecasts for the local `date`; `forecastday[].hour[]` → hourly forecasts.
/// - Instants come from the `*_epoch` fields (UTC seconds), never from `last_updated`, `hour.time`
///   or `location.localtime`, which are local wall-clock text without an offset.
/// - `forecastday.date_epoch` is 00:00 UTC of the local date, not local midnight: day windows are
///   the local date's bounds in `location.tz_id`.
/// - Both unit systems are in every reply: the metric keys are read.
/// - Error replies are `{"error": {"code": 1006, "message": "No matching location found."}}`
///   (codes 1002–9999, the HTTP status aside): `provider_error`.
/// Docs: https://www.weatherapi.com/docs/ (facts checked against recorded replies, docs/PROVIDERS.md).
struct WeatherAPIDecoder: FormatDecoder {
    static let format = "weatherapi/forecast"
    var format: String { Self.format }
    /// `current` is the provider's own analysis beside the forecast, not a station reading.
    var products: [ProductDeclaration] {
        [.nowcast(WeatherAPIReader.provider, WeatherAPIReader.product), .forecast(WeatherAPIReader.provider, WeatherAPIReader.product)]
    }

    var detectionKeys: DetectionKeys? { .object(["error"], ["current"], ["forecast"], ["location"]) }

    func detect(_ body: JSONValue) -> Detection {
        if Self.isErrorBody(body) { return .yes }
        guard body.kind == .object else { return .no }
        if body["current"]?["last_updated_epoch"] != nil { return .yes }
        if body["forecast"]?["forecastday"]?.kind == .array { return .yes }
        return body["location"]?["tz_id"] != nil && body["location"]?["localtime_epoch"] != nil ? .likely(0.5) : .no
    }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        "current.last_updated_epoch or forecast.forecastday (WeatherAPI.com)"
    }

    /// `{"error": {"code": …, "message": …}}` and nothing of a forecast.
    static func isErrorBody(_ body: JSONValue) -> Bool {
        guard body.kind == .object, let error = body["error"], error.kind == .object,
              error["code"]?.number != nil, error["message"]?.string != nil else { return false }
        return body["current"] == nil && body["forecast"] == nil
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let body = input.body
        if Self.isErrorBody(body.value) {
            let code = body.value["error"]?["code"]?.int.map(String.init) ?? "?"
            let message = body.value["error"]?["message"]?.string ?? ""
            throw DecodeFailure(.providerError, "WeatherAPI.com error \(code): \(Sanitize.printable(message))", fieldPath: "error.code")
        }
        let location = try body.optional("location")?.object()
        let (lat, lon) = try Self.coordinates(location, input)
        let zone = DayWindow.usableZone(try location?.optionalString("tz_id"))
        let days = try body.optional("forecast")?.object().items("forecastday") ?? []
        let offset = try Self.offset(zone: zone, location: location, days: days)
        var doc = DecodedDocument(format: format)
        doc.places = [PlaceInfo(latitude: lat, longitude: lon, name: try location?.optionalString("name"),
                                country: try location?.optionalString("country"), state: try location?.optionalString("region"),
                                timeZone: zone, utcOffsetSeconds: offset, declaredLocationID: input.locationHint)]
        var reader = WeatherAPIReader(latitude: lat, longitude: lon, zone: zone, offset: offset, locationHint: input.locationHint)
        let current = try body.optional("current")?.object()
        if let current { doc.observations.append(try reader.observation(current)) }
        var bodyClock = try current?.instant("last_updated_epoch")
        if bodyClock == nil { bodyClock = try location?.instant("localtime_epoch") }
        (reader.issued, reader.issuedSource) = input.issueTime(bodyClock: bodyClock)
        for item in days {
            let day = try item.object()
            let date = try Self.localDate(day)
            if let d = day.optional("day") { doc.forecasts.append(try reader.day(date: date, d)) }
            for hour in try day.items("hour") { doc.forecasts.append(try reader.hour(hour)) }
        }
        if zone == nil { doc.warnings.append("no location.tz_id: day windows use the fixed offset of local midnight") }
        return doc
    }

    /// `location.lat`/`lon`; a reply without `location` (a trimmed recording) takes the
    /// envelope URL's `q=LAT,LON`, else the input's `place` setting; without any it cannot be placed.
    static func coordinates(_ location: Field?, _ input: DecodeInput) throws(DecodeFailure) -> (Double, Double) {
        if let location { return try location.coordinates(lat: "lat", lon: "lon") }
        let parts = (input.envelope?.query["q"] ?? "").split(separator: ",").compactMap { Double($0.trimmingPrefix(" ")) }
        guard parts.count == 2, Plausibility.contains(Plausibility.latitude, parts[0]), Plausibility.contains(Plausibility.longitude, parts[1]) else {
            if let place = input.context.settings.place { return (place.latitude, place.longitude) }
            throw DecodeFailure(.missingField, "required field 'location' is missing and neither an envelope URL's q=LAT,LON nor the input's "
                                + "place (--place LAT,LON) gives one: the reply cannot be placed",
                                fieldPath: "location")
        }
        return (parts[0], parts[1])
    }

    /// The offset of the reply's zone at its local time, or — without a zone — the one that makes
    /// the first `hour` (local midnight, `time_epoch`) fall on 00:00 of its `date`.
    static func offset(zone: String?, location: Field?, days: [Field]) throws(DecodeFailure) -> Int? {
        if let zone, let t = try location?.instant("localtime_epoch") { return LocalTime.offset(at: t, zone: zone) }
        guard let first = try days.first?.object(), let midnight = try first.optional("hour")?.array().first?.object().instant("time_epoch"),
              let date = UTCTime.parseISO8601(try localDate(first) + "T00:00:00Z") else { return nil }
        let seconds = date - midnight
        return abs(seconds) <= 14 * 3600 ? Int(seconds) : nil
    }

    /// `forecastday.date`, the local date (`YYYY-MM-DD`).
    static func localDate(_ day: Field) throws(DecodeFailure) -> String {
        let f = try day.required("date")
        let date = try f.string()
        guard date.utf8.count == 10, UTCTime.parseISO8601(date + "T00:00:00Z") != nil else {
            throw DecodeFailure(.wrongType, "field '\(f.path)' is not a date YYYY-MM-DD: \(Sanitize.printable(String(date.prefix(40))))", fieldPath: f.path)
        }
        return date
    }
}
