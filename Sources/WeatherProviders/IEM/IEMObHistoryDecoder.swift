import WeatherJSON
import WeatherCore

/// Decodes the Iowa Environmental Mesonet's hourly ASOS history (`/api/1/obhistory.json`): one
/// local day of a station's METARs, as pandas writes a table (`{"schema": …, "data": [rows]}`).
///
/// Notes from the service's source and a recorded reply (docs/PROVIDERS.md, IEM):
/// - Units are fixed: °F, knots, statute miles, inches, inches of mercury (`alti`, stored as
///   hPa like the METAR decoder's altimeter); missing is `null`; a trace of precipitation is
///   `0.0001` in (stored as 0 mm with `precipTrace`).
/// - `utc_valid` is the instant; `local_valid` the station's wall clock (their difference is
///   the UTC offset). The reply names neither the station nor its coordinates: the station is
///   the METAR's id in `raw` (else the request URL's `station`) and is placed by a declared
///   location with that `station`, or by the input's `place`.
/// - `p01i` is the precipitation since the last routine (hourly) report: a 1-hour total on
///   routine reports, a shorter one on specials, whose window is counted from the routine report
///   before them.
struct IEMObHistoryDecoder: FormatDecoder {
    static let format = "iem/obhistory"
    var format: String { Self.format }
    /// Raw METARs as IEM archived them: truth after the MADIS-checked NWS and aviationweather.gov reports.
    var products: [ProductDeclaration] { [.observed("iem", "obhistory", truthPriority: 21)] }

    var detectionKeys: DetectionKeys? { .object(["data"]) }

    func detect(_ body: JSONValue) -> Detection {
        guard body.kind == .object, let data = body["data"], data.kind == .array else { return .no }
        guard let first = data.elements.first else { return body["schema"]?["fields"] != nil ? .likely(0.3) : .no }
        return first["utc_valid"] != nil && (first["tmpf"] != nil || first["raw"] != nil) ? .yes : .no
    }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        "rows with utc_valid and tmpf (IEM /api/1/obhistory.json, a table of one local day)"
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let rows = try input.body.required("data").array()
        var doc = DecodedDocument(format: format)
        guard !rows.isEmpty else {
            doc.warnings.append("no observations in this obhistory reply")
            return doc
        }
        let urlStation = input.envelope?.query["station"]
        var read: [(row: Field, at: Int64)] = []
        for r in rows {
            let row = try r.object()
            read.append((row, try row.required("utc_valid").isoInstantValue()))
        }
        // The routine minute: most reports of the day are at it (:51 for most ASOS).
        var minutes: [Int64: Int] = [:]
        for r in read { minutes[(r.at % 3600) / 60, default: 0] += 1 }
        let routine = minutes.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key
        var places: [String: StationPlace] = [:]
        var lastRoutine: Int64?
        var seen: Set<Int64> = []
        for (row, at) in read.sorted(by: { $0.at < $1.at }) {
            let icao = try Self.icao(row)
            let ids = [icao, urlStation].compactMap { $0 }
            let key = ids.first ?? ""
            let place: StationPlace
            if let known = places[key] { place = known } else {
                place = try StationPlace.resolve(ids: ids, own: nil, zone: nil, input: input,
                                                 what: Sanitize.printable("IEM obhistory station \(key.isEmpty ? "(unnamed)" : key)"), fieldPath: row.path)
                places[key] = place
            }
            let isRoutine = (at % 3600) / 60 == routine
            defer { if isRoutine { lastRoutine = at } }
            guard seen.insert(at).inserted else { continue }
            var o = Observation(provider: "iem", product: "obhistory", observedAt: at, latitude: 0, longitude: 0)
            place.apply(to: &o)
            o.stationID = icao ?? urlStation
            o.unitsAssumed = "iem"
            if let local = try row.optionalString("local_valid"), let wall = UTCTime.parseISO8601(local, assumingOffset: 0) {
                let offset = Int(wall - at)
                if abs(offset) <= 14 * 3600 { o.utcOffsetSeconds = offset }
            }
            o.tempC = try row.quantity("tmpf", Convert.fahrenheitToCelsius, Plausibility.tempC)
            o.dewPointC = try row.quantity("dwpf", Convert.fahrenheitToCelsius, Plausibility.dewPointC)
            o.feelsLikeC = try row.quantity("feel", Convert.fahrenheitToCelsius, Plausibility.feelsLikeC)
            o.humidityPct = try row.quantity("relh", { $0 }, Plausibility.humidityPct)
            o.windSpeedMs = try row.quantity("sknt", Convert.knotsToMs, Plausibility.windSpeedMs)
            o.windGustMs = try row.quantity("gust", Convert.knotsToMs, Plausibility.windGustMs)
            o.windDirDeg = try row.quantity("drct", { $0 }, Plausibility.windDirDeg)
            o.visibilityM = try row.quantity("vsby", Convert.milesToMetres, Plausibility.visibilityM)
            o.pressureHpa = try row.quantity("alti", Convert.inHgToHPa, Plausibility.pressureHpa)
            o.tempMax6hC = try row.quantity("max_tmpf_6hr", Convert.fahrenheitToCelsius, Plausibility.tempC)
            o.tempMin6hC = try row.quantity("min_tmpf_6hr", Convert.fahrenheitToCelsius, Plausibility.tempC)
            if let mm = try row.quantity("p01i", Convert.inchesToMm, Plausibility.precipMm) {
                let window: Double? = isRoutine ? 1 : lastRoutine.flatMap { at - $0 <= 3600 ? Double(at - $0) / 3600 : nil }
                if let window {
                    o.precipWindowH = window
                    if mm == Convert.inchesToMm(Self.traceInches) { o.precipMm = 0; o.precipTrace = true } else { o.precipMm = mm }
                } else {
                    doc.warnings.append("p01i at \(UTCTime.iso8601(at)) is left out: a special report's total whose routine report is not in this reply")
                }
            }
            doc.observations.append(o)
        }
        return doc
    }

    /// A trace of precipitation in IEM's JSON services.
    static let traceInches = 0.0001

    /// The METAR's station (`KNYC` in `KNYC 140451Z …`), when `raw` holds one.
    static func icao(_ row: Field) throws(DecodeFailure) -> String? {
        guard let raw = try row.optionalString("raw") else { return nil }
        var words = raw.split(separator: " ")[...]
        if words.first == "METAR" || words.first == "SPECI" { words = words.dropFirst() }
        guard let id = words.first, (3...5).contains(id.count), id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
        return String(id)
    }
}
