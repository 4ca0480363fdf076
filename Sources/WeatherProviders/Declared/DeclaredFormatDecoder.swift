import WeatherJSON
import WeatherCore

/// The generic decoder of a format file (`DeclaredFormat`, docs/FORMATS.md): the records at the
/// declared path, each with its time, place and values converted from the declared units and
/// checked as every built-in decoder checks them (`Field.quantityValue`: implausible values are
/// set aside, a quantity with none plausible rejects the document).
///
/// Consulted only when no built-in decoder recognises a body (`DecoderRegistry.decoder(for:)`),
/// so a format file cannot take replies away from the decoder written for them.
struct DeclaredFormatDecoder: FormatDecoder {
    let declared: DeclaredFormat

    var format: String { declared.name }

    /// Declared without a truth priority: a declared format's observations rank after every
    /// built-in product (undeclared products come after the declared ones, by name).
    var products: [ProductDeclaration] {
        [ProductDeclaration(provider: declared.provider, product: declared.product, role: declared.role == .forecast ? .forecast : .observed)]
    }

    func detect(_ body: JSONValue) -> Detection {
        guard body.kind == .object else { return .no }
        return declared.match.allSatisfy { body[$0] != nil } ? .yes : .no
    }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        "declared format from \(declared.file): the keys \(declared.match.joined(separator: ", "))"
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let document = try input.body.object()
        let records = try self.records(document)
        var doc = DecodedDocument(format: declared.name)
        var reader = DeclaredTimeReader(declared.time)
        var seen: [String: Int] = [:]
        var places: [String: PlaceInfo] = [:]
        var placeOrder: [String] = []
        let issue = declared.role == .forecast ? try issueTime(input, document: document) : nil
        for (k, record) in records.enumerated() {
            let (t, offset) = try reader.read(record: record, document: document)
            let place = try self.place(record: record, document: document, input: input)
            let key = "\(place.id ?? "") \(t)"
            if let first = seen[key] {
                doc.warnings.append("record \(k) (\(record.path)) repeats the place and time of record \(first): the first is kept")
                continue
            }
            seen[key] = k
            let placeKey = "\(place.id ?? "") \(place.latitude) \(place.longitude)"
            if places[placeKey] == nil {
                placeOrder.append(placeKey)
                places[placeKey] = PlaceInfo(latitude: place.latitude, longitude: place.longitude, name: place.name, country: place.country,
                                             timeZone: place.timeZone, utcOffsetSeconds: offset, declaredLocationID: place.id)
            }
            if let issue {
                doc.forecasts.append(try forecast(record: record, document: document, time: t, offset: offset, place: place, issue: issue))
            } else {
                doc.observations.append(try observation(record: record, document: document, time: t, offset: offset, place: place))
            }
        }
        // Each place once, with its name and zone: forecasts carry neither, so the location learns them here.
        doc.places = placeOrder.compactMap { places[$0] }
        return doc
    }

    /// The records: the array at the declared path, or the document itself (`$`).
    func records(_ document: Field) throws(DecodeFailure) -> [Field] {
        if declared.records.steps.isEmpty { return [document] }
        guard let f = declared.records.resolve(record: document, document: document) else {
            let path = declared.records.missingPath(record: document, document: document)
            throw DecodeFailure(.missingField, "required field '\(path)' (the declared records) is missing", fieldPath: path)
        }
        return try f.array().map { item throws(DecodeFailure) in try item.object() }
    }

    struct Place {
        var id: String?
        var latitude, longitude: Double
        var name, country, timeZone: String?
    }

    /// Where a record is: the declared paths, else the input's `place` setting.
    func place(record: Field, document: Field, input: DecodeInput) throws(DecodeFailure) -> Place {
        let l = declared.location
        func text(_ path: DeclaredPath?) throws(DecodeFailure) -> String? {
            guard let path, let f = path.resolve(record: record, document: document) else { return nil }
            if let n = f.value.number { return SettingNumber.text(n) }
            return try f.string()
        }
        func coordinate(_ c: DeclaredLocation.Coordinate, _ range: Plausibility.Range) throws(DecodeFailure) -> Double {
            switch c {
            case .fixed(let v): return v
            case .path(let path):
                guard let f = path.resolve(record: record, document: document) else {
                    let p = path.missingPath(record: record, document: document)
                    throw DecodeFailure(.missingField, "required field '\(p)' (the declared \(range.field)) is missing", fieldPath: p)
                }
                let v = try f.number()
                try f.check(v, range, raw: v)
                return v
            }
        }
        let lat: Double, lon: Double
        if let la = l.latitude, let lo = l.longitude {
            lat = try coordinate(la, Plausibility.latitude)
            lon = try coordinate(lo, Plausibility.longitude)
        } else if let p = input.context.settings.place {
            (lat, lon) = (p.latitude, p.longitude)
        } else {
            throw DecodeFailure(.missingField, "the format \(declared.name) (\(declared.file)) declares no location.lat and location.lon, "
                                + "and the input sets no place (\"place\" in a pipeline input, --place LAT,LON)")
        }
        var zone = try text(l.timeZone).flatMap(DayWindow.usableZone)
        if zone == nil { zone = declared.time.zone }
        let id = try text(l.id)
        return Place(id: input.locationHint ?? id, latitude: lat, longitude: lon, name: try text(l.name), country: try text(l.country),
                     timeZone: zone)
    }

    func observation(record: Field, document: Field, time: Int64, offset: Int?, place: Place) throws(DecodeFailure) -> Observation {
        var o = Observation(provider: declared.provider, product: declared.product, observedAt: time, latitude: place.latitude, longitude: place.longitude)
        o.declaredLocationID = place.id
        o.placeName = place.name
        o.country = place.country
        o.timeZone = place.timeZone
        o.utcOffsetSeconds = offset
        for value in declared.values {
            guard let f = value.path.resolve(record: record, document: document) else { continue }
            if let text = DeclaredColumns.observationText[value.column] {
                o[keyPath: text.keyPath] = try textValue(f)
            } else if let measure = DeclaredColumns.observation[value.column] {
                guard let v = try quantity(f, value, measure.range) else { continue }
                o[keyPath: measure.property] = v
                if let window = DeclaredColumns.observationWindows[value.column] { o[keyPath: window.property.keyPath] = value.periodHours }
            }
        }
        return o
    }

    func forecast(record: Field, document: Field, time: Int64, offset: Int?, place: Place,
                  issue: (Int64, IssueTimeSource)) throws(DecodeFailure) -> Forecast {
        let (from, to, at, date) = try period(time: time, offset: offset, zone: place.timeZone, field: record)
        var f = Forecast(provider: declared.provider, product: declared.product, latitude: place.latitude, longitude: place.longitude,
                         issuedAt: issue.0, issuedAtSource: issue.1, period: declared.period?.length ?? .hour, validFrom: from, validTo: to, validAt: at)
        f.declaredLocationID = place.id
        f.targetDate = date
        if declared.period?.length == .day, to - from != 86_400 { f.periodHours = Double(to - from) / 3600 }
        for value in declared.values {
            guard let field = value.path.resolve(record: record, document: document) else { continue }
            if let text = DeclaredColumns.forecastText[value.column] {
                f[keyPath: text.keyPath] = try textValue(field)
            } else if let measure = DeclaredColumns.forecast[value.column] {
                guard let v = try quantity(field, value, measure.range) else { continue }
                f[keyPath: measure.property] = v
            }
        }
        return f
    }

    /// A value converted from its declared unit and checked (set aside when implausible).
    func quantity(_ f: Field, _ value: DeclaredValue, _ range: Plausibility.Range) throws(DecodeFailure) -> Double? {
        let convert = value.unit.flatMap { DeclaredUnit.conversion($0, for: value.column) } ?? { $0 }
        return try f.quantityValue(convert, range, assumption: value.unit.map { "converted from \($0), as \(declared.file) declares" })
    }

    func textValue(_ f: Field) throws(DecodeFailure) -> String {
        if let n = f.value.number { return SettingNumber.text(n) }
        return try f.string()
    }

    /// The bounds of a record's period, the instant its point values refer to and, for a day,
    /// the local date: a day is the local day (by the place's zone, else the offset, else UTC)
    /// that contains the time, or that ends at it when the time marks the period's end.
    func period(time t: Int64, offset: Int?, zone: String?, field: Field) throws(DecodeFailure) -> (Int64, Int64, Int64, String?) {
        guard let period = declared.period else { return (t, t + 3600, t, nil) }
        if period.length == .day {
            let inside = period.marks == .end ? t - 1 : t
            let date = LocalTime.date(of: inside, zone: zone, fixedOffset: offset)
            let bounds = try DayWindow.bounds(of: date, zone: zone, offset: offset, fieldPath: field.path)
            return (bounds.from, bounds.to, bounds.from, date)
        }
        let seconds = DeclaredPeriod.lengths.first { $0.period == period.length }?.seconds ?? 3600
        switch period.marks {
        case .start: return (t, t + seconds, t, nil)
        case .end: return (t - seconds, t, t, nil)
        case .instant: return (t - seconds / 2, t + seconds / 2, t, nil)
        }
    }

    /// The issue time: the document's own (`issued`) when the format names one — the provider
    /// saying when it issued the forecast, stronger than a collector's fetch time — else the
    /// precedence of every decoder (envelope, file name, modification time, ingest time). An
    /// input that forces a source (`issued_at`) is obeyed as for every format.
    func issueTime(_ input: DecodeInput, document: Field) throws(DecodeFailure) -> (Int64, IssueTimeSource) {
        var stated: Int64?
        if let issued = declared.issued {
            var reader = DeclaredTimeReader(issued)
            stated = try reader.read(record: document, document: document).instant
        }
        if input.context.issuedAtSource == nil, let stated { return (stated, .body) }
        return input.issueTime(bodyClock: stated)
    }
}
