import WeatherJSON
import WeatherCore

/// Decodes Dark Sky forecast and Time Machine replies (and Pirate Weather, the same format).
///
/// - `currently` → an observation; `minutely`/`hourly`/`daily` → forecasts, or in a Time Machine
///   reply `hourly` → observations of that past day (its `daily` point summarises the same day
///   and is not stored twice).
/// - `precipIntensity` is a rate: an hourly point's rate × 1 h is its amount; a daily point's
///   rate × 24 h is only an estimate (`precip_estimated`). `precipAccumulation` is snow depth.
/// - Calendar-day extremes are `temperatureMax`/`Min` (`High`/`Low` are daytime/overnight).
/// - Daily `time` is local midnight: the target date is that of the day's middle in the body's
///   IANA `timezone` — not via `offset`, which is wrong across a DST change
///   (docs/PROVIDERS.md, Dark Sky).
/// - Blocks may lack `data` (Buffalo), every block may be excluded (only the header).
/// API (archived): https://pirateweather.net/en/latest/API/
struct DarkSkyDecoder: FormatDecoder {
    static let format = "darksky/forecast"
    static let historyFormat = "darksky/timemachine"
    var format: String { Self.format }
    /// `currently` of a forecast reply is its own "now"; Time Machine replies report what happened.
    var products: [ProductDeclaration] {
        [.nowcast("darksky", "forecast"), .forecast("darksky", "forecast"), .observed("darksky", "timemachine", truthPriority: 50)]
    }

    var detectionKeys: DetectionKeys? { .object(["latitude", "longitude", "timezone"]) }

    func detect(_ body: JSONValue) -> Detection { Self.matches(body) ? .yes : .no }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        "latitude, longitude, timezone and currently/hourly/daily blocks"
            + (document.format == Self.historyFormat ? "; one day of hourly points (Time Machine)" : "")
    }

    static func matches(_ body: JSONValue) -> Bool {
        body["latitude"] != nil && body["longitude"] != nil && body["timezone"] != nil
            && (body["offset"] != nil || body["currently"] != nil || body["hourly"] != nil || body["daily"] != nil)
            && body["utc_offset_seconds"] == nil
    }

    /// Time Machine: `…/forecast/KEY/LAT,LON,TIME` in the URL, or a single daily point with no
    /// minutely block and hourly points that do not reach past that day.
    static func isTimeMachine(_ input: DecodeInput) -> Bool {
        input.isObserved(detected: detectTimeMachine(input))
    }

    static func detectTimeMachine(_ input: DecodeInput) -> Bool {
        let path = input.urlPath
        if let last = path.split(separator: "/").last, last.split(separator: ",").count == 3 { return true }
        let body = input.body.value
        guard body["minutely"] == nil, let daily = body["daily"]?["data"]?.elements, daily.count == 1,
              let hourly = body["hourly"]?["data"]?.elements, !hourly.isEmpty, hourly.count <= 25 else { return false }
        return true
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        try Self.decode(input, dialect: Self.isFromPirateWeather(input) ? .pirateWeather : .darkSky)
    }

    /// A Pirate Weather reply fetched with `exclude=flags` on a version 1 request has nothing in
    /// its body that Dark Sky did not send; the collector's envelope still says where it came
    /// from: a URL on pirateweather.net, or `"provider": "pirateweather"`.
    static func isFromPirateWeather(_ input: DecodeInput) -> Bool {
        guard let envelope = input.envelope else { return false }
        if envelope.provider?.lowercased().filter(\.isLetter) == "pirateweather" { return true }
        guard let url = envelope.url?.lowercased(), let scheme = url.range(of: "://") else { return false }
        let host = url[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != ":" }
        return host == "pirateweather.net" || host.hasSuffix(".pirateweather.net")
    }

    /// Reads a reply of any service answering in Dark Sky's format (`DarkSkyDialect`).
    static func decode(_ input: DecodeInput, dialect: DarkSkyDialect) throws(DecodeFailure) -> DecodedDocument {
        let body = input.body
        let (lat, lon) = try body.coordinates(lat: "latitude", lon: "longitude")
        let zone = DayWindow.usableZone(try body.optionalString("timezone"))
        let offset = try body.utcOffset("offset", inHours: true)
        let (units, unitsSource) = try DarkSkyUnits.resolve(body, aliases: dialect.unitAliases)
        let timeMachine = Self.isTimeMachine(input)
        var doc = DecodedDocument(format: timeMachine ? dialect.historyFormat : dialect.forecastFormat)
        doc.places = [PlaceInfo(latitude: lat, longitude: lon, name: LocationRegistry.cityName(ofZone: zone), timeZone: zone,
                                utcOffsetSeconds: offset, declaredLocationID: input.locationHint)]
        var reader = DarkSkyReader(provider: dialect.provider, latitude: lat, longitude: lon, zone: zone, offset: offset, units: units,
                                   unitsSource: unitsSource, product: timeMachine ? "timemachine" : "forecast", locationHint: input.locationHint)
        let currently = try body.optional("currently")?.object()
        if let currently { doc.observations.append(try reader.observation(currently)) }
        if timeMachine {
            for item in try Self.dataPoints(body, "hourly") { doc.observations.append(try reader.observation(item)) }
            var seen = Set<Int64>()
            doc.observations = doc.observations.filter { seen.insert($0.observedAt).inserted }
            return doc
        }
        (reader.issued, reader.issuedSource) = input.issueTime(bodyClock: try currently?.instant("time"))
        for item in try Self.dataPoints(body, "minutely") { doc.forecasts.append(try reader.minute(item)) }
        for item in try Self.dataPoints(body, "hourly") {
            var f = try reader.hour(item)
            try dialect.amend(try item.object(), .hour, units, &f)
            doc.forecasts.append(f)
        }
        for item in try Self.dataPoints(body, "daily") {
            var f = try reader.day(item)
            try dialect.amend(try item.object(), .day, units, &f)
            doc.forecasts.append(f)
        }
        if doc.recordCount == 0 { doc.warnings.append("no data blocks (all excluded or unavailable): only the place is kept") }
        return doc
    }

    /// `block.data`, tolerating a block without `data` (Buffalo, 2016: a block with only
    /// `summary`/`icon` when `flags["darksky-unavailable"]` is set).
    static func dataPoints(_ body: Field, _ block: String) throws(DecodeFailure) -> [Field] {
        guard let b = try body.optional(block)?.object() else { return [] }
        return try b.items("data")
    }
}
