import WeatherJSON
import WeatherCore

/// Decodes AccuWeather Core Weather API replies (https://developer.accuweather.com/apis).
///
/// - `/currentconditions/v1/{key}` (`accuweather/current`): the live reply is a one-element
///   array (collectors often keep the bare object: both are read). Role **observed**:
///   AccuWeather presents Current Conditions as what is being observed now — stamped with the
///   observation's own time (`LocalObservationDateTime`, 12:37, not a model step) and carrying
///   past-hour to past-24-hour precipitation and a departure from yesterday's temperature, all
///   measured quantities —, but built for a location key from the stations near it, without
///   naming one: a station-backed analysis, so it ranks with them (37, after Weatherbit's
///   current) and `station_id` stays empty. Every quantity comes as `Metric` and `Imperial`:
///   `Metric` is read.
/// - `/forecasts/v1/hourly/{N}hour/{key}` (`accuweather/hourly`): a bare array of hours from
///   `EpochDateTime`; amounts are that hour's.
/// - `/forecasts/v1/daily/{N}day/{key}` (`accuweather/daily`): `DailyForecasts[]` stamped 07:00
///   local. AccuWeather's day runs 07:00 to 07:00 (`Day` 07–19, `Night` 19–07), so each entry
///   gives a day forecast over that window (not a calendar day: only window pairing verifies
///   it) with the day's `Temperature` extremes and the halves' amounts summed, for the local
///   date of `Date`, and the two halves as 12-hour window forecasts with their own amounts and
///   PoP (0–100). A DST change makes the night 11 or 13 hours (`period_hours`).
/// - Values carry their own `Unit` (`AccuWeatherUnits`): `metric=true|false` need not be known.
/// - Instants are the `Epoch*` UTC seconds; the ISO texts give the local offset, stored with
///   the place.
/// - No reply says where it is for (the request names a location key): the place comes from
///   the envelope URL's `lat`/`lon` or `q=LAT,LON` (the geoposition search's), else the document
///   is a `missing_field` reject that says so.
/// - Error bodies `{"Code": "Unauthorized", "Message": "…", "Reference": "…"}` are
///   `provider_error` rejects.
struct AccuWeatherDecoder: FormatDecoder {
    static let format = "accuweather/current"
    static let dailyFormat = "accuweather/daily"
    static let hourlyFormat = "accuweather/hourly"
    var format: String { Self.format }
    var products: [ProductDeclaration] {
        [.observed(AccuWeatherReader.provider, "current", truthPriority: 37),
         .forecast(AccuWeatherReader.provider, "daily"), .forecast(AccuWeatherReader.provider, "hourly")]
    }

    enum Shape { case current, currentList, hourly, daily, error }

    static func shape(_ body: JSONValue) -> Shape? {
        switch body.kind {
        case .array:
            guard let first = body.elements.first, first.kind == .object else { return nil }
            if first["EpochDateTime"] != nil, first["DateTime"] != nil { return .hourly }
            if first["EpochTime"] != nil, first["LocalObservationDateTime"] != nil { return .currentList }
            return nil
        case .object:
            if let days = body["DailyForecasts"], days.kind == .array { return .daily }
            if body["EpochTime"] != nil, body["LocalObservationDateTime"] != nil { return .current }
            // Every document of every other format is asked this: the set of its keys is built
            // only for a body that has both members.
            guard body["Code"] != nil, body["Message"] != nil else { return nil }
            let keys = Set(body.keys)
            if keys.isSubset(of: ["Code", "Message", "Reference"]),
               body["Message"]?.string != nil { return .error }
            return nil
        default:
            return nil
        }
    }

    var detectionKeys: DetectionKeys? { .arrayOrObject(["DailyForecasts"], ["EpochTime", "LocalObservationDateTime"], ["Code", "Message"]) }

    func detect(_ body: JSONValue) -> Detection { Self.shape(body) == nil ? .no : .yes }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        switch document.format {
        case Self.dailyFormat: return "DailyForecasts[] (AccuWeather /forecasts/v1/daily)"
        case Self.hourlyFormat: return "an array of hours with DateTime and EpochDateTime (AccuWeather /forecasts/v1/hourly)"
        default: return "LocalObservationDateTime and EpochTime (AccuWeather /currentconditions/v1)"
        }
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let body = input.body
        guard let shape = Self.shape(body.value) else { throw DocumentDecoder.unknownFormat(body) }
        if shape == .error {
            let code = body.value["Code"]?.string ?? body.value["Code"]?.int.map(String.init) ?? "?"
            throw DecodeFailure(.providerError, "AccuWeather error \(Sanitize.printable(code)): \(Sanitize.printable(body.value["Message"]?.string ?? ""))",
                                fieldPath: "Code")
        }
        let (lat, lon) = try Self.place(input.envelope, setting: input.context.settings.place)
        var reader = AccuWeatherReader(latitude: lat, longitude: lon, locationHint: input.locationHint)
        var offset: Int?
        var doc: DecodedDocument
        switch shape {
        case .current, .currentList:
            doc = DecodedDocument(format: Self.format)
            for item in shape == .current ? [body] : try body.array() {
                let o = try reader.current(item)
                offset = offset ?? o.utcOffsetSeconds
                doc.observations.append(o)
            }
        case .hourly:
            doc = DecodedDocument(format: Self.hourlyFormat)
            (reader.issued, reader.issuedSource) = input.issueTime(bodyClock: nil)
            for item in try body.array() {
                let (f, written) = try reader.hour(item)
                offset = offset ?? written
                doc.forecasts.append(f)
            }
        case .daily, .error:
            doc = DecodedDocument(format: Self.dailyFormat)
            (reader.issued, reader.issuedSource) = input.issueTime(bodyClock: nil)
            let items = try body.required("DailyForecasts").array()
            var starts: [Int64] = []
            for item in items { starts.append(try AccuWeatherReader.instant(try item.object(), epoch: "EpochDate", text: "Date").at) }
            for (k, item) in items.enumerated() {
                // To the next day's 07:00 when that is 23–25 hours later (a DST change between).
                var end: Int64?
                if k + 1 < starts.count, abs(starts[k + 1] - starts[k] - 86400) <= 3600 { end = starts[k + 1] }
                let (records, written) = try reader.day(item, end: end)
                offset = offset ?? written
                doc.forecasts += records
            }
        }
        doc.places = [PlaceInfo(latitude: lat, longitude: lon, utcOffsetSeconds: offset, declaredLocationID: input.locationHint)]
        return doc
    }

    /// The envelope URL's `lat` and `lon`, or `q=LAT,LON`, else the input's `place` setting:
    /// AccuWeather replies hold no place.
    static func place(_ envelope: Envelope?, setting: IngestSettings.Place?) throws(DecodeFailure) -> (Double, Double) {
        let q = envelope?.query ?? [:]
        var text: (Substring, Substring)?
        if let la = q["lat"], let lo = q["lon"] {
            text = (Substring(la), Substring(lo))
        } else if let pair = q["q"] {
            let parts = pair.split(separator: ",")
            if parts.count == 2 { text = (parts[0], parts[1]) }
        }
        guard let (laText, loText) = text,
              let la = Double(laText.filter { $0 != " " }), let lo = Double(loText.filter { $0 != " " }),
              Plausibility.contains(Plausibility.latitude, la), Plausibility.contains(Plausibility.longitude, lo) else {
            if let setting { return (setting.latitude, setting.longitude) }
            throw DecodeFailure(.missingField, "AccuWeather replies do not say where they are for (the request names a location key): give the "
                                + "input's place (--place LAT,LON, or \"place\" on a pipeline input), or wrap each reply in an envelope whose URL "
                                + "carries lat=LAT&lon=LON or q=LAT,LON, as docs/PROVIDERS.md describes",
                                fieldPath: "url")
        }
        return (la, lo)
    }
}
