import WeatherJSON
import WeatherCore

/// Decodes Netatmo Weather `getstationsdata` replies (`netatmo/stationsdata`): `body.devices[]`,
/// each a station (`NAMain`, the indoor unit with the barometer) with its `modules[]`.
///
/// Notes from the API and recorded replies (docs/PROVIDERS.md, Netatmo):
/// - Values are always metric (°C, mbar, mm, km/h), whatever the user's display settings.
/// - Each station is one observation, at its outdoor module's `dashboard_data.time_utc` (Unix
///   seconds): temperature and humidity from the outdoor module (`NAModule1`), wind from
///   `NAModule2` (`WindStrength`, `GustStrength`, `WindAngle`; a negative angle is no direction),
///   rain from `NAModule3`, sea-level `Pressure` from the station itself. Indoor values
///   (`NAMain`, `NAModule4`) are rooms, never the weather. A module whose reading is more than
///   30 minutes from the outdoor one, or that is unreachable (no `dashboard_data`), is left out
///   with a warning.
/// - Rain: `sum_rain_1` is the last hour's (stored over 1 hour); `sum_rain_24` (the day so
///   far, by Netatmo's docs; "the last 24 hours" by some clients) and `Rain` (the last
///   5-minute measurement) are not stored.
/// - Place: `place.location` is `[lon, lat]`; `place.timezone` the zone. Each station is a
///   truth source of its own: `station_id` is the station's `_id` (its MAC address).
/// - Error replies `{"error": {"code", "message"}}` are `provider_error` rejects. WeatherAPI.com's
///   have the same shape with codes of four digits; Netatmo's codes are below 1000 (2: invalid
///   access token, 3: expired, 9: device not found), so this decoder comes before it.
/// API: https://dev.netatmo.com/apidocumentation/weather#getstationsdata
struct NetatmoDecoder: FormatDecoder {
    static let format = "netatmo/stationsdata"
    static let provider = "netatmo"
    static let product = "stationsdata"
    var format: String { Self.format }
    /// Backyard stations without quality control: truth after the official stations.
    var products: [ProductDeclaration] { [.observed(Self.provider, Self.product, truthPriority: 28, settings: ["place"])] }

    static let staleAfterSeconds: Int64 = 1800

    enum Shape { case stations, error }

    static func shape(_ body: JSONValue) -> Shape? {
        guard body.kind == .object else { return nil }
        // WeatherAPI.com's errors have the same shape with four-digit codes (1002–9999); Netatmo's are below 1000.
        if body.keys == ["error"], let e = body["error"], e.kind == .object, let code = e["code"]?.number, code < 1000,
           e["message"]?.string != nil { return .error }
        guard let inner = body["body"], inner.kind == .object, inner["devices"]?.kind == .array else { return nil }
        return body["status"] != nil || body["time_server"] != nil ? .stations : nil
    }

    var detectionKeys: DetectionKeys? { .object(["error"], ["body"]) }

    func detect(_ body: JSONValue) -> Detection { Self.shape(body) == nil ? .no : .yes }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        "body.devices[] beside status or time_server (Netatmo getstationsdata)"
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let body = input.body
        guard let shape = Self.shape(body.value) else { throw DocumentDecoder.unknownFormat(body) }
        if shape == .error {
            let e = try body.required("error").object()
            let code = e.value["code"]?.number.flatMap { Int64(exactly: $0) }.map(String.init) ?? e.value["code"]?.string ?? "?"
            throw DecodeFailure(.providerError, "Netatmo error \(Sanitize.printable(code)): \(Sanitize.printable(try e.required("message").string()))",
                                fieldPath: "error")
        }
        var doc = DecodedDocument(format: format)
        var seen: Set<String> = []
        for device in try body.required("body").object().required("devices").array() {
            let d = try device.object()
            guard let o = try Self.observation(d, input: input, warnings: &doc.warnings) else { continue }
            guard seen.insert("\(o.stationID ?? "") \(o.observedAt)").inserted else { continue }
            doc.observations.append(o)
            doc.places.append(PlaceInfo(latitude: o.latitude, longitude: o.longitude, name: o.placeName, country: o.country,
                                        timeZone: o.timeZone, declaredLocationID: input.locationHint))
        }
        return doc
    }

    static func observation(_ d: Field, input: DecodeInput, warnings: inout [String]) throws(DecodeFailure) -> Observation? {
        let id = try d.required("_id").string()
        var modules: [String: Field] = [:]
        for m in try d.items("modules") {
            let m = try m.object()
            guard let type = try m.optionalString("type"), modules[type] == nil else { continue }
            guard let data = try m.optional("dashboard_data")?.object() else {
                warnings.append("\(m.path) (\(type)) has no dashboard_data (unreachable): left out")
                continue
            }
            modules[type] = data
        }
        let outdoor = modules["NAModule1"], wind = modules["NAModule2"], rain = modules["NAModule3"]
        guard let anchor = outdoor ?? wind ?? rain else {
            warnings.append("\(d.path) (station \(Sanitize.printable(id))) has no outdoor, wind or rain module with a reading: nothing to store")
            return nil
        }
        let t = try anchor.requiredInstant("time_utc")
        let (lat, lon, zone) = try place(d, input: input)
        var o = Observation(provider: provider, product: product, observedAt: t, latitude: lat, longitude: lon)
        o.stationID = id
        o.timeZone = zone
        let place = try d.optional("place")?.object()
        let city = try place?.optionalString("city")
        o.placeName = try d.optionalString("station_name") ?? city
        o.country = try place?.optionalString("country")
        o.unitsAssumed = "metric"
        o.unitsSource = .default
        func fresh(_ m: Field?) throws(DecodeFailure) -> Field? {
            guard let m else { return nil }
            let mt = try m.requiredInstant("time_utc")
            if abs(mt - t) > staleAfterSeconds {
                warnings.append("\(m.path) not read: its reading (\(UTCTime.iso8601(mt))) is not the station's (\(UTCTime.iso8601(t)))")
                return nil
            }
            return m
        }
        if let m = try fresh(outdoor) {
            o.tempC = try m.quantity("Temperature", { $0 }, Plausibility.tempC)
            o.humidityPct = try m.quantity("Humidity", { $0 }, Plausibility.humidityPct)
        }
        if let m = try fresh(wind) {
            o.windSpeedMs = try m.quantity("WindStrength", Convert.kmhToMs, Plausibility.windSpeedMs, assumption: "km/h")
            o.windGustMs = try m.quantity("GustStrength", Convert.kmhToMs, Plausibility.windGustMs, assumption: "km/h")
            if let angle = m.value["WindAngle"]?.number, angle >= 0 { o.windDirDeg = try m.quantity("WindAngle", { $0 }, Plausibility.windDirDeg) }
        }
        if let m = try fresh(rain), let mm = try m.quantity("sum_rain_1", { $0 }, Plausibility.precipMm) {
            o.precipMm = mm
            o.precipWindowH = 1
        }
        if let main = try d.optional("dashboard_data")?.object(), let m = try fresh(main) {
            o.pressureHpa = try m.quantity("Pressure", { $0 }, Plausibility.pressureHpa)
        }
        o.declaredLocationID = input.locationHint
        return o
    }

    /// `place.location` (`[lon, lat]`) and `place.timezone`, else the input's `place` setting.
    static func place(_ d: Field, input: DecodeInput) throws(DecodeFailure) -> (Double, Double, String?) {
        let place = try d.optional("place")?.object()
        let zone = DayWindow.usableZone(try place?.optionalString("timezone"))
        if let location = place?.optional("location") {
            let (lat, lon) = try location.geoJSONPosition()
            return (lat, lon, zone)
        }
        if let p = input.context.settings.place { return (p.latitude, p.longitude, zone) }
        throw DecodeFailure(.missingField, "station \(Sanitize.printable(try d.required("_id").string())) has no place.location: give the input's place "
                            + "(--place LAT,LON, or \"place\" on a pipeline input)", fieldPath: d.childPath("place"))
    }
}
