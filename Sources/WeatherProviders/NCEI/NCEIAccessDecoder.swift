import WeatherJSON
import WeatherCore

/// Decodes NOAA NCEI's Access Data Service (`/access/services/data/v1?dataset=daily-summaries
/// &format=json`): a bare array of station days, `{"DATE", "STATION", "TMAX", "TMIN", "PRCP", …}`,
/// **every value a string**, space-padded GHCN-D integers in tenths unless `units` was asked
/// (`"  200"` is 20.0 °C), with `TMAX_ATTRIBUTES` etc. (`MFLAG,QFLAG,SFLAG,TIME`) when the request
/// included attributes, and `LATITUDE`/`LONGITUDE` when it included the station's location
/// (otherwise a declared location with that `station` places it). See `GHCNDay`.
struct NCEIAccessDecoder: FormatDecoder {
    static let format = "ncei/access"
    var format: String { Self.format }
    var products: [ProductDeclaration] { [.observed("ncei", "access", truthPriority: 13, settings: ["station_time_zone"])] }

    var detectionKeys: DetectionKeys? { .arrayOrObject() }

    func detect(_ body: JSONValue) -> Detection {
        guard body.kind == .array, let first = body.elements.first, first.kind == .object else { return .no }
        return first["DATE"] != nil && first["STATION"] != nil ? .yes : .no
    }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        "an array of rows with DATE and STATION (NCEI Access Data Service daily-summaries)"
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let units = GHCNDay.Units(query: input.envelope?.query ?? [:])
        var doc = DecodedDocument(format: format)
        var places: [String: StationPlace] = [:]
        for r in try input.body.array() {
            let row = try r.object()
            let station = try row.required("STATION").string().trimmingCharacters(in: .whitespaces)
            let date = String(try row.required("DATE").string().prefix(10))
            let what = Sanitize.printable("NCEI station \(station)")
            let place: StationPlace
            if let known = places[station] { place = known } else {
                place = try StationPlace.resolve(ids: [station], own: try Self.coordinates(row), zone: nil, input: input, what: what,
                                                 fieldPath: row.path)
                places[station] = place
            }
            var values: [GHCNDay.Value] = []
            for datatype in ["TMAX", "TMIN", "PRCP"] {
                guard let field = row.optional(datatype) else { continue }
                let a = GHCNDay.attributes(try row.optionalString(datatype + "_ATTRIBUTES"))
                values.append(GHCNDay.Value(datatype: datatype, field: field, trace: a.trace, qualityFlag: a.quality, observationTime: a.time))
            }
            try GHCNDay.observations(station: station, date: date, values: values, place: place, units: units,
                                     provider: "ncei", product: "access", what: what, doc: &doc)
        }
        if doc.observations.isEmpty { doc.warnings.append("no TMAX, TMIN or PRCP values in this Access Data Service reply") }
        return doc
    }

    /// `LATITUDE`/`LONGITUDE` (strings or numbers) when the request included the station's location.
    static func coordinates(_ row: Field) throws(DecodeFailure) -> (latitude: Double, longitude: Double)? {
        guard let la = row.optional("LATITUDE"), let lo = row.optional("LONGITUDE") else { return nil }
        func number(_ f: Field) throws(DecodeFailure) -> Double {
            if let s = f.value.string, let v = Double(s.trimmingCharacters(in: .whitespaces)) { return v }
            return try f.number()
        }
        let lat = try number(la), lon = try number(lo)
        try la.check(lat, Plausibility.latitude, raw: lat)
        try lo.check(lon, Plausibility.longitude, raw: lon)
        return (lat, lon)
    }
}
