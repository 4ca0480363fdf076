import WeatherJSON
import WeatherCore

/// Decodes api.weather.gov station observations: `/stations/{id}/observations` (a GeoJSON
/// FeatureCollection, newest first) and `/stations/{id}/observations/latest` (one Feature).
///
/// Notes from the API and recorded replies (docs/PROVIDERS.md, NWS):
/// - Every quantity is `{unitCode, value, qualityControl}`; the unit codes changed over the years
///   (`unit:m_s-1` → `wmoUnit:km_h-1`, precipitation `unit:m` → `wmoUnit:m` → `wmoUnit:mm`), so the
///   conversion is driven by `unitCode` alone (`NWSDimension`).
/// - QC flags are MADIS codes, with a `qc:` prefix in 2019; rejected (`X`) and questioned (`Q`)
///   values are dropped by default (`NWSQualityPolicy`).
/// - Keys come and go (`stationId`/`stationName` since about 2025, precipitation windows); a
///   missing key and `null` mean the same.
/// - These are station observations: measured truth at the station, not a model product.
/// API: https://www.weather.gov/documentation/services-web-api
struct NWSObservationDecoder: FormatDecoder {
    static let format = "nws/observations"
    var format: String { Self.format }
    /// Station observations, quality-controlled: the first truth (before METAR reports of the same station).
    var products: [ProductDeclaration] { [.observed("nws", "observations", truthPriority: 10, settings: ["nws_qc_accept"])] }
    var policy: NWSQualityPolicy = .standard

    var detectionKeys: DetectionKeys? { .object(["type"]) }

    func detect(_ body: JSONValue) -> Detection {
        if body["type"]?.string == "FeatureCollection", let features = body["features"], features.kind == .array {
            // A station with nothing in the time asked for answers an empty collection.
            guard let first = features.elements.first else { return body["@context"] != nil ? .likely(0.5) : .no }
            return Self.isObservation(first) ? .yes : .no
        }
        return body["type"]?.string == "Feature" && Self.isObservation(body) ? .yes : .no
    }

    static func isObservation(_ feature: JSONValue) -> Bool {
        guard let p = feature["properties"] else { return false }
        return p["timestamp"] != nil && p["station"] != nil
    }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        body["type"]?.string == "FeatureCollection"
            ? "a GeoJSON FeatureCollection of features whose properties have timestamp and station"
            : "a GeoJSON Feature whose properties have timestamp and station"
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let body = input.body
        let features = try body.optionalString("type") == "FeatureCollection" ? try body.required("features").array() : [body]
        var reader = NWSValueReader(policy: input.context.nwsQCAccept.map { NWSQualityPolicy(accepted: $0) } ?? policy)
        var doc = DecodedDocument(format: format)
        var seen: Set<Int64> = []
        for feature in features {
            var o = try Self.observation(feature, reader: &reader)
            o.declaredLocationID = input.locationHint
            // Collections hold each instant once; a repeated timestamp would be the same report.
            if seen.insert(o.observedAt).inserted { doc.observations.append(o) }
        }
        var stations: [String: PlaceInfo] = [:]
        for o in doc.observations where stations[o.stationID ?? ""] == nil {
            stations[o.stationID ?? ""] = PlaceInfo(latitude: o.latitude, longitude: o.longitude, name: o.placeName,
                                                   country: o.country, declaredLocationID: o.declaredLocationID)
        }
        doc.places = stations.keys.sorted().compactMap { stations[$0] }
        doc.warnings = reader.warnings
        return doc
    }

    /// One observation Feature.
    static func observation(_ feature: Field, reader: inout NWSValueReader) throws(DecodeFailure) -> Observation {
        let p = try feature.required("properties").object()
        let (lat, lon) = try NWSGeometry.lonLat(feature.required("geometry").object().required("coordinates"))
        let observedAt = try p.requiredISOInstant("timestamp")
        var o = Observation(provider: "nws", product: "observations", observedAt: observedAt, latitude: lat, longitude: lon)
        o.stationID = try stationID(p)
        o.placeName = try p.optionalString("stationName").flatMap { $0.isEmpty ? nil : $0 }
        o.unitsAssumed = "unitCode"
        o.unitsSource = .unitsBlock
        var v = PointValues()
        let temp = try reader.read(p, "temperature", .temperature, Plausibility.tempC)
        v.tempC = temp.value
        o.qcFlag = temp.flag
        v.dewPointC = try reader.read(p, "dewpoint", .temperature, Plausibility.dewPointC).value
        v.humidityPct = try reader.read(p, "relativeHumidity", .percent, Plausibility.humidityPct).value
        v.windSpeedMs = try reader.read(p, "windSpeed", .speed, Plausibility.windSpeedMs).value
        v.windGustMs = try reader.read(p, "windGust", .speed, Plausibility.windGustMs).value
        v.windDirDeg = try reader.read(p, "windDirection", .angle, Plausibility.windDirDeg).value
        v.pressureHpa = try reader.read(p, "seaLevelPressure", .pressure, Plausibility.pressureHpa).value
        v.visibilityM = try reader.read(p, "visibility", .length, Plausibility.visibilityM).value
        let windChill = try reader.read(p, "windChill", .temperature, Plausibility.feelsLikeC).value
        let heatIndex = try reader.read(p, "heatIndex", .temperature, Plausibility.feelsLikeC).value
        v.feelsLikeC = windChill ?? heatIndex
        (v.condition, v.conditionCode, v.conditionText) = try NWSConditions.condition(icon: p.optionalString("icon"),
                                                                                      text: p.optionalString("textDescription"))
        v.apply(to: &o)
        o.tempMax24hC = try reader.read(p, "maxTemperatureLast24Hours", .temperature, Plausibility.tempC).value
        o.tempMin24hC = try reader.read(p, "minTemperatureLast24Hours", .temperature, Plausibility.tempC).value
        o.elevationM = try reader.read(p, "elevation", .length, Plausibility.elevationM).value
        try readPrecipitation(p, into: &o, reader: &reader)
        return o
    }

    /// The shortest precipitation window the station reported, like OpenWeatherMap's `rain.1h`
    /// before `rain.3h`. A window not reported stays missing: for a station, no report is not 0 mm.
    static func readPrecipitation(_ p: Field, into o: inout Observation, reader: inout NWSValueReader) throws(DecodeFailure) {
        for (key, hours) in [("precipitationLastHour", 1.0), ("precipitationLast3Hours", 3.0), ("precipitationLast6Hours", 6.0)] {
            if let mm = try reader.read(p, key, .precipitation, Plausibility.precipMm).value {
                o.precipMm = mm
                o.precipWindowH = hours
                return
            }
        }
    }

    /// `stationId` when present (since about 2025), else the last segment of the `station` URL.
    static func stationID(_ p: Field) throws(DecodeFailure) -> String? {
        if let id = try p.optionalString("stationId"), !id.isEmpty { return id }
        guard let url = try p.optionalString("station") else { return nil }
        return url.split(separator: "/").last.map(String.init)
    }
}
