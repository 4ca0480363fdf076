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
///   IANA `timezone` — not via `offset`, which is wrong across a DST change (SOURCES.md 17).
/// - Blocks may lack `data` (Buffalo), every block may be excluded (only the header).
/// API (archived): https://pirateweather.net/en/latest/API/
struct DarkSkyDecoder: FormatDecoder {
    static let format = "darksky/forecast"
    static let historyFormat = "darksky/timemachine"
    var format: String { Self.format }

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
        let path = input.urlPath
        if let last = path.split(separator: "/").last, last.split(separator: ",").count == 3 { return true }
        let body = input.body.value
        guard body["minutely"] == nil, let daily = body["daily"]?["data"]?.elements, daily.count == 1,
              let hourly = body["hourly"]?["data"]?.elements, !hourly.isEmpty, hourly.count <= 25 else { return false }
        return true
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument { try Self.decode(input) }

    static func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let body = input.body
        let (lat, lon) = try body.coordinates(lat: "latitude", lon: "longitude")
        let zoneName = try body.optionalString("timezone")
        let zone = DayWindow.usableZone(zoneName)
        let offset = try body.utcOffset("offset", inHours: true)
        let (units, unitsSource) = try DarkSkyUnits.resolve(body)
        let timeMachine = isTimeMachine(input)
        var doc = DecodedDocument(format: timeMachine ? historyFormat : format)
        doc.places = [PlaceInfo(latitude: lat, longitude: lon, timeZone: zone, utcOffsetSeconds: offset,
                                declaredLocationID: input.locationHint)]
        let assumption = "units: \(units.rawValue) from " + (unitsSource == .default ? "the API default (no flags.units)" : "flags.units")
        let product = timeMachine ? "timemachine" : "forecast"

        func point(_ obj: Field) throws(DecodeFailure) -> PointValues {
            var p = PointValues()
            p.tempC = try obj.quantity("temperature", units.celsius, Plausibility.tempC, assumption: assumption)
            p.feelsLikeC = try obj.quantity("apparentTemperature", units.celsius, Plausibility.feelsLikeC, assumption: assumption)
            p.dewPointC = try obj.quantity("dewPoint", units.celsius, Plausibility.dewPointC, assumption: assumption)
            p.humidityPct = try obj.fractionPercent("humidity")
            p.pressureHpa = try obj.quantity("pressure", { $0 }, Plausibility.pressureHpa)
            p.windSpeedMs = try obj.quantity("windSpeed", units.metresPerSecond, Plausibility.windSpeedMs, assumption: assumption)
            p.windGustMs = try obj.quantity("windGust", units.metresPerSecond, Plausibility.windGustMs, assumption: assumption)
            p.windDirDeg = try obj.quantity("windBearing", { $0 }, Plausibility.windDirDeg)
            p.cloudCoverPct = try obj.fractionPercent("cloudCover", Plausibility.cloudCoverPct)
            p.visibilityM = try obj.quantity("visibility", units.metres, Plausibility.visibilityM)
            p.uvIndex = try obj.quantity("uvIndex", { $0 }, Plausibility.uvIndex)
            if let icon = try obj.optionalString("icon") {
                p.condition = Condition.fromDarkSky(icon: icon)
                p.conditionCode = icon
            }
            p.conditionText = try obj.optionalString("summary")
            return p
        }

        func observation(_ item: Field) throws(DecodeFailure) -> Observation {
            let obj = try item.object()
            let t = try obj.requiredInstant("time")
            var o = Observation(provider: "darksky", product: product, observedAt: t, latitude: lat, longitude: lon)
            try point(obj).apply(to: &o)
            o.precipRateMmh = try obj.quantity("precipIntensity", units.mmPerHour, Plausibility.precipRateMmh)
            o.declaredLocationID = input.locationHint
            o.timeZone = zone
            o.utcOffsetSeconds = offset
            o.unitsAssumed = units.rawValue
            o.unitsSource = unitsSource.rawValue
            return o
        }

        let currently = try body.optional("currently")?.object()
        if let currently { doc.observations.append(try observation(currently)) }
        if timeMachine {
            for item in try dataPoints(body, "hourly") { doc.observations.append(try observation(item)) }
            var seen = Set<Int64>()
            doc.observations = doc.observations.filter { seen.insert($0.observedAt).inserted }
            return doc
        }

        let (issued, issuedSource) = input.issueTime(bodyClock: try currently?.instant("time"))
        func forecast(_ period: ForecastPeriod, _ from: Int64, _ to: Int64, at: Int64) -> Forecast {
            var f = Forecast(provider: "darksky", product: product, latitude: lat, longitude: lon, issuedAt: issued,
                             issuedAtSource: issuedSource, period: period, validFrom: from, validTo: to, validAt: at)
            f.declaredLocationID = input.locationHint
            f.unitsAssumed = units.rawValue
            f.unitsSource = unitsSource.rawValue
            return f
        }
        for item in try dataPoints(body, "minutely") {
            let obj = try item.object()
            let t = try obj.requiredInstant("time")
            var f = forecast(.minute, t, t + 60, at: t)
            f.precipRateMmh = try obj.quantity("precipIntensity", units.mmPerHour, Plausibility.precipRateMmh)
            f.precipMm = f.precipRateMmh.map { Convert.round($0 / 60, 4) }
            f.precipProbPct = try obj.fractionPercent("precipProbability", Plausibility.precipProbPct)
            doc.forecasts.append(f)
        }
        for item in try dataPoints(body, "hourly") {
            let obj = try item.object()
            let t = try obj.requiredInstant("time")
            var f = forecast(.hour, t, t + 3600, at: t)
            try point(obj).apply(to: &f)
            f.precipRateMmh = try obj.quantity("precipIntensity", units.mmPerHour, Plausibility.precipRateMmh)
            f.precipMm = f.precipRateMmh  // a rate over one hour is that hour's amount
            f.precipProbPct = try obj.fractionPercent("precipProbability", Plausibility.precipProbPct)
            f.snowfallCm = try obj.quantity("precipAccumulation", units.snowCm, Plausibility.snowfallCm)
            doc.forecasts.append(f)
        }
        for item in try dataPoints(body, "daily") {
            let obj = try item.object()
            let t = try obj.requiredInstant("time")  // local midnight
            let date = DayWindow.targetDate(middle: t + 12 * 3600, zone: zone, offset: offset)
            let window = DayWindow.bounds(of: date, zone: zone, offset: offset)
            var f = forecast(.day, window.from, window.to, at: t)
            f.targetDate = date
            try point(obj).apply(to: &f)
            f.tempMaxC = try obj.quantity("temperatureMax", units.celsius, Plausibility.tempC, assumption: assumption)
            f.tempMinC = try obj.quantity("temperatureMin", units.celsius, Plausibility.tempC, assumption: assumption)
            f.precipRateMmh = try obj.quantity("precipIntensity", units.mmPerHour, Plausibility.precipRateMmh)
            if let rate = f.precipRateMmh {
                f.precipMm = Convert.round(rate * 24, 2)
                f.precipEstimated = true
            }
            f.precipProbPct = try obj.fractionPercent("precipProbability", Plausibility.precipProbPct)
            f.snowfallCm = try obj.quantity("precipAccumulation", units.snowCm, Plausibility.snowfallCm)
            doc.forecasts.append(f)
        }
        if doc.recordCount == 0 { doc.warnings.append("no data blocks (all excluded or unavailable): only the place is kept") }
        return doc
    }

    /// `block.data`, tolerating a block without `data` (SOURCES.md 18).
    static func dataPoints(_ body: Field, _ block: String) throws(DecodeFailure) -> [Field] {
        guard let b = try body.optional(block)?.object() else { return [] }
        return try b.items("data")
    }
}
