import WeatherJSON
import WeatherCore

/// Decodes api.weather.gov forecasts: `/gridpoints/{wfo}/{x},{y}/forecast` (12-hour day and
/// night periods, `nws/forecast`) and `…/forecast/hourly` (one-hour periods, `nws/forecast-hourly`).
///
/// Notes from the API and recorded replies (docs/PROVIDERS.md, NWS):
/// - `units` is `us` (°F, mph; the default) or `si` (°C, km/h); temperatures are integers with
///   their own `temperatureUnit`; wind speed is a string (`NWSWindSpeed`).
/// - A day period (06–18 local, `isDaytime`) forecasts the high, a night period (18–06) the low.
///   `name` is never read: it can be "Juneteenth", "Overnight" or "This Afternoon".
/// - The first 12-hour period is often cut short (1, 2 or 4 hours): `periodHours` says so, and it
///   is a 12-hour period (`ForecastPeriod.halfDay`), never a calendar day's extreme.
/// - The issue time is `generatedAt`, else `updateTime` or `updated`, else the usual precedence.
/// API: https://www.weather.gov/documentation/services-web-api
struct NWSForecastDecoder: FormatDecoder {
    static let format = "nws/forecast"
    static let hourlyFormat = "nws/forecast-hourly"
    var format: String { Self.format }
    var products: [ProductDeclaration] { [.forecast("nws", "forecast"), .forecast("nws", "forecast-hourly")] }

    var detectionKeys: DetectionKeys? { .object(["properties"]) }

    func detect(_ body: JSONValue) -> Detection {
        guard let p = body["properties"], p["periods"]?.kind == .array else { return .no }
        return p["generatedAt"] != nil || p["updateTime"] != nil || p["units"] != nil ? .yes : .likely(0.6)
    }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        let kind = document.format == Self.hourlyFormat ? "one-hour" : "12-hour"
        return "properties.periods (\(kind) periods) with generatedAt/updateTime/units"
    }

    struct Header {
        var latitude: Double, longitude: Double
        var issuedAt: Int64, issuedAtSource: IssueTimeSource
        var units: String, unitsSource: UnitsSource
        var hourly: Bool
        var locationHint: String?
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let p = try input.body.required("properties").object()
        let periods = try p.required("periods").array()
        let header = try Self.header(input, properties: p, periods: periods)
        var doc = DecodedDocument(format: header.hourly ? Self.hourlyFormat : Self.format)
        var seen: Set<Int64> = []
        var reader = NWSValueReader(policy: .standard)
        for period in periods {
            let f = try Self.forecast(period, header: header, reader: &reader, warnings: &doc.warnings)
            if seen.insert(f.validFrom).inserted { doc.forecasts.append(f) }
        }
        // The gridpoint's elevation: the forecast is for that height, not the station's.
        let elevation = try reader.read(p, "elevation", .length, Plausibility.elevationM).value
        for k in doc.forecasts.indices { doc.forecasts[k].elevationM = elevation }
        doc.warnings += reader.warnings
        doc.places = [PlaceInfo(latitude: header.latitude, longitude: header.longitude, declaredLocationID: header.locationHint)]
        return doc
    }

    static func header(_ input: DecodeInput, properties p: Field, periods: [Field]) throws(DecodeFailure) -> Header {
        let (lat, lon) = try NWSGeometry.location(try input.body.required("geometry").object())
        var issued: (Int64, IssueTimeSource)?
        for key in ["generatedAt", "updateTime", "updated"] {
            if let t = try p.isoInstant(key) { issued = (t, .body); break }
        }
        let (issuedAt, source) = issued ?? input.issueTime(bodyClock: nil)
        let units = try p.optionalString("units")
        let generator = try p.optionalString("forecastGenerator") ?? ""
        let hourly = generator.hasPrefix("Hourly") || input.urlPath.hasSuffix("/forecast/hourly")
            || (generator.isEmpty && !periods.isEmpty && periods.allSatisfy { length($0) == 3600 })
        return Header(latitude: lat, longitude: lon, issuedAt: issuedAt, issuedAtSource: source,
                      units: units ?? "us", unitsSource: units == nil ? .default : .metadata,
                      hourly: hourly, locationHint: input.locationHint)
    }

    /// A period's length in seconds, or nil when its times do not parse (for shape checks only).
    static func length(_ period: Field) -> Int64? {
        guard let s = period.value["startTime"]?.string.flatMap({ UTCTime.parseISO8601($0) }),
              let e = period.value["endTime"]?.string.flatMap({ UTCTime.parseISO8601($0) }) else { return nil }
        return e - s
    }

    static func forecast(_ period: Field, header h: Header, reader: inout NWSValueReader,
                         warnings: inout [String]) throws(DecodeFailure) -> Forecast {
        let startField = try period.required("startTime")
        let start = try startField.isoInstantValue()
        let end = try period.requiredISOInstant("endTime")
        guard end > start else {
            throw DecodeFailure(.implausibleValue, "field '\(period.path)' ends before it starts", fieldPath: period.path)
        }
        var f = Forecast(provider: "nws", product: h.hourly ? "forecast-hourly" : "forecast", latitude: h.latitude, longitude: h.longitude,
                         issuedAt: h.issuedAt, issuedAtSource: h.issuedAtSource, period: h.hourly ? .hour : .halfDay,
                         validFrom: start, validTo: end)
        f.declaredLocationID = h.locationHint
        f.unitsAssumed = h.units
        f.unitsSource = h.unitsSource
        let temp = try temperature(period, units: h.units, warnings: &warnings)
        if h.hourly {
            f.tempC = temp
        } else {
            f.targetDate = try localDate(startField, instant: start)
            let hours = Double(end - start) / 3600
            f.periodHours = hours
            let daytimeField = try period.required("isDaytime")
            guard let daytime = daytimeField.value.bool else { throw daytimeField.typeError("a boolean") }
            if daytime { f.tempMaxC = temp } else { f.tempMinC = temp }
            if hours < 12 {
                warnings.append("\(period.path) covers \(hours) h, not 12: its \(daytime ? "high" : "low") is for that part only")
            }
        }
        try readWindAndSky(period, into: &f, warnings: &warnings)
        f.precipProbPct = try reader.read(period, "probabilityOfPrecipitation", .percent, Plausibility.precipProbPct).value
        f.dewPointC = try reader.read(period, "dewpoint", .temperature, Plausibility.dewPointC).value
        f.humidityPct = try reader.read(period, "relativeHumidity", .percent, Plausibility.humidityPct).value
        return f
    }

    /// `temperature` in `temperatureUnit` (`F`/`C`), else in the reply's `units`.
    static func temperature(_ period: Field, units: String, warnings: inout [String]) throws(DecodeFailure) -> Double? {
        let unit = try period.optionalString("temperatureUnit") ?? (units == "si" ? "C" : "F")
        let convert: (Double) -> Double
        switch unit {
        case "F": convert = Convert.fahrenheitToCelsius
        case "C": convert = { $0 }
        default:
            warnings.append("\(period.path).temperatureUnit \(Sanitize.printable(String(unit.prefix(10)))) not understood; temperature left missing")
            return nil
        }
        return try period.quantity("temperature", convert, Plausibility.tempC, assumption: "temperatureUnit \(unit)")
    }

    /// Wind (string speed, compass direction) and the icon's condition.
    static func readWindAndSky(_ period: Field, into f: inout Forecast, warnings: inout [String]) throws(DecodeFailure) {
        if let text = try period.optionalString("windSpeed") {
            if let wind = NWSWindSpeed.parse(text) {
                try period.required("windSpeed").check(wind.maxMs ?? wind.speedMs, Plausibility.windSpeedMs, raw: wind.maxMs ?? wind.speedMs)
                (f.windSpeedMs, f.windSpeedMaxMs) = (wind.speedMs, wind.maxMs)
            } else {
                warnings.append("\(period.path).windSpeed \(Sanitize.printable(String(text.prefix(30)))) not understood; wind left missing")
            }
        }
        f.windDirDeg = try period.optionalString("windDirection").flatMap(NWSGeometry.compassDegrees)
        (f.condition, f.conditionCode, f.conditionText) = try NWSConditions.condition(icon: period.optionalString("icon"),
                                                                                      text: period.optionalString("shortForecast"))
    }

    /// The local date of an instant written with its local offset (`2019-08-04T05:00:00-05:00`).
    static func localDate(_ field: Field, instant: Int64) throws(DecodeFailure) -> String {
        let text = try field.string()
        return UTCTime.date(instant, offset: NWSGeometry.offsetSeconds(text) ?? 0)
    }
}
