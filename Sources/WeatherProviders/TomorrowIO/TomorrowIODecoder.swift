import WeatherJSON
import WeatherCore

/// Decodes Tomorrow.io v4 replies, in both shapes.
///
/// - `GET /v4/timelines` (`tomorrowio/timelines`): `data.timelines[]`, each with a `timestep`
///   (`current`, `1m`, `1h`, `1d`; `5m`/`15m`/`30m` have no period kind here and are skipped
///   with a warning) and `intervals[]` of `{startTime, values}`. It echoes no location: the
///   place comes from the envelope URL's `location=lat,lon` (or `lat`/`lon`), else the document
///   is a `missing_field` reject that says so.
/// - `GET /v4/weather/forecast` and `/v4/weather/realtime` (`tomorrowio/forecast`):
///   `timelines.{minutely, hourly, daily}[]` or `data` of `{time, values}`, with `location`.
/// - `current` / `realtime` is the model's analysis of now → an observation of role nowcast.
///   Daily steps run 06:00→06:00 local (`dailyStartHour`): window forecasts over that window.
/// - Units are not echoed: envelope URL `units=`, else the input's `units`, else metric.
///   Imperial pressure is inHg, so an imperial reply read as metric has no plausible pressure.
/// - `*Accumulation` are amounts over the step; `snowAccumulation` is snow **depth** and its
///   `*Lwe` the liquid-water equivalent (the one added to precipitation); `*Intensity` are
///   rates; `precipitationProbability` is 0–100.
/// API: https://docs.tomorrow.io/reference/get-timelines, https://docs.tomorrow.io/reference/weather-forecast
struct TomorrowIODecoder: FormatDecoder {
    static let format = "tomorrowio/timelines"
    static let weatherFormat = "tomorrowio/forecast"
    var format: String { Self.format }
    /// The `current`/`realtime` step is the model's own "now", never the truth.
    var products: [ProductDeclaration] {
        [.nowcast("tomorrowio", "timelines", settings: ["units"]), .forecast("tomorrowio", "timelines", settings: ["units"]),
         .nowcast("tomorrowio", "forecast", settings: ["units"]), .forecast("tomorrowio", "forecast", settings: ["units"])]
    }

    enum Shape { case timelines, weather, realtime, error }

    static func shape(_ body: JSONValue) -> Shape? {
        guard body.kind == .object else { return nil }
        if let data = body["data"], data.kind == .object {
            if let t = data["timelines"], t.kind == .array { return .timelines }
            if data["time"] != nil, data["values"] != nil { return .realtime }
        }
        if let t = body["timelines"], t.kind == .object, t["minutely"] != nil || t["hourly"] != nil || t["daily"] != nil { return .weather }
        // {"code": 401001, "type": "Invalid Auth", "message": "…"}
        if body["code"]?.number != nil, body["type"]?.string != nil, body["message"]?.string != nil, body.keys.count <= 4 { return .error }
        return nil
    }

    var detectionKeys: DetectionKeys? { .object(["data"], ["timelines"], ["code", "type", "message"]) }

    func detect(_ body: JSONValue) -> Detection { Self.shape(body) == nil ? .no : .yes }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        switch Self.shape(body) {
        case .timelines?: return "data.timelines[] with timestep and intervals (Tomorrow.io /v4/timelines)"
        case .realtime?: return "data.time and data.values with location (Tomorrow.io /v4/weather/realtime)"
        default: return "timelines.minutely/hourly/daily with location (Tomorrow.io /v4/weather/forecast)"
        }
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let body = input.body
        guard let shape = Self.shape(body.value) else { throw DocumentDecoder.unknownFormat(body) }
        if shape == .error {
            let code = body.value["code"]?.number.flatMap { Int64(exactly: $0.rounded()) }.map(String.init) ?? "?"
            throw DecodeFailure(.providerError, "Tomorrow.io error \(code) (\(Sanitize.printable(body.value["type"]?.string ?? ""))): "
                                + Sanitize.printable(body.value["message"]?.string ?? ""), fieldPath: "code")
        }
        var doc = DecodedDocument(format: shape == .timelines ? Self.format : Self.weatherFormat)
        let (lat, lon, name) = try Self.place(body, envelope: input.envelope, setting: input.context.settings.place)
        doc.places = [PlaceInfo(latitude: lat, longitude: lon, name: name, declaredLocationID: input.locationHint)]
        let (units, unitsSource) = try TomorrowIOUnits.resolve(envelope: input.envelope, context: input.context)
        var reader = TomorrowIOReader(product: shape == .timelines ? "timelines" : "forecast", latitude: lat, longitude: lon,
                                      units: units, unitsSource: unitsSource, locationHint: input.locationHint)
        switch shape {
        case .timelines:
            let timelines = try body.required("data").object().required("timelines").array()
            var steps: [(String, [Field])] = []
            for t in timelines {
                let obj = try t.object()
                steps.append((try obj.required("timestep").string(), try obj.items("intervals")))
            }
            let now = try steps.first { $0.0 == "current" }?.1.first.map { (i) throws(DecodeFailure) in try TomorrowIOReader.step(i).start }
            (reader.issued, reader.issuedSource) = input.issueTime(bodyClock: now)
            for (timestep, intervals) in steps {
                switch timestep {
                case "current": for i in intervals { let s = try TomorrowIOReader.step(i); doc.observations.append(try reader.observation(s.start, s.values)) }
                case "1m": for i in intervals { let s = try TomorrowIOReader.step(i); doc.forecasts.append(try reader.minute(s.start, s.values)) }
                case "1h": for i in intervals { let s = try TomorrowIOReader.step(i); doc.forecasts.append(try reader.hour(s.start, s.values)) }
                case "1d": doc.forecasts += try Self.days(intervals, reader)
                default: doc.warnings.append("skipped the \(Sanitize.printable(timestep)) timeline (\(intervals.count) steps): no period kind for it")
                }
            }
        case .realtime:
            let s = try TomorrowIOReader.step(try body.required("data"))
            doc.observations.append(try reader.observation(s.start, s.values))
        case .weather, .error:
            let timelines = try body.required("timelines").object()
            let minutely = try timelines.items("minutely")
            // The first minute is the request's own minute: the reply's clock.
            let now = try minutely.first.map { (i) throws(DecodeFailure) in try TomorrowIOReader.step(i).start }
            (reader.issued, reader.issuedSource) = input.issueTime(bodyClock: now)
            for i in minutely { let s = try TomorrowIOReader.step(i); doc.forecasts.append(try reader.minute(s.start, s.values)) }
            for i in try timelines.items("hourly") { let s = try TomorrowIOReader.step(i); doc.forecasts.append(try reader.hour(s.start, s.values)) }
            doc.forecasts += try Self.days(try timelines.items("daily"), reader)
        }
        return doc
    }

    /// Day steps with their windows: to the next step's start when that is 23–25 hours later
    /// (a DST change in between), else 24 hours.
    static func days(_ items: [Field], _ reader: TomorrowIOReader) throws(DecodeFailure) -> [Forecast] {
        var steps: [(start: Int64, text: String, values: Field)] = []
        for i in items { steps.append(try TomorrowIOReader.step(i)) }
        var out: [Forecast] = []
        for (k, s) in steps.enumerated() {
            var end = s.start + 86400
            if k + 1 < steps.count, abs(steps[k + 1].start - end) <= 3600 { end = steps[k + 1].start }
            out.append(try reader.day(s.start, end: end, text: s.text, s.values))
        }
        return out
    }

    /// `location.{lat, lon, name}` (`/weather/*`), else the envelope URL's `location=lat,lon`
    /// or `lat`/`lon`, else the input's `place` setting: `/timelines` echoes no place.
    static func place(_ body: Field, envelope: Envelope?, setting: IngestSettings.Place?) throws(DecodeFailure) -> (Double, Double, String?) {
        if let loc = try body.optional("location")?.object() {
            let (la, lo) = try loc.coordinates(lat: "lat", lon: "lon")
            return (la, lo, try loc.optionalString("name"))
        }
        let q = envelope?.query ?? [:]
        var text: (String, String)?
        if let l = q["location"] {
            let parts = l.split(separator: ",").map { String($0).trimmingSpaces }
            if parts.count == 2 { text = (parts[0], parts[1]) }
        } else if let la = q["lat"], let lo = q["lon"] {
            text = (la, lo)
        }
        guard let (laText, loText) = text, let la = Double(laText), let lo = Double(loText),
              Plausibility.contains(Plausibility.latitude, la), Plausibility.contains(Plausibility.longitude, lo) else {
            if let setting { return (setting.latitude, setting.longitude, nil) }
            throw DecodeFailure(.missingField, "Tomorrow.io /v4/timelines replies do not say where they are for: give the input's place "
                                + "(--place LAT,LON, or \"place\" on a pipeline input), or wrap each reply in an envelope with its request URL "
                                + "(location=LAT,LON), as docs/PROVIDERS.md describes", fieldPath: "location")
        }
        return (la, lo, nil)
    }
}

private extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
