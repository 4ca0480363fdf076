import WeatherJSON
import WeatherCore

/// One station's block of an ACIS reply (`meta` and `data` rows), decoded into one observation
/// per day: the day's maximum and minimum with `extremesWindowH`, its precipitation with
/// `precipWindowH`, at the day's end (docs/PROVIDERS.md, ACIS).
///
/// The day is the station's own observation day. Its reading hour is in the reply only when the
/// request asked for it (`add: "t"`); otherwise the day is taken as the local calendar day — an
/// assumption for cooperative observers who read at 07:00 or 18:00 (docs/PROVIDERS.md).
struct ACISStation {
    var meta: Field?
    var rows: [Field]
    /// The request's station for this block, when the reply's meta names none.
    var requested: String?

    /// The spellings of the station, best first: the ids of `sids` (`"USC00214884 6"`), the request's, ACIS's `uid`.
    func ids() throws(DecodeFailure) -> [String] {
        var out: [String] = []
        if let requested { out.append(requested) }
        if let sids = meta?.optional("sids") {
            for s in try sids.array() {
                if let id = try s.string().split(separator: " ").first { out.append(String(id)) }
            }
        }
        if let uid = try meta?.optional("uid")?.integer() { out.append(String(uid)) }
        return out
    }

    /// The GHCN id (type 6) when the reply lists one, else the best spelling: the station id stored with records.
    func stationID(_ ids: [String]) throws(DecodeFailure) -> String? {
        if let sids = meta?.optional("sids") {
            for s in try sids.array() {
                let parts = try s.string().split(separator: " ")
                if parts.count == 2, parts[1] == "6" { return String(parts[0]) }
            }
        }
        return ids.first
    }

    /// The `ll` of meta: **longitude first**.
    func coordinates() throws(DecodeFailure) -> (latitude: Double, longitude: Double)? {
        guard let ll = meta?.optional("ll") else { return nil }
        let pair = try ll.array()
        guard pair.count == 2 else { throw DecodeFailure(.wrongType, "field '\(ll.path)' should be [lon, lat]", fieldPath: ll.path) }
        let lon = try pair[0].number(), lat = try pair[1].number()
        try pair[1].check(lat, Plausibility.latitude, raw: lat)
        try pair[0].check(lon, Plausibility.longitude, raw: lon)
        return (lat, lon)
    }

    /// The observations of this block. `datedRows`: rows start with their date (StnData);
    /// otherwise the k-th row is the request's start date plus k days (MultiStnData).
    func decode(request: ACISRequest, datedRows: Bool, input: DecodeInput, product: String,
                into doc: inout DecodedDocument) throws(DecodeFailure) {
        let ids = try ids()
        let name = try meta?.optionalString("name")
        let what = Sanitize.printable("ACIS station \(name ?? ids.first ?? "(unnamed)")")
        guard let elements = request.elements else {
            throw DecodeFailure(.missingField, "\(what): ACIS rows do not name their elements; keep the request (its params or elems) "
                                + "in the envelope's URL", fieldPath: meta?.path)
        }
        let place = try StationPlace.resolve(ids: ids, own: try coordinates(), zone: nil, input: input, what: what, fieldPath: meta?.path)
        let station = try stationID(ids)
        for (k, row) in rows.enumerated() {
            var cells = try Self.cells(row, elements: elements.count + (datedRows ? 1 : 0))
            let date: String
            let dateField: Field
            if datedRows {
                dateField = cells.removeFirst()
                date = try dateField.string()
            } else {
                guard let start = request.startDate, let midnight = UTCTime.parseISO8601(start + "T00:00:00Z") else {
                    throw DecodeFailure(.missingField, "\(what): MultiStnData rows carry no dates; keep the request (its sdate) in the "
                                        + "envelope's URL", fieldPath: row.path)
                }
                dateField = row
                date = UTCTime.date(midnight + Int64(k) * 86_400)
            }
            guard cells.count == elements.count else {
                throw DecodeFailure(.wrongType, "\(what): row has \(cells.count) values for \(elements.count) requested elements", fieldPath: row.path)
            }
            let zone = try place.requireZone(what: what, fieldPath: dateField.path)
            var kind = StationDay.Kind.calendar
            var values: [(ACISRequest.Element, Field)] = []
            for (element, cell) in zip(elements, cells) {
                guard cell.value.kind == .array else { values.append((element, cell)); continue }
                // `add` gives [value, flag, hour, …] in the order asked.
                let parts = try cell.array()
                guard let value = parts.first else { continue }
                values.append((element, value))
                if let t = element.add.firstIndex(of: "t"), t + 1 < parts.count, let hour = parts[t + 1].value.int, (1...24).contains(hour) {
                    kind = hour == 24 ? .climate : .observer(hour: hour, minute: 0)
                }
            }
            let (end, hours) = try StationDay.window(kind, date: date, zone: zone, fieldPath: dateField.path)
            var o = Observation(provider: "acis", product: product, observedAt: end, latitude: 0, longitude: 0)
            place.apply(to: &o)
            o.stationID = station
            o.placeName = name
            o.unitsAssumed = request.metric ? "acis-metric" : "acis"
            for (element, value) in values {
                let temp = element.metric ? Self.same : Convert.fahrenheitToCelsius
                let inches = element.metric ? Self.same : Convert.inchesToMm
                switch element.quantity {
                case .maxTemp: o.tempMaxC = try value.archiveQuantity(temp, Plausibility.tempC)
                case .minTemp: o.tempMinC = try value.archiveQuantity(temp, Plausibility.tempC)
                case .precip:
                    if let p = try value.archivePrecip(inches) {
                        o.precipMm = p.mm
                        o.precipTrace = p.trace
                        o.precipWindowH = hours
                    }
                case .other: continue
                }
            }
            if o.tempMaxC != nil || o.tempMinC != nil { o.extremesWindowH = hours }
            guard o.tempMaxC != nil || o.tempMinC != nil || o.precipMm != nil else {
                doc.warnings.append("\(what) \(date): no daily maximum, minimum or precipitation (missing, or an accumulation of later days), no record")
                continue
            }
            doc.observations.append(o)
        }
    }

    /// A value already in canonical units (metric elements).
    static func same(_ v: Double) -> Double { v }

    /// A row's cells. One requested element may come as bare values (`["0.00"]`) rather than
    /// rows of one: each is then a row of its own.
    static func cells(_ row: Field, elements: Int) throws(DecodeFailure) -> [Field] {
        row.value.kind == .array ? try row.array() : [row]
    }
}
