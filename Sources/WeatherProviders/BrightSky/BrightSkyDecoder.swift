import WeatherJSON
import WeatherCore

/// Decodes Bright Sky replies (https://brightsky.dev/docs), DWD open data as JSON.
///
/// - `/weather` (`brightsky/weather`): an hourly `weather[]` beside `sources[]`. Each record's
///   `source_id` names a source whose `observation_type` tells what it is: `historical`,
///   `current` and `synop` are station observations (role **observed**), `forecast` is MOSMIX
///   (a forecast). One reply switches from one to the other mid-array. A record stamped T
///   (ISO with offset) holds the values at T and, for `precipitation` and `sunshine`, the
///   hour **ending** at T: observations keep their 1-hour precipitation window, forecasts are
///   hours `[T − 1 h, T)` with point values at T and `precipitation_probability` (0–100, the
///   chance of more than 0.1 mm in that hour).
/// - `/current_weather` (`brightsky/current`): one `weather` object built from the latest
///   SYNOP reports, with `_10`, `_30` and `_60`-minute fields: the 10-minute wind and gust,
///   `precipitation_60` as the past hour's amount. Role **observed**.
/// - Both are DWD station data: observations sit at their station (`sources[].lat`/`lon`) with
///   its DWD id as `station_id`, like NWS and METAR reports, ranked after them (15 for
///   `/weather`, 17 for `/current_weather`, whose fields may come from a fallback station:
///   `fallback_source_ids`). Forecasts sit at their MOSMIX point.
/// - Units are not echoed: envelope URL `units=` (dwd, si), else the input's `units`, else dwd
///   (°C, hPa, km/h, mm).
/// - Error replies `{"detail": …}` and `{"title", "description"}` are `provider_error` rejects
///   (Meteosource's `{"detail": …}` too: the envelope URL's host says whose).
struct BrightSkyDecoder: FormatDecoder {
    static let format = "brightsky/weather"
    static let currentFormat = "brightsky/current"
    static let provider = "brightsky"
    var format: String { Self.format }
    var products: [ProductDeclaration] {
        [.observed(Self.provider, "weather", truthPriority: 15, settings: ["units"]), .forecast(Self.provider, "weather", settings: ["units"]),
         .observed(Self.provider, "current", truthPriority: 17, settings: ["units"])]
    }

    enum Shape { case weather, current, error }

    static func shape(_ body: JSONValue) -> Shape? {
        guard body.kind == .object else { return nil }
        if let sources = body["sources"], sources.kind == .array, let weather = body["weather"] {
            switch weather.kind {
            case .array: return .weather
            case .object: return .current
            default: return nil
            }
        }
        let keys = Set(body.keys)
        if keys == ["detail"] || (keys == ["title", "description"] && body["description"]?.string != nil) { return .error }
        return nil
    }

    var detectionKeys: DetectionKeys? { .object(["sources", "weather"], ["detail"], ["title", "description"]) }

    func detect(_ body: JSONValue) -> Detection { Self.shape(body) == nil ? .no : .yes }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        document.format == Self.currentFormat ? "a weather object beside sources[] (Bright Sky /current_weather)"
            : "weather[] beside sources[] (Bright Sky /weather)"
    }

    /// One entry of `sources[]`.
    struct Source {
        var observationType: String
        var latitude, longitude: Double
        var name: String?
        var stationID: String?
        var observed: Bool { ["historical", "current", "synop"].contains(observationType) }
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let body = input.body
        guard let shape = Self.shape(body.value) else { throw DocumentDecoder.unknownFormat(body) }
        if shape == .error { throw Self.errorReply(body.value, url: input.envelope?.url) }
        let (units, unitsSource) = try BrightSkyUnits.resolve(envelope: input.envelope, context: input.context)
        var sources: [Int64: Source] = [:]
        var order: [Int64] = []
        for s in try body.required("sources").array() {
            let obj = try s.object()
            let (lat, lon) = try obj.coordinates(lat: "lat", lon: "lon")
            let id = try obj.required("id").integer()
            let dwd = try obj.optionalString("dwd_station_id")
            let wmo = try obj.optionalString("wmo_station_id")
            sources[id] = Source(observationType: try obj.required("observation_type").string(), latitude: lat, longitude: lon,
                                 name: try obj.optionalString("station_name"), stationID: dwd ?? wmo)
            order.append(id)
        }
        var reader = BrightSkyReader(units: units, unitsSource: unitsSource, locationHint: input.locationHint)
        var doc = DecodedDocument(format: shape == .current ? Self.currentFormat : Self.format)
        var used: Set<Int64> = []
        var skipped: [String: Int] = [:]
        if shape == .current {
            let w = try body.required("weather").object()
            let (id, source) = try Self.source(of: w, in: sources)
            doc.observations.append(try reader.current(w, source: source))
            used.insert(id)
        } else {
            let records = try body.required("weather").array()
            (reader.issued, reader.issuedSource) = input.issueTime(bodyClock: nil)
            for r in records {
                let w = try r.object()
                let (id, source) = try Self.source(of: w, in: sources)
                if source.observed {
                    doc.observations.append(try reader.observation(w, source: source))
                } else if source.observationType == "forecast" {
                    doc.forecasts.append(try reader.hour(w, source: source))
                } else {
                    skipped[source.observationType, default: 0] += 1
                    continue
                }
                used.insert(id)
            }
        }
        for (type, n) in skipped.sorted(by: { $0.key < $1.key }) {
            doc.warnings.append("skipped \(n) records of sources with observation_type '\(Sanitize.printable(type))': neither observation nor forecast")
        }
        doc.places = order.filter(used.contains).compactMap { id in
            sources[id].map { PlaceInfo(latitude: $0.latitude, longitude: $0.longitude, name: $0.name, declaredLocationID: input.locationHint) }
        }
        return doc
    }

    /// `{"detail": "…"}` (FastAPI: Bright Sky today, and Meteosource, whose error bodies have the
    /// same shape, so the envelope URL's host names the provider when there is one; a validation
    /// error's `detail` is a list of `{loc, msg, type}`) or `{"title", "description"}` (the
    /// Falcon versions of Bright Sky).
    static func errorReply(_ v: JSONValue, url: String?) -> DecodeFailure {
        let host = url?.lowercased() ?? ""
        let who = host.contains("meteosource") ? "Meteosource" : host.contains("brightsky") || v["description"] != nil ? "Bright Sky"
            : "Bright Sky or Meteosource"
        if let description = v["description"]?.string {
            return DecodeFailure(.providerError, "\(who) error \(Sanitize.printable(v["title"]?.string ?? "")): \(Sanitize.printable(description))",
                                 fieldPath: "description")
        }
        let detail = v["detail"]
        let text = detail?.string ?? detail?.elements.first?["msg"]?.string ?? String(detail?.rawText.prefix(200) ?? "")
        return DecodeFailure(.providerError, "\(who) error: \(Sanitize.printable(text))", fieldPath: "detail")
    }

    /// The `sources[]` entry a record's `source_id` names; a record naming none is the reply's fault.
    static func source(of w: Field, in sources: [Int64: Source]) throws(DecodeFailure) -> (Int64, Source) {
        let f = try w.required("source_id")
        let id = try f.integer()
        guard let s = sources[id] else {
            throw DecodeFailure(.missingField, "field '\(f.path)' = \(id) names no entry of sources[]", fieldPath: f.path)
        }
        return (id, s)
    }
}
