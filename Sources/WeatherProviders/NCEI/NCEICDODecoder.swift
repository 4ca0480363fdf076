import WeatherJSON
import WeatherCore

/// Decodes NOAA NCEI's Climate Data Online v2 data (`/cdo-web/api/v2/data?datasetid=GHCND…`):
/// `{"metadata": {"resultset": …}, "results": [{date, datatype, station, attributes, value}]}`,
/// one row per station, date and element. `TMAX`, `TMIN` and `PRCP` of a station day become one
/// observation at the end of its window (`GHCNDay`); other elements (`SNOW`, `SNWD`, `TOBS` …)
/// are not read. `station` is `GHCND:USC00200230`; the reply has no coordinates, so a declared
/// location with that `station` (with or without the `GHCND:` prefix) places it.
struct NCEICDODecoder: FormatDecoder {
    static let format = "ncei/cdo"
    var format: String { Self.format }
    /// GHCN-Daily after NCEI's quality control: the station truth right after the NWS climate report.
    var products: [ProductDeclaration] { [.observed("ncei", "cdo", truthPriority: 12, settings: ["station_time_zone"])] }

    var detectionKeys: DetectionKeys? { .object(["results"]) }

    func detect(_ body: JSONValue) -> Detection {
        guard body.kind == .object, let results = body["results"], results.kind == .array, let first = results.elements.first else { return .no }
        return first["datatype"] != nil && first["station"] != nil && first["date"] != nil ? .yes : .no
    }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        "results with date, datatype, station and value (NCEI Climate Data Online v2)"
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let units = GHCNDay.Units(query: input.envelope?.query ?? [:])
        var doc = DecodedDocument(format: format)
        var groups: [String: [GHCNDay.Value]] = [:]
        var order: [(station: String, date: String)] = []
        for r in try input.body.required("results").array() {
            let row = try r.object()
            let station = try row.required("station").string()
            let dateField = try row.required("date")
            let date = String(try dateField.string().prefix(10))
            let attributes = GHCNDay.attributes(try row.optionalString("attributes"))
            let key = station + " " + date
            if groups[key] == nil { order.append((station, date)) }
            groups[key, default: []].append(GHCNDay.Value(datatype: try row.required("datatype").string().uppercased(),
                                                          field: try row.required("value"), trace: attributes.trace,
                                                          qualityFlag: attributes.quality, observationTime: attributes.time))
        }
        var places: [String: StationPlace] = [:]
        for (station, date) in order {
            let plain = String(station.split(separator: ":").last ?? Substring(station))
            let what = Sanitize.printable("NCEI station \(station)")
            let place: StationPlace
            if let known = places[station] { place = known } else {
                place = try StationPlace.resolve(ids: [station, plain], own: nil, zone: nil, input: input, what: what)
                places[station] = place
            }
            try GHCNDay.observations(station: plain, date: date, values: groups[station + " " + date] ?? [], place: place, units: units,
                                     provider: "ncei", product: "cdo", what: what, doc: &doc)
        }
        if doc.observations.isEmpty { doc.warnings.append("no TMAX, TMIN or PRCP values in this CDO reply") }
        return doc
    }
}
