import WeatherJSON
import WeatherCore

/// Decodes Weather Underground (The Weather Company) personal weather station observations:
/// `/v2/pws/observations/current` (`{"observations": [ … ]}`, one record per station).
///
/// Notes from the API and recorded replies (docs/PROVIDERS.md, Weather Underground PWS):
/// - `epoch` is Unix seconds, `obsTimeUtc` the same instant in ISO 8601; `obsTimeLocal` is the
///   station's wall clock without an offset, and the reply names no zone.
/// - The values sit in a block named after the unit system asked for (`imperial`, `metric`,
///   `metric_si`, `uk_hybrid`, `WUPWSUnits`); `humidity`, `winddir`, `uv` are outside it.
/// - `precipTotal` is the rain since local midnight: stored as `precip_mm` over the hours from
///   midnight on the station's wall clock (`obsTimeLocal`) to the reading. `precipRate` is a rate.
/// - `qcStatus` is TWC's quality check of the reading: 1 passed, −1 not checked, 0 flagged as
///   possibly incorrect. It is stored as `qc_flag`. A flagged reading is kept, under the product
///   `pws_flagged`, which is never the truth unless a pipeline names it in `reference`: a value
///   TWC itself doubts must not decide a day's score.
/// - Each station is a truth source of its own (`station_id` = `stationID`, e.g. `IHERNE113`).
/// - Error replies are api.weather.com's `{"errors": [...], "success": false}`, read as
///   `provider_error` rejects by `TWCDecoder` (the same servers answer both APIs).
/// API: https://docs.google.com/document/d/1eKCnKXI9xnoMGRRzOL1xPCBihNV2rOet08qpE_gArAY (TWC PWS current conditions v2)
struct WUPWSDecoder: FormatDecoder {
    static let format = "wu/pws"
    static let provider = "wu"
    static let product = "pws"
    static let flaggedProduct = "pws_flagged"
    var format: String { Self.format }
    /// Uncalibrated backyard stations: truth after the official stations (NWS, METAR), and the
    /// one of the PWS networks that quality-checks its readings first among them.
    var products: [ProductDeclaration] {
        [.observed(Self.provider, Self.product, truthPriority: 24), .nowcast(Self.provider, Self.flaggedProduct)]
    }

    /// `{"observations": []}` alone is a station with no reading in the last hour ("Data
    /// Expired"): recognised, with no records, when no other format claims it.
    var detectionKeys: DetectionKeys? { .object(["observations"]) }

    func detect(_ body: JSONValue) -> Detection {
        guard body.kind == .object, let list = body["observations"], list.kind == .array else { return .no }
        guard let first = list.elements.first else { return body.keys == ["observations"] ? .likely(0.5) : .no }
        return first["stationID"] != nil && (first["epoch"] != nil || first["obsTimeUtc"] != nil) ? .yes : .no
    }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        "observations[] with stationID, obsTimeUtc and a unit block (Weather Underground PWS /v2/pws/observations/current)"
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        var doc = DecodedDocument(format: format)
        var seen: Set<String> = []
        let items = try input.body.required("observations").array()
        if items.isEmpty { doc.warnings.append("no observations: the station reported nothing in the hour before the request") }
        for item in items {
            var o = try Self.observation(try item.object())
            o.declaredLocationID = input.locationHint
            guard seen.insert("\(o.stationID ?? "") \(o.observedAt)").inserted else { continue }
            doc.observations.append(o)
            doc.places.append(PlaceInfo(latitude: o.latitude, longitude: o.longitude, name: o.placeName, country: o.country,
                                        declaredLocationID: input.locationHint))
        }
        return doc
    }

    static func observation(_ f: Field) throws(DecodeFailure) -> Observation {
        let observedAt: Int64
        if let epoch = try f.instant("epoch") { observedAt = epoch } else { observedAt = try f.requiredISOInstant("obsTimeUtc") }
        let (lat, lon) = try f.coordinates(lat: "lat", lon: "lon")
        let qc = try f.optional("qcStatus")?.integer()
        var o = Observation(provider: provider, product: qc == 0 ? flaggedProduct : product, observedAt: observedAt,
                            latitude: lat, longitude: lon)
        let station = try f.required("stationID").string()
        guard !station.isEmpty else { throw DecodeFailure(.missingField, "field '\(f.childPath("stationID"))' is empty", fieldPath: f.childPath("stationID")) }
        o.stationID = station
        o.qcFlag = qc.map(String.init)
        o.placeName = try f.optionalString("neighborhood").flatMap { $0.isEmpty ? nil : $0 }
        o.country = try f.optionalString("country").flatMap { $0.isEmpty ? nil : $0 }
        o.humidityPct = try f.quantity("humidity", { $0 }, Plausibility.humidityPct)
        o.windDirDeg = try f.quantity("winddir", { $0 }, Plausibility.windDirDeg)
        o.uvIndex = try f.quantity("uv", { $0 }, Plausibility.uvIndex)
        let present = WUPWSUnits.allCases.filter { f.optional($0.rawValue) != nil }
        guard let units = present.first else {
            throw DecodeFailure(.missingField, "no unit block (metric, imperial, metric_si or uk_hybrid) in '\(f.path)'", fieldPath: f.path)
        }
        guard present.count == 1 else {
            throw DecodeFailure(.wrongType, "'\(f.path)' holds several unit blocks (\(present.map(\.rawValue).joined(separator: ", "))): which one is the reading's is not said",
                                fieldPath: f.path)
        }
        let b = try f.required(units.rawValue).object()
        let assumption = "the \(units.rawValue) block"
        o.tempC = try b.quantity("temp", units.celsius, Plausibility.tempC, assumption: assumption)
        o.dewPointC = try b.quantity("dewpt", units.celsius, Plausibility.dewPointC, assumption: assumption)
        let windChill = try b.quantity("windChill", units.celsius, Plausibility.feelsLikeC, assumption: assumption)
        let heatIndex = try b.quantity("heatIndex", units.celsius, Plausibility.feelsLikeC, assumption: assumption)
        o.feelsLikeC = feelsLike(temp: o.tempC, windChill: windChill, heatIndex: heatIndex)
        o.windSpeedMs = try b.quantity("windSpeed", units.metresPerSecond, Plausibility.windSpeedMs, assumption: assumption)
        o.windGustMs = try b.quantity("windGust", units.metresPerSecond, Plausibility.windGustMs, assumption: assumption)
        o.pressureHpa = try b.quantity("pressure", units.hectopascals, Plausibility.pressureHpa, assumption: assumption)
        o.precipRateMmh = try b.quantity("precipRate", units.millimetres, Plausibility.precipRateMmh, assumption: assumption)
        if let total = try b.quantity("precipTotal", units.millimetres, Plausibility.precipMm, assumption: assumption),
           let hours = try hoursSinceWallClockMidnight(f) {
            o.precipMm = total
            o.precipWindowH = hours
        }
        o.unitsAssumed = units.rawValue
        o.unitsSource = .unitsBlock
        return o
    }

    /// The wind chill when it is below the air temperature, else the heat index when above it,
    /// else the temperature: the station sends both, and only one of them departs from the air.
    static func feelsLike(temp: Double?, windChill: Double?, heatIndex: Double?) -> Double? {
        if let t = temp, let w = windChill, w < t { return w }
        if let t = temp, let h = heatIndex, h > t { return h }
        return temp ?? windChill ?? heatIndex
    }

    /// Hours since midnight on the station's wall clock (`obsTimeLocal` "YYYY-MM-DD HH:MM:SS"):
    /// the reply names no zone, so across a DST change that night the window is an hour off.
    /// Nil without `obsTimeLocal` (the counter is then not stored: its window is unknown).
    static func hoursSinceWallClockMidnight(_ f: Field) throws(DecodeFailure) -> Double? {
        guard let field = f.optional("obsTimeLocal") else { return nil }
        let text = try field.string()
        guard let wall = UTCTime.parseISO8601(text, assumingOffset: 0) else {
            throw DecodeFailure(.wrongType, "field '\(field.path)' is not a local time \"YYYY-MM-DD HH:MM:SS\": \(Sanitize.printable(String(text.prefix(40))))",
                                fieldPath: field.path)
        }
        let seconds = ((wall % 86400) + 86400) % 86400
        return Double(seconds) / 3600
    }
}
