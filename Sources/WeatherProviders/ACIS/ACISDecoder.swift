import WeatherJSON
import WeatherCore

/// Decodes RCC ACIS `StnData`: one station's `meta` and its `data` rows, each
/// `[date, value per requested element…]`, values as text ("35", "0.15", "M" missing, "T" trace).
///
/// Notes (docs/PROVIDERS.md, ACIS): the reply does not say which element a column is — the
/// request does (`elems`, in order), so the envelope's URL must keep it; units are °F and inches
/// unless the request asked for metric; `ll` is [lon, lat]; "S" and "1.23A" (a total over
/// several days) are not a day's value and are left out with a warning.
struct ACISStnDataDecoder: FormatDecoder {
    static let format = "acis/stndata"
    var format: String { Self.format }
    /// Daily extremes and totals of cooperative and first-order stations, as ACIS serves them.
    var products: [ProductDeclaration] { [.observed("acis", "stndata", truthPriority: 14, settings: ["station_time_zone"])] }

    var detectionKeys: DetectionKeys? { .object(["meta", "data"]) }

    func detect(_ body: JSONValue) -> Detection {
        guard body.kind == .object, let meta = body["meta"], meta.kind == .object, let data = body["data"], data.kind == .array else { return .no }
        guard let first = data.elements.first else { return meta["uid"] != nil ? .yes : .no }
        return first.kind == .array && first.elements.first?.kind == .string ? .yes : .no
    }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        "meta with data rows of [date, values…] (RCC ACIS StnData)"
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let request = ACISRequest(query: input.envelope?.query ?? [:])
        var doc = DecodedDocument(format: format)
        let station = ACISStation(meta: try input.body.required("meta").object(), rows: try input.body.required("data").array(),
                                  requested: request.stations.first)
        try station.decode(request: request, datedRows: true, input: input, product: "stndata", into: &doc)
        return doc
    }
}

/// Decodes RCC ACIS `MultiStnData`: `{"data": [{"meta": …, "data": rows}, …]}`, one block per
/// station, whose rows carry **no date**: the k-th row is the request's `sdate` plus k days, so
/// the envelope's URL must keep the request. A block whose meta names no station id is paired with
/// the request's `sids` by position only when the counts agree (ACIS answers in the order asked).
struct ACISMultiStnDataDecoder: FormatDecoder {
    static let format = "acis/multistndata"
    var format: String { Self.format }
    var products: [ProductDeclaration] { [.observed("acis", "multistndata", truthPriority: 16, settings: ["station_time_zone"])] }

    var detectionKeys: DetectionKeys? { .object(["data"]) }

    func detect(_ body: JSONValue) -> Detection {
        guard body.kind == .object, body["meta"] == nil, let data = body["data"], data.kind == .array,
              let first = data.elements.first, first.kind == .object else { return .no }
        return first["meta"] != nil && first["data"] != nil ? .yes : .no
    }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        "data blocks of meta and undated rows (RCC ACIS MultiStnData)"
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let request = ACISRequest(query: input.envelope?.query ?? [:])
        var doc = DecodedDocument(format: format)
        let blocks = try input.body.required("data").array()
        for (k, b) in blocks.enumerated() {
            let block = try b.object()
            let meta = try block.optional("meta")?.object()
            let pairs = meta?.optional("sids") == nil && request.stations.count == blocks.count
            let station = ACISStation(meta: meta, rows: try block.required("data").array(), requested: pairs ? request.stations[k] : nil)
            try station.decode(request: request, datedRows: false, input: input, product: "multistndata", into: &doc)
        }
        return doc
    }
}
