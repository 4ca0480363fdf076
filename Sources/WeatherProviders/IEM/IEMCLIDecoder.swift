import WeatherJSON
import WeatherCore

/// Decodes the NWS daily climate reports (CLI) as the Iowa Environmental Mesonet serves them
/// (`/json/cli.py`, `/api/1/nws/cli.json`): `{"results": [{station, valid, high, low, precip, …}]}`.
///
/// The CLI is the official daily high, low and precipitation of a first-order station. Its day
/// (`valid`) is the NWS climate day, midnight to midnight local standard time all year, so in
/// summer it ends at 01:00 local daylight time: each row is one observation at that end, with a
/// 24-hour window. Values are numbers, or the strings "M" (missing) and "T" (trace) in the same
/// fields (docs/PROVIDERS.md, IEM). Rows name the station (`KNYC`) and its name, no coordinates:
/// a declared location with that `station` places them and gives the zone.
struct IEMCLIDecoder: FormatDecoder {
    static let format = "iem/cli"
    var format: String { Self.format }
    /// The NWS's own quality-controlled daily report: the first station truth for a day's extremes.
    var products: [ProductDeclaration] { [.observed("iem", "cli", truthPriority: 11, settings: ["station_time_zone"])] }

    var detectionKeys: DetectionKeys? { .object(["results"]) }

    func detect(_ body: JSONValue) -> Detection {
        guard body.kind == .object, let results = body["results"], results.kind == .array, let first = results.elements.first else { return .no }
        return first["valid"] != nil && first["station"] != nil && (first["high"] != nil || first["precip"] != nil) ? .yes : .no
    }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        "results with station, valid, high and low (NWS climate reports from IEM /json/cli.py)"
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        var doc = DecodedDocument(format: format)
        var places: [String: StationPlace] = [:]
        for r in try input.body.required("results").array() {
            let row = try r.object()
            let station = try row.required("station").string()
            let place: StationPlace
            if let known = places[station] { place = known } else {
                place = try StationPlace.resolve(ids: [station], own: nil, zone: nil, input: input, what: Sanitize.printable("CLI station \(station)"),
                                                 fieldPath: row.path)
                places[station] = place
            }
            let valid = try row.required("valid")
            let zone = try place.requireZone(what: Sanitize.printable("CLI station \(station)"), fieldPath: valid.path)
            let (end, hours) = try StationDay.window(.climate, date: try valid.string(), zone: zone, fieldPath: valid.path)
            var o = Observation(provider: "iem", product: "cli", observedAt: end, latitude: 0, longitude: 0)
            place.apply(to: &o)
            o.stationID = station
            o.placeName = try row.optionalString("name")
            o.unitsAssumed = "iem"
            o.tempMaxC = try row.optional("high")?.archiveQuantity(Convert.fahrenheitToCelsius, Plausibility.tempC)
            o.tempMinC = try row.optional("low")?.archiveQuantity(Convert.fahrenheitToCelsius, Plausibility.tempC)
            if o.tempMaxC != nil || o.tempMinC != nil { o.extremesWindowH = hours }
            if let p = try row.optional("precip")?.archivePrecip(Convert.inchesToMm) {
                o.precipMm = p.mm
                o.precipTrace = p.trace
                o.precipWindowH = hours
            }
            guard o.tempMaxC != nil || o.tempMinC != nil || o.precipMm != nil else {
                doc.warnings.append("\(station) \(Sanitize.printable(try valid.string())): every value is missing, no record")
                continue
            }
            doc.observations.append(o)
        }
        if doc.observations.isEmpty { doc.warnings.append("no daily values in this CLI reply") }
        return doc
    }
}
