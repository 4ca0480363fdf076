import WeatherJSON
import WeatherCore

/// Decodes METAR station reports in JSON: the aviationweather.gov Data API
/// (`/api/data/metar?format=json`, a bare array; the 2023–25 shape writes `null`, the 2026 shape
/// omits the key) and the retired ADDS Text Data Server's XML converted to JSON by a client
/// (`{"data": {"METAR": […]}}`, every scalar a string).
///
/// Notes from the API and recorded replies (docs/PROVIDERS.md, METAR):
/// - Units are fixed: °C, knots, statute miles, inches of precipitation; Data API `altim` is hPa,
///   ADDS `altim_in_hg` inches of mercury. A trace of precipitation is `0.005` in: stored as 0 mm
///   with `precipTrace`, as climatological sums count it.
/// - `wdir` is `"VRB"` for variable wind (ADDS writes `"0"` for both calm and variable): the
///   direction is then missing.
/// - A series is keyed on `obsTime` (the observation), not `reportTime`; SPECIs are kept.
/// API: https://aviationweather.gov/data/api/
struct METARDecoder: FormatDecoder {
    static let format = "metar/observations"
    var format: String { Self.format }
    /// Station reports without MADIS quality control: truth after NWS observations of the same station.
    var products: [ProductDeclaration] { [.observed("metar", "observations", truthPriority: 20)] }

    var detectionKeys: DetectionKeys? { .arrayOrObject(["data"]) }

    func detect(_ body: JSONValue) -> Detection {
        if body.kind == .array, let first = body.elements.first {
            return first["icaoId"] != nil && first["obsTime"] != nil ? .yes : .no
        }
        guard body.kind == .object, let data = body["data"], data.kind == .object else { return .no }
        if data["METAR"] != nil { return .yes }
        return body["data_source"]?["_name"]?.string == "metars" ? .yes : .no
    }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        body.kind == .array ? "an array of reports with icaoId and obsTime (aviationweather.gov Data API)"
            : "data.METAR of an ADDS reply converted from XML"
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let body = input.body
        var reports: [METARReport] = []
        if body.value.kind == .array {
            for item in try body.array() { reports.append(try METARReport.dataAPI(item.object())) }
        } else {
            let data = try body.required("data").object()
            if let list = data.optional("METAR") {
                // x2js writes a single result as an object, several as an array.
                let items = list.value.kind == .array ? try list.array() : [try list.object()]
                for item in items { reports.append(try METARReport.adds(item.object())) }
            }
        }
        var doc = DecodedDocument(format: format)
        var seen: Set<String> = []
        var places: [String: PlaceInfo] = [:]
        for report in reports where seen.insert("\(report.stationID) \(report.observation.observedAt)").inserted {
            var o = report.observation
            o.declaredLocationID = input.locationHint
            doc.observations.append(o)
            if places[report.stationID] == nil {
                places[report.stationID] = PlaceInfo(latitude: o.latitude, longitude: o.longitude, name: o.placeName,
                                                     declaredLocationID: o.declaredLocationID)
            }
        }
        doc.places = places.keys.sorted().compactMap { places[$0] }
        return doc
    }
}
