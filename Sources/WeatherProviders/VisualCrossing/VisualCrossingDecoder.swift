import WeatherJSON
import WeatherCore

/// Decodes Visual Crossing Timeline API replies (`/VisualCrossingWebServices/rest/services/timeline/…`).
///
/// - One reply mixes history and forecast; each day and hour says which by its `source`:
///   `obs` hours → observations (what the stations measured, interpolated to the point); `fcst`
///   hours and days → forecasts; `comb` (partly observed) and `stats` (climatology for dates
///   beyond the forecast) are never stored as truth nor as a forecast to verify — see
///   `Source` for each. `currentConditions` is an observation.
/// - Instants are `datetimeEpoch` (UTC seconds); a day's is local midnight, its date and window
///   come from the IANA `timezone` (`tzoffset` follows DST only at the request time).
/// - The unit group is never echoed: the envelope URL's `unitGroup=`, else the input's `units`,
///   else the API default `us` (°F, mph, in, miles). Because metric values are plausible in
///   Fahrenheit too, the hours' temperature, dew point and humidity are checked against each
///   other (`VisualCrossingScale`): a reply that contradicts the assumed scale is rejected as an
///   implausible value naming the unit group it looks like, so ingest's units advice applies.
/// - `precip` is the row's total (hour or day) in in or mm; `snow` is snowfall depth in in or
///   cm; `precipprob` is 0–100.
/// API: https://www.visualcrossing.com/resources/documentation/weather-api/timeline-weather-api/
struct VisualCrossingDecoder: FormatDecoder {
    static let format = "visualcrossing/timeline"
    var format: String { Self.format }
    /// `obs` rows are history built from nearby stations (interpolated, with the `remote`
    /// satellite/radar pseudo-station): ranked among the history products, after OpenWeatherMap's
    /// and before Dark Sky's Time Machine.
    var products: [ProductDeclaration] {
        [.observed(VisualCrossingReader.provider, VisualCrossingReader.product, truthPriority: 45, settings: ["units"]),
         .forecast(VisualCrossingReader.provider, VisualCrossingReader.product, settings: ["units"])]
    }

    /// What a row's `source` makes of it.
    enum Source {
        /// `obs`: measured.
        case observed
        /// `fcst`: forecast.
        case forecast
        /// `comb` (observed hours and forecast hours in one day), or no `source` at all: a day is
        /// skipped — it begins before the issue time, so it could only be a partial hindcast —
        /// and an hour is kept as a forecast only when it begins at or after the issue time.
        case mixed
        /// `stats`: the climatological normals Visual Crossing returns for dates past its 15-day
        /// forecast. Skipped: a climatology is not a forecast to score.
        case statistics

        init(_ text: String?) {
            switch text {
            case "obs": self = .observed
            case "fcst": self = .forecast
            case "stats": self = .statistics
            default: self = .mixed
            }
        }
    }

    var detectionKeys: DetectionKeys? { .object(["latitude", "longitude"], ["errorCode", "message"]) }

    func detect(_ body: JSONValue) -> Detection { Self.matches(body) || Self.isError(body) ? .yes : .no }

    /// `{"errorCode": 401, "executionTime": 0, "sessionId": …, "message": "No account found with API key"}`.
    static func isError(_ body: JSONValue) -> Bool {
        body.kind == .object && body["errorCode"]?.number != nil && body["message"]?.string != nil && body["days"] == nil
    }

    static func matches(_ body: JSONValue) -> Bool {
        body["latitude"] != nil && body["longitude"] != nil && (body["days"] != nil || body["currentConditions"] != nil)
            && (body["resolvedAddress"] != nil || body["queryCost"] != nil || body["tzoffset"] != nil)
            && body["utc_offset_seconds"] == nil && body["currently"] == nil
    }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        "latitude, longitude, resolvedAddress/queryCost/tzoffset and days/currentConditions (Visual Crossing Timeline)"
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let body = input.body
        if Self.isError(body.value) {
            let code = body.value["errorCode"]?.number.flatMap { Int64(exactly: $0.rounded()) }.map(String.init) ?? "?"
            throw DecodeFailure(.providerError, "Visual Crossing error \(code): \(Sanitize.printable(body.value["message"]?.string ?? ""))", fieldPath: "errorCode")
        }
        let (lat, lon) = try body.coordinates(lat: "latitude", lon: "longitude")
        let zone = DayWindow.usableZone(try body.optionalString("timezone"))
        let offset = try body.utcOffset("tzoffset", inHours: true)
        let (units, unitsSource) = try VisualCrossingUnits.resolve(envelope: input.envelope, context: input.context)
        let current = try body.optional("currentConditions")?.object()
        let (issued, issuedSource) = input.issueTime(bodyClock: try current?.instant("datetimeEpoch"))
        var doc = DecodedDocument(format: format)
        doc.places = [PlaceInfo(latitude: lat, longitude: lon, name: Self.placeName(try body.optionalString("resolvedAddress")),
                                timeZone: zone, utcOffsetSeconds: offset, declaredLocationID: input.locationHint)]
        let reader = VisualCrossingReader(latitude: lat, longitude: lon, zone: zone, offset: offset, units: units, unitsSource: unitsSource,
                                          locationHint: input.locationHint, issued: issued, issuedSource: issuedSource)
        var days: [(Field, [Field])] = []
        for day in try body.items("days") {
            let d = try day.object()
            var hours: [Field] = []
            for h in try d.items("hours") { hours.append(try h.object()) }
            days.append((d, hours))
        }
        let currentStands = try Self.checkScale(days.flatMap(\.1), current: current, units: units, source: unitsSource)

        var skipped: [String: Int] = [:]
        for (day, hours) in days {
            switch Source(try day.optionalString("source")) {
            case .forecast: doc.forecasts.append(try reader.day(day))
            case .observed:
                // The day summarises its hours, which are stored; a day alone is no observation at an instant.
                if hours.isEmpty { skipped["obs days without hours (a day summary is not an observation at an instant)", default: 0] += 1 }
            case .mixed: skipped["comb days (partly observed: neither truth nor a forecast to verify)", default: 0] += 1
            case .statistics: skipped["stats days (climatology, not a forecast)", default: 0] += 1
            }
            for hour in hours {
                switch Source(try hour.optionalString("source")) {
                case .observed: doc.observations.append(try reader.observation(hour, hourly: true))
                case .forecast: doc.forecasts.append(try reader.hour(hour))
                case .mixed:
                    if try hour.requiredInstant("datetimeEpoch") >= issued {
                        doc.forecasts.append(try reader.hour(hour))
                    } else {
                        skipped["comb hours before the issue time", default: 0] += 1
                    }
                case .statistics: skipped["stats hours (climatology, not a forecast)", default: 0] += 1
                }
            }
        }
        if let current {
            if !currentStands {
                skipped["currentConditions in another unit group than the days (a stitched reply?)", default: 0] += 1
            } else if case .observed = Source(try current.optionalString("source") ?? "obs") {
                doc.observations.append(try reader.observation(current, hourly: false))
            } else {
                skipped["currentConditions not from observations", default: 0] += 1
            }
        }
        var seen = Set<Int64>()
        doc.observations = doc.observations.filter { seen.insert($0.observedAt).inserted }
        for (what, n) in skipped.sorted(by: { $0.key < $1.key }) { doc.warnings.append("skipped \(n) \(what)") }
        return doc
    }

    /// Checks the assumed unit group against the hours' own temperature, dew point and humidity
    /// (`VisualCrossingScale`), unless the envelope URL stated it. Hours that contradict it reject
    /// the document as an implausible value (ingest then tries the other `--units`); returns
    /// whether `currentConditions` fits (the openHAB reply stitches a US block into metric days).
    static func checkScale(_ hours: [Field], current: Field?, units: VisualCrossingUnits, source: UnitsSource) throws(DecodeFailure) -> Bool {
        guard source != .envelopeURL else { return true }
        let assumed = VisualCrossingScale(units)
        let rows = hours.compactMap(VisualCrossingScale.sample)
        if let c = VisualCrossingScale.contradiction(of: assumed, rows) {
            let path = hours.first { VisualCrossingScale.sample($0) != nil }.map { $0.path + ".temp" } ?? "days"
            throw DecodeFailure(.implausibleValue, "field '\(path)': temperature, dew point and humidity of \(rows.count) hours do not fit "
                                + "\(assumed.rawValue) (the humidity they give is off by a median \(Convert.round(c.assumedMisfit, 2)) points) but fit "
                                + "\(c.found.rawValue) (\(Convert.round(c.foundMisfit, 2))): the reply looks like unitGroup=\(c.found.unitGroup), "
                                + "not \(units.rawValue) (\(units.assumption(source)))", fieldPath: path)
        }
        guard let current, let sample = VisualCrossingScale.sample(current),
              let c = VisualCrossingScale.contradiction(of: assumed, [sample]) else { return true }
        if rows.isEmpty {
            throw DecodeFailure(.implausibleValue, "field '\(current.path).temp': temperature, dew point and humidity do not fit \(assumed.rawValue) "
                                + "but fit \(c.found.rawValue): the reply looks like unitGroup=\(c.found.unitGroup), not \(units.rawValue) "
                                + "(\(units.assumption(source)))", fieldPath: current.path + ".temp")
        }
        return false
    }

    /// `resolvedAddress` as a label, unless it only echoes the queried coordinates.
    static func placeName(_ address: String?) -> String? {
        guard let address, !address.isEmpty else { return nil }
        let coordinateLike = address.unicodeScalars.allSatisfy { "0123456789.,- ".unicodeScalars.contains($0) }
        return coordinateLike ? nil : address
    }
}
