import WeatherJSON
import WeatherCore

/// Decodes Meteosource replies (https://www.meteosource.com/documentation; the facts beyond
/// the replies come from the vendor's SDK, pymeteosource).
///
/// - `/point` (`meteosource/point`): `current` is the model's state now → an observation of
///   role **nowcast**, at the reply's clock (the first `minutely` step, else the issue time);
///   `hourly.data[]` are hours from `date`, `daily.data[]` local days (`day`) from their
///   `all_day` block; `minutely` (precipitation only, rate or amount not documented) and
///   `alerts` are not read.
/// - `/time_machine` (`meteosource/timemachine`): `data[]` hours of the past → **observed**,
///   a model-based history (truth priority 57, among the history products after Dark Sky's and Pirate Weather's
///   Time Machine and before the reanalyses).
/// - `date` and `day` are naive local strings in the reply's `timezone` (the request's, or
///   the point's own zone when none was asked); a reply without one takes the envelope URL's
///   `timezone=`, else it is a `missing_field` reject: the machine's zone is never assumed.
/// - `lat`/`lon` are strings with a hemisphere letter ("51.50853N", "0.12574W").
/// - Units: the reply's `units` when echoed, else the envelope URL's `units=`, else the
///   input's `units`, else metric (`MeteosourceUnits`). PoP (`probability.precipitation`) is 0–100.
/// - Error bodies `{"detail": …}` are read by `BrightSkyDecoder` (the same shape).
struct MeteosourceDecoder: FormatDecoder {
    static let format = "meteosource/point"
    static let timeMachineFormat = "meteosource/timemachine"
    var format: String { Self.format }
    var products: [ProductDeclaration] {
        [.nowcast(MeteosourceReader.provider, "point", settings: ["units"]), .forecast(MeteosourceReader.provider, "point", settings: ["units"]),
         .observed(MeteosourceReader.provider, "timemachine", truthPriority: 57, settings: ["units"])]
    }

    enum Shape { case point, timeMachine }

    static func shape(_ body: JSONValue) -> Shape? {
        guard body.kind == .object, let lat = body["lat"]?.string, let lon = body["lon"]?.string,
              hemisphere(lat, positive: "N", negative: "S") != nil, hemisphere(lon, positive: "E", negative: "W") != nil else { return nil }
        if let data = body["data"], data.kind == .array { return .timeMachine }
        if ["current", "minutely", "hourly", "daily"].contains(where: { body[$0] != nil }) { return .point }
        return nil
    }

    /// "51.50853N" → 51.50853, "0.12574W" → −0.12574.
    static func hemisphere(_ text: String, positive: Character, negative: Character) -> Double? {
        guard let last = text.last, last == positive || last == negative, let v = Double(text.dropLast()), v >= 0 else { return nil }
        return last == positive ? v : -v
    }

    var detectionKeys: DetectionKeys? { .object(["lat", "lon"]) }

    func detect(_ body: JSONValue) -> Detection { Self.shape(body) == nil ? .no : .yes }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        document.format == Self.timeMachineFormat ? "data[] beside lat/lon with hemisphere letters (Meteosource /time_machine)"
            : "current/hourly/daily beside lat/lon with hemisphere letters (Meteosource /point)"
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let body = input.body
        guard let shape = Self.shape(body.value) else { throw DocumentDecoder.unknownFormat(body) }
        let lat = try Self.coordinate(body, "lat", positive: "N", negative: "S", Plausibility.latitude)
        let lon = try Self.coordinate(body, "lon", positive: "E", negative: "W", Plausibility.longitude)
        let zone = try Self.zone(body, envelope: input.envelope)
        let (units, unitsSource) = try MeteosourceUnits.resolve(body: try body.optionalString("units"), envelope: input.envelope, context: input.context)
        var reader = MeteosourceReader(latitude: lat, longitude: lon, zone: zone, units: units, unitsSource: unitsSource, locationHint: input.locationHint)
        var doc = DecodedDocument(format: shape == .timeMachine ? Self.timeMachineFormat : Self.format)
        doc.places = [PlaceInfo(latitude: lat, longitude: lon, timeZone: DayWindow.usableZone(zone), declaredLocationID: input.locationHint)]
        switch shape {
        case .timeMachine:
            for step in try body.required("data").array() { doc.observations.append(try reader.pastHour(step)) }
            if body.value["daily"] != nil || body.value["statistics"] != nil {
                doc.warnings.append("daily and statistics blocks of the time machine are not read (day aggregates and climatology)")
            }
        case .point:
            let minutely = try body.optional("minutely")?.object().items("data") ?? []
            let clock = try minutely.first.map { (m) throws(DecodeFailure) in try reader.instant(try m.object().required("date")) }
            (reader.issued, reader.issuedSource) = input.issueTime(bodyClock: clock)
            if let current = try body.optional("current")?.object() {
                doc.observations.append(try reader.current(current, at: clock ?? reader.issued))
            }
            for step in try body.optional("hourly")?.object().items("data") ?? [] { doc.forecasts.append(try reader.hour(step)) }
            for step in try body.optional("daily")?.object().items("data") ?? [] { doc.forecasts.append(try reader.day(step)) }
            if !minutely.isEmpty {
                doc.warnings.append("skipped the minutely block (\(minutely.count) steps): whether its precipitation is a rate or an amount is not documented")
            }
        }
        return doc
    }

    static func coordinate(_ body: Field, _ key: String, positive: Character, negative: Character, _ range: Plausibility.Range) throws(DecodeFailure) -> Double {
        let f = try body.required(key)
        guard let v = hemisphere(try f.string(), positive: positive, negative: negative) else {
            throw f.typeError("a coordinate with a hemisphere letter")
        }
        try f.check(v, range, raw: v)
        return v
    }

    /// The zone the reply's times are written in: its `timezone`, else the envelope URL's
    /// `timezone=`; a zone this system does not know, or none at all, rejects.
    static func zone(_ body: Field, envelope: Envelope?) throws(DecodeFailure) -> String {
        let name = try body.optionalString("timezone") ?? envelope?.query["timezone"]
        guard let name else {
            throw DecodeFailure(.missingField, "this Meteosource reply does not say the time zone its local times are in: wrap it in an envelope "
                                + "whose URL carries the request's timezone=, as docs/PROVIDERS.md describes", fieldPath: "timezone")
        }
        guard LocalTime.isKnownZone(name) else {
            throw DecodeFailure(.unknownFormat, "the time zone '\(Sanitize.printable(String(name.prefix(40))))' is not an IANA zone known here", fieldPath: "timezone")
        }
        return name
    }
}
