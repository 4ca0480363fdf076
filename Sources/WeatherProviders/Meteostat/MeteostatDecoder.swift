import WeatherJSON
import WeatherCore

/// Decodes Meteostat's JSON API station data (`/stations/hourly`, `/stations/daily`, on RapidAPI
/// or the legacy `api.meteostat.net/v2`): `{"meta": {generated, source}, "data": [rows]}`, and
/// its station metadata (`/stations/meta`, `{"data": {id, latitude, longitude, timezone …}}`) as
/// a place.
///
/// Notes (docs/PROVIDERS.md, Meteostat):
/// - Units are metric unless the request said `units=imperial` (°F, inches, mph); missing is `null`,
///   there is no trace marker. Wind in km/h, pressure hPa, `prcp` the hour's or the day's total.
/// - Hourly `time` is UTC unless the request gave `tz=`; a daily `date` is a local calendar day
///   in the station's zone (the declared location's, else the input's `station_time_zone`).
/// - Data replies name neither the station nor where it is: the station is the request URL's
///   `station`, placed by a declared location with that `station`, else by the input's `place`.
/// - `model=true`, the API's default, fills gaps with model data without marking which values
///   are measured: unless the request URL says `model=false`, the records are a product of their
///   own (`hourly-model-filled`, `daily-model-filled`) declared in the nowcast role — stored,
///   with `qc_flag` `model-filled`, never the truth by default (an input with `"role": "observed"`
///   takes them as truth).
struct MeteostatDecoder: FormatDecoder {
    static let format = "meteostat/daily"
    var format: String { Self.format }
    var products: [ProductDeclaration] {
        [.observed("meteostat", "daily", truthPriority: 23, settings: ["station_time_zone"]),
         .observed("meteostat", "hourly", truthPriority: 29),
         .nowcast("meteostat", "daily-model-filled", settings: ["station_time_zone"]),
         .nowcast("meteostat", "hourly-model-filled")]
    }

    var detectionKeys: DetectionKeys? { .object(["meta", "data"]) }

    func detect(_ body: JSONValue) -> Detection {
        guard body.kind == .object, let meta = body["meta"], meta.kind == .object, meta["generated"] != nil, let data = body["data"] else { return .no }
        if data.kind == .object { return data["latitude"] != nil && data["id"] != nil ? .yes : .no }
        guard data.kind == .array else { return .no }
        guard let first = data.elements.first else { return .likely(0.4) }
        return first.kind == .object && (first["date"] != nil || first["time"] != nil) ? .yes : .no
    }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        switch document.format {
        case "meteostat/hourly": return "meta.generated with rows keyed by time (Meteostat stations/hourly)"
        case "meteostat/stations": return "data with id, latitude and longitude (Meteostat stations/meta)"
        default: return "meta.generated with rows keyed by date (Meteostat stations/daily)"
        }
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let data = try input.body.required("data")
        if data.value.kind == .object { return try Self.station(data.object(), input: input) }
        let rows = try data.array()
        let hourly = rows.first?.value["time"] != nil
        var doc = DecodedDocument(format: hourly ? "meteostat/hourly" : "meteostat/daily")
        guard !rows.isEmpty else {
            doc.warnings.append("no rows in this Meteostat reply")
            return doc
        }
        let query = input.envelope?.query ?? [:]
        let station = query["station"]
        let modelFilled = query["model"]?.lowercased() != "false"
        let imperial = query["units"]?.lowercased() == "imperial"
        let place = try StationPlace.resolve(ids: station.map { [$0] } ?? [], own: nil, zone: nil, input: input,
                                             what: Sanitize.printable("Meteostat station \(station ?? "(not named in the reply)")"))
        let product = (hourly ? "hourly" : "daily") + (modelFilled ? "-model-filled" : "")
        let units = MeteostatUnits(imperial: imperial)
        for r in rows {
            let row = try r.object()
            var o = Observation(provider: "meteostat", product: product, observedAt: 0, latitude: 0, longitude: 0)
            place.apply(to: &o)
            o.stationID = station
            o.unitsAssumed = imperial ? "meteostat-imperial" : "meteostat-metric"
            if modelFilled { o.qcFlag = "model-filled" }
            if hourly {
                let time = try row.required("time")
                o.observedAt = try Self.hourlyInstant(time, zone: query["tz"])
                o.tempC = try row.quantity("temp", units.celsius, Plausibility.tempC)
                o.dewPointC = try row.quantity("dwpt", units.celsius, Plausibility.dewPointC)
                o.humidityPct = try row.quantity("rhum", { $0 }, Plausibility.humidityPct)
                o.windDirDeg = try row.quantity("wdir", { $0 }, Plausibility.windDirDeg)
                o.windSpeedMs = try row.quantity("wspd", units.metresPerSecond, Plausibility.windSpeedMs)
                o.windGustMs = try row.quantity("wpgt", units.metresPerSecond, Plausibility.windGustMs)
                o.pressureHpa = try row.quantity("pres", { $0 }, Plausibility.pressureHpa)
                if let p = try row.quantity("prcp", units.millimetres, Plausibility.precipMm) { o.precipMm = p; o.precipWindowH = 1 }
                if let code = try row.optional("coco")?.integer() { o.conditionCode = String(code) }
            } else {
                let dateField = try row.required("date")
                let zone = try place.requireZone(what: Sanitize.printable("Meteostat station \(station ?? "(unnamed)")"), fieldPath: dateField.path)
                let (end, hours) = try StationDay.window(.calendar, date: try dateField.string(), zone: zone, fieldPath: dateField.path)
                o.observedAt = end
                o.tempMaxC = try row.quantity("tmax", units.celsius, Plausibility.tempC)
                o.tempMinC = try row.quantity("tmin", units.celsius, Plausibility.tempC)
                if o.tempMaxC != nil || o.tempMinC != nil { o.extremesWindowH = hours }
                if let p = try row.quantity("prcp", units.millimetres, Plausibility.precipMm) { o.precipMm = p; o.precipWindowH = hours }
                o.windSpeedMs = try row.quantity("wspd", units.metresPerSecond, Plausibility.windSpeedMs)
                o.windGustMs = try row.quantity("wpgt", units.metresPerSecond, Plausibility.windGustMs)
                o.windDirDeg = try row.quantity("wdir", { $0 }, Plausibility.windDirDeg)
                o.pressureHpa = try row.quantity("pres", { $0 }, Plausibility.pressureHpa)
                guard o.tempMaxC != nil || o.tempMinC != nil || o.precipMm != nil else {
                    doc.warnings.append("Meteostat \(Sanitize.printable(try dateField.string())): no maximum, minimum or precipitation, no record")
                    continue
                }
            }
            doc.observations.append(o)
        }
        return doc
    }

    /// `YYYY-MM-DD HH:MM:SS`, in UTC or in the request's `tz`.
    static func hourlyInstant(_ field: Field, zone: String?) throws(DecodeFailure) -> Int64 {
        let text = try field.string()
        guard let wall = UTCTime.parseISO8601(text, assumingOffset: 0) else {
            throw DecodeFailure(.wrongType, "field '\(field.path)' is not a time (YYYY-MM-DD HH:MM:SS): \(Sanitize.printable(String(text.prefix(40))))",
                                fieldPath: field.path)
        }
        guard let zone, zone.uppercased() != "UTC" else { return wall }
        guard let t = LocalTime.utc(fromWallClock: wall, zone: zone) else {
            throw DecodeFailure(.wrongType, "the request's tz '\(Sanitize.printable(zone))' is not an IANA zone known here", fieldPath: field.path)
        }
        return t
    }

    /// `/stations/meta`: the station as a place (its coordinates, name and zone), no records.
    static func station(_ data: Field, input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        var doc = DecodedDocument(format: "meteostat/stations")
        let (lat, lon) = try data.coordinates(lat: "latitude", lon: "longitude")
        var place = PlaceInfo(latitude: lat, longitude: lon, declaredLocationID: input.locationHint)
        if let name = data.optional("name") {
            place.name = name.value.kind == .object ? try name.optionalString("en") : try name.string()
        }
        place.country = try data.optionalString("country")
        place.timeZone = DayWindow.usableZone(try data.optionalString("timezone"))
        doc.places = [place]
        if let id = try data.optionalString("id") {
            doc.warnings.append("Meteostat station \(Sanitize.printable(id)) is at \(lat),\(lon): declare a location with \"station\": \"\(Sanitize.printable(id))\" to place its data replies")
        }
        return doc
    }
}
