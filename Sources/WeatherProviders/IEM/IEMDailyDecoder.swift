import WeatherJSON
import WeatherCore

/// Decodes the Iowa Environmental Mesonet's daily summaries (`/api/1/daily.json`): one row per
/// station day, for ASOS networks computed by IEM from the observations, for CLIMATE networks
/// the NWS climate report's high, low and precipitation.
///
/// Each row is one observation at the end of its day's window (docs/PROVIDERS.md, Station
/// archives), the window read from the request URL's `network` when the envelope keeps it:
/// `*CLIMATE` is the NWS climate day (midnight to midnight local standard time), `*_ASOS` the
/// local calendar day, `*COOP` the observer's 24 hours ending at `temp_hour`. Without the
/// network, `temp_hour` decides: 24 is the climate day (the CLIMATE networks' value), 1–23 an
/// observer's reading hour, none the calendar day. Units are °F and inches; a trace is 0.0001 in.
/// Rows name the station (`station`, `id`) but no coordinates or zone: a declared location with
/// that `station` places them and gives the zone the window needs.
struct IEMDailyDecoder: FormatDecoder {
    static let format = "iem/daily"
    var format: String { Self.format }
    /// Daily extremes of a station (the NWS climate report's for CLIMATE networks).
    var products: [ProductDeclaration] { [.observed("iem", "daily", truthPriority: 18, settings: ["station_time_zone"])] }

    var detectionKeys: DetectionKeys? { .object(["data"]) }

    func detect(_ body: JSONValue) -> Detection {
        guard body.kind == .object, let data = body["data"], data.kind == .array, let first = data.elements.first else { return .no }
        return first["date"] != nil && first["station"] != nil && (first["max_tmpf"] != nil || first["precip"] != nil) ? .yes : .no
    }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        "rows with station, date and max_tmpf (IEM /api/1/daily.json daily summaries)"
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let rows = try input.body.required("data").array()
        let network = input.envelope?.query["network"]?.uppercased()
        var doc = DecodedDocument(format: format)
        var places: [String: StationPlace] = [:]
        for r in rows {
            let row = try r.object()
            let station = try row.required("station").string()
            let place: StationPlace
            if let known = places[station] { place = known } else {
                let ids = [station, try row.optionalString("id")].compactMap { $0 }
                place = try StationPlace.resolve(ids: ids, own: nil, zone: nil, input: input, what: Sanitize.printable("IEM daily station \(station)"),
                                                 fieldPath: row.path)
                places[station] = place
            }
            let dateField = try row.required("date")
            let zone = try place.requireZone(what: Sanitize.printable("IEM daily station \(station)"), fieldPath: dateField.path)
            let hour = try row.optional("temp_hour")?.integer()
            let (end, hours) = try StationDay.window(Self.kind(network: network, tempHour: hour), date: try dateField.string(), zone: zone,
                                                     fieldPath: dateField.path)
            var o = Observation(provider: "iem", product: "daily", observedAt: end, latitude: 0, longitude: 0)
            place.apply(to: &o)
            o.stationID = station
            o.placeName = try row.optionalString("name")
            o.unitsAssumed = "iem"
            o.tempMaxC = try row.optional("max_tmpf")?.archiveQuantity(Convert.fahrenheitToCelsius, Plausibility.tempC)
            o.tempMinC = try row.optional("min_tmpf")?.archiveQuantity(Convert.fahrenheitToCelsius, Plausibility.tempC)
            if o.tempMaxC != nil || o.tempMinC != nil { o.extremesWindowH = hours }
            if row.optional("tmpf_est")?.value.bool == true { o.qcFlag = "estimated" }
            if let mm = try row.optional("precip")?.archivePrecip(Convert.inchesToMm) {
                let trace = mm.trace || mm.mm == Convert.inchesToMm(IEMObHistoryDecoder.traceInches)
                o.precipMm = trace ? 0 : mm.mm
                o.precipTrace = trace
                o.precipWindowH = hours
            }
            guard o.tempMaxC != nil || o.tempMinC != nil || o.precipMm != nil else {
                doc.warnings.append("\(station) \(Sanitize.printable(try dateField.string())): every value is missing, no record")
                continue
            }
            doc.observations.append(o)
        }
        if doc.observations.isEmpty { doc.warnings.append("no daily values in this IEM daily reply") }
        return doc
    }

    /// The day a row covers (see the type's notes).
    static func kind(network: String?, tempHour: Int64?) -> StationDay.Kind {
        if let network {
            if network.hasSuffix("CLIMATE") { return .climate }
            if network.hasSuffix("_ASOS") || network.hasSuffix("_DCP") || network.hasSuffix("_RWIS") { return .calendar }
        }
        switch tempHour {
        case 24?: return network?.hasSuffix("COOP") == true ? .observer(hour: 0, minute: 0) : .climate
        case let h? where (1...23).contains(h): return .observer(hour: Int(h), minute: 0)
        default: return .calendar
        }
    }
}
