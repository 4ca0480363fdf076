import WeatherJSON
import WeatherCore

/// Decodes Apple WeatherKit REST `/api/v1/weather/…` replies, with any subset of data sets.
///
/// - `currentWeather` → an observation; `forecastHourly.hours` → 1-hour forecasts;
///   `forecastDaily.days` → day forecasts (`forecastStart` is local midnight in UTC);
///   `forecastNextHour.minutes` → minute forecasts.
/// - Units from `metadata.units`: `m` = °C, km/h, mm, mb (= hPa), m; humidity, cloud cover and
///   precipitation chance are 0–1 fractions; every instant is ISO 8601 with `Z` (SOURCES.md 23–26).
/// - Each block has its own metadata; `readTime` (the issue clock) may be missing in one block
///   and present in another.
/// - `precipitationIntensity` is a rate (mm/h) and never becomes an amount on observations;
///   `snowfallAmount` is snow depth in mm (stored in cm).
/// - Bodies carry no time zone: day targets are the date of the day's middle, which is the
///   local date for any offset within ±12 h; a zone learned elsewhere refines it later.
/// API: https://developer.apple.com/documentation/weatherkitrestapi/weather
struct WeatherKitDecoder: FormatDecoder {
    static let format = "weatherkit/weather"
    var format: String { Self.format }

    func detect(_ body: JSONValue) -> Detection { Self.matches(body) ? .yes : .no }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        "WeatherKit data sets (currentWeather, forecastDaily, forecastHourly, forecastNextHour)"
    }

    static func matches(_ body: JSONValue) -> Bool {
        body["currentWeather"] != nil || body["forecastDaily"] != nil || body["forecastHourly"] != nil
            || body["forecastNextHour"] != nil
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument { try Self.decode(input) }

    static func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let body = input.body
        var doc = DecodedDocument(format: format)
        let blocks = ["currentWeather", "forecastHourly", "forecastDaily", "forecastNextHour"].compactMap { body.optional($0) }
        // Coordinates and the issue clock come from the blocks' metadata.
        var coordinate: (Double, Double)?
        var readTime: Int64?
        var declaredUnits: WeatherKitUnits?
        for block in blocks {
            guard let meta = try block.object().optional("metadata") else { continue }
            let m = try meta.object()
            if coordinate == nil, m.optional("latitude") != nil { coordinate = try m.coordinates(lat: "latitude", lon: "longitude") }
            if readTime == nil { readTime = try m.isoInstant("readTime") }
            if let units = try WeatherKitUnits.declared(in: m) { declaredUnits = units }
        }
        if coordinate == nil, let q = input.envelope?.query, let la = q["lat"].flatMap(Double.init), let lo = q["lon"].flatMap(Double.init) {
            coordinate = (la, lo)
        }
        guard let (lat, lon) = coordinate else {
            throw DecodeFailure(.missingField, "no block has 'metadata.latitude'/'longitude': the place is unknown", fieldPath: "currentWeather.metadata.latitude")
        }
        // No block declaring units leaves the API's only system, metric, as an assumption.
        let units = declaredUnits ?? .metric
        let unitsSource: UnitsSource = declaredUnits == nil ? .default : .metadata
        doc.places = [PlaceInfo(latitude: lat, longitude: lon, declaredLocationID: input.locationHint)]
        let (issued, issuedSource) = input.issueTime(bodyClock: readTime)

        func point(_ obj: Field) throws(DecodeFailure) -> PointValues {
            var p = PointValues()
            p.tempC = try obj.quantity("temperature", { $0 }, Plausibility.tempC)
            p.feelsLikeC = try obj.quantity("temperatureApparent", { $0 }, Plausibility.feelsLikeC)
            p.dewPointC = try obj.quantity("temperatureDewPoint", { $0 }, Plausibility.dewPointC)
            p.humidityPct = try obj.fractionPercent("humidity")
            p.pressureHpa = try obj.quantity("pressure", { $0 }, Plausibility.pressureHpa)
            p.windSpeedMs = try obj.quantity("windSpeed", Convert.kmhToMs, Plausibility.windSpeedMs)
            p.windGustMs = try obj.quantity("windGust", Convert.kmhToMs, Plausibility.windGustMs)
            p.windDirDeg = try obj.quantity("windDirection", { $0 }, Plausibility.windDirDeg)
            p.cloudCoverPct = try obj.fractionPercent("cloudCover", Plausibility.cloudCoverPct)
            p.visibilityM = try obj.quantity("visibility", { $0 }, Plausibility.visibilityM)
            p.uvIndex = try obj.quantity("uvIndex", { $0 }, Plausibility.uvIndex)
            if let code = try obj.optionalString("conditionCode") {
                p.condition = Condition.fromWeatherKit(code: code)
                p.conditionCode = code
            }
            return p
        }
        func forecast(_ period: ForecastPeriod, _ from: Int64, _ to: Int64) -> Forecast {
            var f = Forecast(provider: "weatherkit", product: "weather", latitude: lat, longitude: lon, issuedAt: issued,
                             issuedAtSource: issuedSource, period: period, validFrom: from, validTo: to, validAt: from)
            f.declaredLocationID = input.locationHint
            f.unitsAssumed = units.rawValue
            f.unitsSource = unitsSource.rawValue
            return f
        }

        if let current = try body.optional("currentWeather")?.object() {
            guard let asOf = try current.isoInstant("asOf") else {
                throw DecodeFailure(.missingField, "required field 'currentWeather.asOf' is missing", fieldPath: "currentWeather.asOf")
            }
            var o = Observation(provider: "weatherkit", product: "weather", observedAt: asOf, latitude: lat, longitude: lon)
            try point(current).apply(to: &o)
            o.precipRateMmh = try current.quantity("precipitationIntensity", { $0 }, Plausibility.precipRateMmh)
            o.declaredLocationID = input.locationHint
            o.unitsAssumed = units.rawValue
            o.unitsSource = unitsSource.rawValue
            doc.observations.append(o)
        }
        if let hourly = try body.optional("forecastHourly")?.object() {
            for item in try hourly.items("hours") {
                let obj = try item.object()
                guard let start = try obj.isoInstant("forecastStart") else { _ = try obj.required("forecastStart"); continue }
                var f = forecast(.hour, start, start + 3600)
                try point(obj).apply(to: &f)
                f.precipMm = try obj.quantity("precipitationAmount", { $0 }, Plausibility.precipMm)
                f.precipRateMmh = try obj.quantity("precipitationIntensity", { $0 }, Plausibility.precipRateMmh)
                f.precipProbPct = try obj.fractionPercent("precipitationChance", Plausibility.precipProbPct)
                f.snowfallCm = try obj.quantity("snowfallAmount", { Convert.round($0 / 10, 2) }, Plausibility.snowfallCm)
                doc.forecasts.append(f)
            }
        }
        if let daily = try body.optional("forecastDaily")?.object() {
            for item in try daily.items("days") {
                let obj = try item.object()
                guard let start = try obj.isoInstant("forecastStart") else { _ = try obj.required("forecastStart"); continue }
                let end = try obj.isoInstant("forecastEnd") ?? start + 86400
                var f = forecast(.day, start, end)
                f.validAt = start + (end - start) / 2
                f.targetDate = DayWindow.targetDate(middle: f.validAt, zone: nil, offset: nil)
                f.tempMaxC = try obj.quantity("temperatureMax", { $0 }, Plausibility.tempC)
                f.tempMinC = try obj.quantity("temperatureMin", { $0 }, Plausibility.tempC)
                f.precipMm = try obj.quantity("precipitationAmount", { $0 }, Plausibility.precipMm)
                f.precipProbPct = try obj.fractionPercent("precipitationChance", Plausibility.precipProbPct)
                f.snowfallCm = try obj.quantity("snowfallAmount", { Convert.round($0 / 10, 2) }, Plausibility.snowfallCm)
                f.uvIndex = try obj.quantity("maxUvIndex", { $0 }, Plausibility.uvIndex)
                if let code = try obj.optionalString("conditionCode") {
                    f.condition = Condition.fromWeatherKit(code: code)
                    f.conditionCode = code
                }
                doc.forecasts.append(f)
            }
        }
        if let nextHour = try body.optional("forecastNextHour")?.object() {
            for item in try nextHour.items("minutes") {
                let obj = try item.object()
                guard let start = try obj.isoInstant("startTime") else { _ = try obj.required("startTime"); continue }
                var f = forecast(.minute, start, start + 60)
                f.precipRateMmh = try obj.quantity("precipitationIntensity", { $0 }, Plausibility.precipRateMmh)
                f.precipMm = f.precipRateMmh.map { Convert.round($0 / 60, 4) }
                f.precipProbPct = try obj.fractionPercent("precipitationChance", Plausibility.precipProbPct)
                doc.forecasts.append(f)
            }
        }
        return doc
    }
}
