import WeatherJSON
import WeatherCore

/// Decodes Ecowitt API v3 replies: `/device/real_time` and `/device/info` (`ecowitt/realtime`:
/// leaves `{time, unit, value}`; `info` adds the device's place, zone and MAC and holds its
/// reading under `last_update`) and `/device/history` (`ecowitt/history`: leaves
/// `{unit, list: {"<Unix s>": "<value>"}}`).
///
/// Notes from the API and recorded replies (docs/PROVIDERS.md, Ecowitt):
/// - Envelope `{code, msg, time, data}`: `code` ≠ 0 is an error (`provider_error`); `time` is
///   the server's clock, not the reading's.
/// - Every value is a string in its own `unit` (`EcowittUnit`), chosen per request; a unit
///   wxpipe does not convert (Beaufort, feet per minute) leaves the value missing, with a warning.
/// - A realtime reading is at its outdoor temperature's `time` (else the latest leaf time); a
///   leaf whose own time is more than 30 minutes away from it (a sensor that stopped) is not
///   read, and a warning says so.
/// - Rain: in a history the `daily` counter is differenced between consecutive times
///   (`RainCounters`; a drop is a reset, never negative rain), each time holding the rain of the
///   hour (at least) before it. A realtime reading holds
///   `hourly` (the last hour) over 1 hour, else `daily` over the hours since local midnight in
///   the device's `date_zone_id` (`/device/info` only); `rain_rate` is a rate.
/// - Place and station: `/device/info` has `latitude`, `longitude` and `mac`; realtime and
///   history replies have neither: the envelope URL's `mac=` names the station, the input's
///   `place` setting the place (without one the document is a `missing_field` reject naming it).
/// API: https://doc.ecowitt.net/web/#/apiv3en?page_id=17
struct EcowittDecoder: FormatDecoder {
    static let format = "ecowitt/realtime"
    static let historyFormat = "ecowitt/history"
    static let provider = "ecowitt"
    var format: String { Self.format }
    /// Backyard stations without quality control; a history's 5-minute steps before single readings.
    var products: [ProductDeclaration] {
        [.observed(Self.provider, "realtime", truthPriority: 27, settings: ["place"]),
         .observed(Self.provider, "history", truthPriority: 26, settings: ["place"])]
    }

    enum Shape { case realtime, info, history, error }

    static func shape(_ body: JSONValue) -> Shape? {
        guard body.kind == .object, let code = body["code"]?.number, body["msg"]?.string != nil, let data = body["data"] else { return nil }
        if code != 0 { return .error }
        guard data.kind == .object else { return data.kind == .array && data.count == 0 ? .realtime : nil }
        if data["last_update"] != nil, data["mac"] != nil { return .info }
        for (_, group) in data.members where group.kind == .object {
            for (_, leaf) in group.members where leaf.kind == .object {
                if leaf["list"] != nil, leaf["unit"] != nil { return .history }
                if leaf["value"] != nil, leaf["unit"] != nil { return .realtime }
            }
        }
        return nil
    }

    var detectionKeys: DetectionKeys? { .object(["code", "msg", "data"]) }

    func detect(_ body: JSONValue) -> Detection { Self.shape(body) == nil ? .no : .yes }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        switch Self.shape(body) {
        case .history?: return "code, msg and data of {unit, list} leaves keyed by Unix time (Ecowitt /device/history)"
        case .info?: return "code, msg and data with mac and last_update (Ecowitt /device/info)"
        default: return "code, msg and data of {time, unit, value} leaves (Ecowitt /device/real_time)"
        }
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let body = input.body
        guard let shape = Self.shape(body.value) else { throw DocumentDecoder.unknownFormat(body) }
        switch shape {
        case .error:
            let code = try body.required("code").number()
            throw DecodeFailure(.providerError, "Ecowitt error \(Int64(exactly: code).map(String.init) ?? String(code)): \(Sanitize.printable(try body.required("msg").string()))",
                                fieldPath: "code")
        case .realtime, .info:
            var doc = DecodedDocument(format: Self.format)
            let data = try body.required("data")
            guard data.value.kind == .object else { doc.warnings.append("no readings in this reply (data is empty)"); return doc }
            let d = try data.object()
            let station = try Self.station(shape == .info ? d : nil, input: input)
            if station.id == nil { doc.warnings.append(Self.noStationRemark) }
            let reading = shape == .info ? try d.required("last_update").object() : d
            let zone = shape == .info ? DayWindow.usableZone(try d.optionalString("date_zone_id")) : nil
            if var o = try EcowittRealtime.observation(reading, station: station, zone: zone, warnings: &doc.warnings) {
                o.declaredLocationID = input.locationHint
                doc.observations = [o]
            }
            doc.places = [PlaceInfo(latitude: station.latitude, longitude: station.longitude, name: station.name, timeZone: zone,
                                    declaredLocationID: input.locationHint)]
            return doc
        case .history:
            var doc = DecodedDocument(format: Self.historyFormat)
            let station = try Self.station(nil, input: input)
            if station.id == nil { doc.warnings.append(Self.noStationRemark) }
            doc.observations = try EcowittHistory.observations(try body.required("data").object(), station: station, warnings: &doc.warnings).map { o in
                var o = o
                o.declaredLocationID = input.locationHint
                return o
            }
            doc.places = [PlaceInfo(latitude: station.latitude, longitude: station.longitude, name: station.name, declaredLocationID: input.locationHint)]
            return doc
        }
    }

    static let noStationRemark = "the reply names no device: give each reply an envelope whose URL has its mac= for a station id"

    /// Where the device is and what it is called.
    struct Station {
        var id: String?
        var name: String?
        var latitude: Double
        var longitude: Double
    }

    /// `/device/info`'s own `latitude`, `longitude`, `mac` and `name`; else the envelope URL's
    /// `mac` (or `imei`) and the input's `place`.
    static func station(_ info: Field?, input: DecodeInput) throws(DecodeFailure) -> Station {
        if let info, info.optional("latitude") != nil, info.optional("longitude") != nil {
            let (lat, lon) = try info.coordinates(lat: "latitude", lon: "longitude")
            return Station(id: try info.optionalString("mac").flatMap { $0.isEmpty ? nil : $0 }, name: try info.optionalString("name"),
                           latitude: lat, longitude: lon)
        }
        let query = input.envelope?.query ?? [:]
        let id = (query["mac"] ?? query["imei"]).flatMap { $0.isEmpty ? nil : $0.uppercased() }
        guard let p = input.context.settings.place else {
            throw DecodeFailure(.missingField, "this Ecowitt reply does not say where the device is: give the input's place (--place LAT,LON, or \"place\" "
                                + "on a pipeline input)", fieldPath: "data")
        }
        return Station(id: id, name: nil, latitude: p.latitude, longitude: p.longitude)
    }
}
