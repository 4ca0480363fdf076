import WeatherJSON
import WeatherCore

/// Decodes Ambient Weather REST replies (`ambient/devices`): `/v1/devices` (an array of
/// `{macAddress, lastData, info}`: each device's latest reading; an app may save one element
/// alone) and `/v1/devices/{macAddress}` (a bare array of readings, newest first).
///
/// Notes from the API and recorded replies (docs/PROVIDERS.md, Ambient Weather):
/// - `dateutc` is Unix **milliseconds**; `date` repeats it as text and is not read (hand-edited
///   copies disagree with it).
/// - Units are fixed imperial, named in the keys (`AmbientReading`).
/// - Rain comes as counters: `dailyrainin` since local midnight, `eventrainin`, `totalrainin`;
///   `hourlyrainin` is a rate (in/h). In a history the counter is differenced between
///   consecutive readings (`RainCounters`; a counter that went backwards is a reset, never
///   negative rain), and each reading holds the rain of the hour (at least) before it. A single latest reading
///   holds `dailyrainin` over the hours since local midnight in its `tz`; without a `tz` (older
///   replies, every history) its window is unknown and the counter is not stored.
/// - Place: `info.coords` when the owner set it, else the input's `place` setting; without
///   either the document is a `missing_field` reject that names the setting.
/// - Each device is a truth source of its own: `station_id` is its `macAddress` (a history
///   names none: the envelope URL's `/devices/{mac}` path gives it).
/// - Error replies `{"error": "…"}` that name the API's keys (`apiKey`, `applicationKey`) are
///   `provider_error` rejects.
/// API: https://ambientweather.docs.apiary.io/
struct AmbientDecoder: FormatDecoder {
    static let format = "ambient/devices"
    static let provider = "ambient"
    static let product = "devices"
    var format: String { Self.format }
    /// A backyard station without quality control: truth after the official stations.
    var products: [ProductDeclaration] { [.observed(Self.provider, Self.product, truthPriority: 25, settings: ["place"])] }

    enum Shape { case devices, device, history, error }

    static func shape(_ body: JSONValue) -> Shape? {
        if body.kind == .array, let first = body.elements.first, first.kind == .object {
            if first["macAddress"] != nil && first["lastData"] != nil { return .devices }
            if first["dateutc"] != nil && first["dateutc"]?.number != nil && first["lastData"] == nil { return .history }
            return nil
        }
        guard body.kind == .object else { return nil }
        if body["macAddress"] != nil, body["lastData"]?.kind == .object { return .device }
        // `count` first: every document of every other format is asked this, and `keys` makes a String per key.
        if body.count == 1, body.keys == ["error"], let text = body["error"]?.string, text.contains("apiKey") || text.contains("applicationKey") { return .error }
        return nil
    }

    var detectionKeys: DetectionKeys? { .arrayOrObject(["macAddress", "lastData"], ["error"]) }

    func detect(_ body: JSONValue) -> Detection { Self.shape(body) == nil ? .no : .yes }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        switch Self.shape(body) {
        case .history?: return "an array of readings with dateutc in milliseconds (Ambient Weather /v1/devices/{macAddress})"
        case .device?: return "a device with macAddress and lastData (one element of Ambient Weather /v1/devices)"
        default: return "an array of devices with macAddress and lastData (Ambient Weather /v1/devices)"
        }
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let body = input.body
        guard let shape = Self.shape(body.value) else { throw DocumentDecoder.unknownFormat(body) }
        var doc = DecodedDocument(format: format)
        switch shape {
        case .error:
            throw DecodeFailure(.providerError, "Ambient Weather error: \(Sanitize.printable(try body.required("error").string()))", fieldPath: "error")
        case .devices, .device:
            var seen: Set<String> = []
            for device in shape == .device ? [body] : try body.array() {
                let d = try device.object()
                let mac = try d.required("macAddress").string()
                let (lat, lon) = try Self.place(d, input: input)
                var r = try AmbientReading.read(try d.required("lastData").object(), latitude: lat, longitude: lon)
                guard seen.insert("\(mac) \(r.observation.observedAt)").inserted else { continue }
                r.observation.stationID = mac
                r.observation.placeName = try Self.name(d)
                if let mm = r.countersMm["dailyrainin"] {
                    if let hours = RainCounters.hoursSinceLocalMidnight(r.observation.observedAt, zone: r.observation.timeZone) {
                        r.observation.precipMm = mm
                        r.observation.precipWindowH = hours
                    } else {
                        doc.warnings.append("\(d.path.isEmpty ? "lastData" : d.path + ".lastData").dailyrainin not stored: the reading names no time zone (tz), so when its day began is unknown")
                    }
                }
                doc.observations.append(Self.finish(r.observation, input))
            }
        case .history:
            let (lat, lon) = try Self.place(nil, input: input)
            let mac = Self.macFromURL(input)
            if mac == nil { doc.warnings.append("the history names no device: give each reply an envelope with its /v1/devices/{macAddress} URL for a station id") }
            var readings: [AmbientReading] = []
            var seen: Set<Int64> = []
            for item in try body.array() {
                var r = try AmbientReading.read(try item.object(), latitude: lat, longitude: lon)
                guard seen.insert(r.observation.observedAt).inserted else { continue }
                r.observation.stationID = mac
                readings.append(r)
            }
            readings.sort { $0.observation.observedAt < $1.observation.observedAt }
            Self.difference(&readings)
            doc.observations = readings.map { Self.finish($0.observation, input) }
        }
        var places: [String: PlaceInfo] = [:]
        for o in doc.observations where places[o.stationID ?? ""] == nil {
            places[o.stationID ?? ""] = PlaceInfo(latitude: o.latitude, longitude: o.longitude, name: o.placeName, timeZone: o.timeZone,
                                                  declaredLocationID: input.locationHint)
        }
        doc.places = places.keys.sorted().compactMap { places[$0] }
        return doc
    }

    static func finish(_ o: Observation, _ input: DecodeInput) -> Observation {
        var o = o
        o.declaredLocationID = input.locationHint
        return o
    }

    /// Each reading's rain over the hour (at least) before it, from the first counter the readings have.
    static func difference(_ readings: inout [AmbientReading]) {
        guard let key = AmbientReading.counterKeys.first(where: { k in readings.contains { $0.countersMm[k] != nil } }) else { return }
        let series = readings.enumerated().compactMap { i, r in r.countersMm[key].map { (i, RainCounters.Reading(at: r.observation.observedAt, counterMm: $0)) } }
        let index = Dictionary(uniqueKeysWithValues: series.map { ($0.1.at, $0.0) })
        for d in RainCounters.hourlyWindows(series.map(\.1)) {
            guard let i = index[d.at] else { continue }
            readings[i].observation.precipMm = Convert.round(d.amountMm, 4)
            readings[i].observation.precipWindowH = d.windowH
        }
    }

    /// `info.coords.coords` (or its GeoJSON `geo.coordinates`), else the input's `place`.
    static func place(_ device: Field?, input: DecodeInput) throws(DecodeFailure) -> (Double, Double) {
        if let coords = try device?.optional("info")?.object().optional("coords")?.object() {
            if let c = try coords.optional("coords")?.object() { return try c.coordinates(lat: "lat", lon: "lon") }
            if let g = try coords.optional("geo")?.object().optional("coordinates") { return try g.geoJSONPosition() }
        }
        if let p = input.context.settings.place { return (p.latitude, p.longitude) }
        throw DecodeFailure(.missingField, "this Ambient Weather reply does not say where the station is (no info.coords): give the input's place "
                            + "(--place LAT,LON, or \"place\" on a pipeline input)", fieldPath: device.map { $0.childPath("info") })
    }

    /// `info.name`, else `info.coords.location` (the town the owner set).
    static func name(_ d: Field) throws(DecodeFailure) -> String? {
        guard let info = try d.optional("info")?.object() else { return nil }
        if let n = try info.optionalString("name"), !n.isEmpty { return n }
        return try info.optional("coords")?.object().optionalString("location")
    }

    /// The device of a history, from the envelope URL's `/devices/{macAddress}`.
    static func macFromURL(_ input: DecodeInput) -> String? {
        let path = input.urlPath
        guard let r = path.range(of: "/devices/") else { return nil }
        let mac = path[r.upperBound...].split(separator: "/").first.map(String.init)
        return mac.map { Envelope.percentDecode($0).uppercased() }.flatMap { $0.isEmpty ? nil : $0 }
    }
}
