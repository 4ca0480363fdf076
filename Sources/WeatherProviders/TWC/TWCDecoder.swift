import WeatherJSON
import WeatherCore

/// Decodes The Weather Company v3 replies (api.weather.com).
///
/// - `/v3/wx/forecast/daily/{3,5,7,10,15}day` (`twc/daily`): columnar arrays, one element per
///   day ("5day" holds six: today and five more). `daypart[0]` interlaces 12-hour segments, day
///   *i* at index 2i (07:00–19:00 local) and its night at 2i+1 (19:00–07:00 of day i+1): each
///   a 12-hour window forecast, the day's `temperature` its high, the night's its low. After
///   15:00 local index 0 is null and is skipped. `calendarDayTemperatureMax/Min` (absent in
///   older replies) are the local calendar day's extremes: a day forecast. The top-level
///   `temperatureMax/Min` and `qpf` are the segments' again (07:00→07:00) and are not read.
/// - `/v3/wx/observations/current` (`twc/current`, Currents on Demand): a blend of stations,
///   radar, satellite and models at request time → one observation of role nowcast.
/// - `validTimeUtc` are Unix seconds; `validTimeLocal` "YYYY-MM-DDT07:00:00+0200" gives the
///   local date and offset (the reply names no zone).
/// - No place in the reply: it comes from the envelope URL's `geocode=lat,lon`, else the
///   document is a `missing_field` reject that says so.
/// - Units are not echoed (`TWCUnits`); `qpf` is mm or in, `qpfSnow` cm or in, `precipChance` 0–100.
/// - Error replies `{"errors": [{"error": {"code", "message"}}], "success": false}` are
///   `provider_error` rejects.
/// API: https://developer.weather.com/docs/openapi/daily-forecast-3-0-1,
/// https://www.ibm.com/docs/en/environmental-intel-suite?topic=fa-daily-forecast-3-day-5-day-7-day-10-15-day
struct TWCDecoder: FormatDecoder {
    static let format = "twc/daily"
    static let currentFormat = "twc/current"
    static let provider = "twc"
    var format: String { Self.format }
    var products: [ProductDeclaration] {
        [.forecast(Self.provider, "daily", settings: ["units"]), .nowcast(Self.provider, "current", settings: ["units"])]
    }

    enum Shape { case daily, current, error }

    static func shape(_ body: JSONValue) -> Shape? {
        guard body.kind == .object else { return nil }
        if let errors = body["errors"], errors.kind == .array, errors.elements.first?["error"] != nil,
           Set(body.keys).isSubset(of: ["errors", "metadata", "success"]) { return .error }
        guard let valid = body["validTimeUtc"], body["expirationTimeUtc"] != nil else { return nil }
        if valid.kind == .array, body["daypart"]?.kind == .array || body["temperatureMax"] != nil || body["calendarDayTemperatureMax"] != nil {
            return .daily
        }
        if valid.number != nil, body["temperature"] != nil, body["iconCode"] != nil { return .current }
        return nil
    }

    var detectionKeys: DetectionKeys? { .object(["errors"], ["validTimeUtc", "expirationTimeUtc"]) }

    func detect(_ body: JSONValue) -> Detection { Self.shape(body) == nil ? .no : .yes }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        document.format == Self.currentFormat ? "validTimeUtc, temperature and iconCode (The Weather Company /v3/wx/observations/current)"
            : "columns of validTimeUtc with daypart (The Weather Company /v3/wx/forecast/daily)"
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let body = input.body
        guard let shape = Self.shape(body.value) else { throw DocumentDecoder.unknownFormat(body) }
        if shape == .error {
            let first = try body.required("errors").array().first?.object().optional("error")?.object()
            let code = try first?.optionalString("code") ?? "?"
            let message = try first?.optionalString("message") ?? ""
            throw DecodeFailure(.providerError, "The Weather Company error \(Sanitize.printable(code)): \(Sanitize.printable(message))",
                                fieldPath: "errors[0].error")
        }
        let (lat, lon) = try Self.place(input.envelope, setting: input.context.settings.place)
        let (units, unitsSource) = try TWCUnits.resolve(envelope: input.envelope, context: input.context)
        var reader = TWCReader(latitude: lat, longitude: lon, units: units, unitsSource: unitsSource, locationHint: input.locationHint)
        if shape == .current {
            var doc = DecodedDocument(format: Self.currentFormat)
            let o = try reader.observation(body)
            doc.observations = [o]
            doc.places = [PlaceInfo(latitude: lat, longitude: lon, utcOffsetSeconds: o.utcOffsetSeconds, declaredLocationID: input.locationHint)]
            return doc
        }
        var doc = DecodedDocument(format: Self.format)
        (reader.issued, reader.issuedSource) = input.issueTime(bodyClock: nil)
        doc.forecasts = try reader.daily(body)
        doc.places = [PlaceInfo(latitude: lat, longitude: lon, utcOffsetSeconds: reader.firstOffset, declaredLocationID: input.locationHint)]
        return doc
    }

    /// The envelope URL's `geocode=lat,lon` (the way the API is asked by place), else the
    /// input's `place` setting.
    static func place(_ envelope: Envelope?, setting: IngestSettings.Place?) throws(DecodeFailure) -> (Double, Double) {
        let parts = envelope?.query["geocode"]?.split(separator: ",").map { String($0).filter { $0 != " " } } ?? []
        guard parts.count == 2, let la = Double(parts[0]), let lo = Double(parts[1]),
              Plausibility.contains(Plausibility.latitude, la), Plausibility.contains(Plausibility.longitude, lo) else {
            if let setting { return (setting.latitude, setting.longitude) }
            throw DecodeFailure(.missingField, "The Weather Company v3 replies do not say where they are for: give the input's place "
                                + "(--place LAT,LON, or \"place\" on a pipeline input), or wrap each reply in an envelope with its request URL "
                                + "(geocode=LAT,LON), as docs/PROVIDERS.md describes", fieldPath: "geocode")
        }
        return (la, lo)
    }
}
