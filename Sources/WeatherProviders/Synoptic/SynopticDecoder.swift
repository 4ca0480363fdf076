import WeatherJSON
import WeatherCore

/// Decodes Synoptic Data (MesoWest) `/v2/stations/timeseries`: `UNITS`, `STATION[]` each with
/// `STID`, coordinates as strings, `TIMEZONE` and `OBSERVATIONS` — `date_time[]` (UTC `…Z`)
/// aligned index for index with one array per sensor (`air_temp_set_1`, derived `…_set_1d`) —
/// and `SUMMARY.RESPONSE_CODE` (1 is OK; anything else is the provider's error).
///
/// Units are what `UNITS` says for each variable (`SynopticUnits`); a variable in a unit not
/// known here is left out with a warning rather than misread. Missing values are `null`; there
/// is no trace marker. `precip_accum_one_hour` is a 1-hour total. The first sensor of a variable
/// (`_set_1`, else its derived `_set_1d`) is read. `/v2/stations/precip` replies (totals over a
/// requested period) are not read: they are rejected with that reason.
struct SynopticDecoder: FormatDecoder {
    static let format = "synoptic/timeseries"
    var format: String { Self.format }
    /// Mesonet stations of many networks (quality varies by network): after the national networks' reports.
    var products: [ProductDeclaration] { [.observed("synoptic", "timeseries", truthPriority: 22)] }

    var detectionKeys: DetectionKeys? { .object(["SUMMARY"]) }

    func detect(_ body: JSONValue) -> Detection {
        guard body.kind == .object, let summary = body["SUMMARY"], summary.kind == .object, summary["RESPONSE_CODE"] != nil else { return .no }
        return body["STATION"] != nil || summary["RESPONSE_MESSAGE"] != nil ? .yes : .no
    }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        "STATION with OBSERVATIONS.date_time and SUMMARY.RESPONSE_CODE (Synoptic Data /v2/stations/timeseries)"
    }

    /// The variables read, with the observation field each fills.
    static var variables: [(name: String, kind: SynopticUnits.Kind, set: WritableKeyPath<Observation, Double?>, range: Plausibility.Range)] { [
        ("air_temp", .temperature, \.tempC, Plausibility.tempC),
        ("dew_point_temperature", .temperature, \.dewPointC, Plausibility.dewPointC),
        ("relative_humidity", .percent, \.humidityPct, Plausibility.humidityPct),
        ("wind_speed", .speed, \.windSpeedMs, Plausibility.windSpeedMs),
        ("wind_gust", .speed, \.windGustMs, Plausibility.windGustMs),
        ("wind_direction", .degrees, \.windDirDeg, Plausibility.windDirDeg),
        ("altimeter", .pressure, \.pressureHpa, Plausibility.pressureHpa),
        ("visibility", .distance, \.visibilityM, Plausibility.visibilityM),
        ("precip_accum_one_hour", .precipitation, \.precipMm, Plausibility.precipMm),
    ] }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let body = input.body
        let summary = try body.required("SUMMARY").object()
        let code = try summary.required("RESPONSE_CODE").integer()
        let message = try summary.optionalString("RESPONSE_MESSAGE") ?? ""
        guard code == 1 else {
            throw DecodeFailure(.providerError, "Synoptic error \(code): \(Sanitize.printable(String(message.prefix(200))))", fieldPath: "SUMMARY.RESPONSE_CODE")
        }
        let units = try body.optional("UNITS").map { u throws(DecodeFailure) in try u.object() }
        var doc = DecodedDocument(format: format)
        for s in try body.optional("STATION")?.array() ?? [] {
            let station = try s.object()
            let stid = try station.required("STID").string()
            let observations = try station.required("OBSERVATIONS").object()
            guard let times = observations.optional("date_time") else {
                throw DecodeFailure(.unknownFormat, "Synoptic station \(Sanitize.printable(stid)) has no OBSERVATIONS.date_time: a /v2/stations/precip "
                                    + "or latest reply, not a timeseries (not read)", fieldPath: observations.path + ".date_time")
            }
            let instants = try times.array().map { t throws(DecodeFailure) in try t.isoInstantValue() }
            let place = try StationPlace.resolve(ids: [stid], own: try Self.coordinates(station), zone: try station.optionalString("TIMEZONE"),
                                                 input: input, what: Sanitize.printable("Synoptic station \(stid)"), fieldPath: station.path)
            var rows = instants.map { t -> Observation in
                var o = Observation(provider: "synoptic", product: "timeseries", observedAt: t, latitude: 0, longitude: 0)
                place.apply(to: &o)
                o.stationID = stid
                o.placeName = nil
                o.unitsAssumed = "synoptic-units"
                return o
            }
            for v in Self.variables {
                guard let (key, values) = Self.sensor(v.name, in: observations) else { continue }
                let unit = try units?.optionalString(v.name)
                guard let convert = SynopticUnits.converter(v.kind, unit: unit) else {
                    doc.warnings.append("Synoptic \(v.name) in '\(Sanitize.printable(unit ?? "?"))' is a unit not known here: left out")
                    continue
                }
                let cells = try values.array()
                guard cells.count == rows.count else {
                    throw DecodeFailure(.wrongType, "OBSERVATIONS.\(key) has \(cells.count) values for \(rows.count) date_time entries", fieldPath: values.path)
                }
                for (k, cell) in cells.enumerated() where !cell.value.isNull {
                    rows[k][keyPath: v.set] = try cell.quantityValue(convert, v.range)
                    if v.name == "precip_accum_one_hour", rows[k].precipMm != nil { rows[k].precipWindowH = 1 }
                }
            }
            if let name = try station.optionalString("NAME") { rows = rows.map { var o = $0; o.placeName = name; return o } }
            doc.observations += rows
        }
        if doc.observations.isEmpty { doc.warnings.append("no observations in this Synoptic reply") }
        return doc
    }

    /// The first sensor of a variable: `_set_1`, else the derived `_set_1d`.
    static func sensor(_ name: String, in observations: Field) -> (String, Field)? {
        for key in [name + "_set_1", name + "_set_1d"] { if let f = observations.optional(key) { return (key, f) } }
        return nil
    }

    /// `LATITUDE`/`LONGITUDE`, strings in Synoptic's replies.
    static func coordinates(_ station: Field) throws(DecodeFailure) -> (latitude: Double, longitude: Double)? {
        guard let la = station.optional("LATITUDE"), let lo = station.optional("LONGITUDE") else { return nil }
        func number(_ f: Field) throws(DecodeFailure) -> Double {
            if let s = f.value.string {
                guard let v = Double(s) else { throw f.typeError("a number in a string") }
                return v
            }
            return try f.number()
        }
        let lat = try number(la), lon = try number(lo)
        try la.check(lat, Plausibility.latitude, raw: lat)
        try lo.check(lon, Plausibility.longitude, raw: lon)
        return (lat, lon)
    }
}
