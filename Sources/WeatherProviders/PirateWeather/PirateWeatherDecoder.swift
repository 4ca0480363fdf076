import WeatherJSON
import WeatherCore

/// Decodes Pirate Weather replies: Dark Sky's format (read by `DarkSkyDecoder` through
/// `DarkSkyDialect.pirateWeather`), a provider of its own.
///
/// - Told apart from Dark Sky by what Dark Sky never sent: `flags.version` ("V1.3.1", "V2.9.1"),
///   `flags.sourceTimes` (model run times), `flags.sourceIDX`, `flags.processTime`, or the fields
///   `version=2` adds (`liquidAccumulation`, `snowAccumulation`, `iceAccumulation`, `smoke`,
///   `fireIndex`, `currentDayLiquid` …). Without any of these (`exclude=flags` on a version 1
///   reply) the collector's envelope tells (`DarkSkyDecoder.isFromPirateWeather`: a pirateweather.net
///   URL or `"provider": "pirateweather"`); a bare body without them reads as Dark Sky.
/// - `currently` is model output (`flags.sources`: `rtma_ru`, `hrrrsubh`): a nowcast. `precipProbability`
///   is 0–1 (→ %). `precipAccumulation` counts rain and snow depth together (cm or in), so it is not
///   snowfall; `snowAccumulation` is. A daily amount is `liquidAccumulation + iceAccumulation` plus
///   the snow's water at Pirate Weather's 10:1 ratio when the reply has them (`version=2`), else
///   the Dark Sky estimate from `precipIntensity` × 24 h.
/// - `flags.units` `uk` is Dark Sky's `uk2` (mph and miles).
/// API: https://docs.pirateweather.net/en/latest/API/ (docs/API.md in Pirate-Weather/pirateweather).
struct PirateWeatherDecoder: FormatDecoder {
    static let format = "pirateweather/forecast"
    static let historyFormat = "pirateweather/timemachine"
    var format: String { Self.format }
    /// `currently` of a forecast reply is the model's "now"; Time Machine replies (archived model
    /// hours, ERA5 before that) report what happened.
    var products: [ProductDeclaration] {
        [.nowcast("pirateweather", "forecast"), .forecast("pirateweather", "forecast"),
         .observed("pirateweather", "timemachine", truthPriority: 55)]
    }

    var detectionKeys: DetectionKeys? { .object(["message", "error"], ["latitude", "longitude", "timezone"]) }

    func detect(_ body: JSONValue) -> Detection {
        Self.isErrorBody(body) || (DarkSkyDecoder.matches(body) && Self.isPirate(body)) ? .yes : .no
    }

    /// The error replies of Pirate Weather's API gateway: `{"message": "Bad Gateway", "error":
    /// "could not JSON decode Lambda function response: …"}` and nothing else (as reported in
    /// https://github.com/Pirate-Weather/pirateweather/issues/194).
    static func isErrorBody(_ body: JSONValue) -> Bool {
        body.kind == .object && body.keys.count == 2 && body["message"]?.string != nil && body["error"]?.string != nil
    }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String {
        "latitude, longitude, timezone and currently/hourly/daily blocks, with Pirate Weather's flags or version 2 fields"
            + (document.format == Self.historyFormat ? "; one day of hourly points (Time Machine)" : "")
    }

    static let flagsOnlyPirateSends = ["version", "sourceTimes", "sourceIDX", "processTime"]
    static let fieldsOfVersion2 = ["liquidAccumulation", "snowAccumulation", "iceAccumulation", "smoke", "fireIndex",
                                   "currentDayLiquid", "currentDaySnow", "currentDayIce", "dawnTime"]

    static func isPirate(_ body: JSONValue) -> Bool {
        if let flags = body["flags"], flags.kind == .object, flagsOnlyPirateSends.contains(where: { flags[$0] != nil }) { return true }
        var points: [JSONValue] = []
        if let c = body["currently"] { points.append(c) }
        for block in ["hourly", "daily"] { if let first = body[block]?["data"]?.elements.first { points.append(first) } }
        return points.contains { p in p.kind == .object && fieldsOfVersion2.contains { p[$0] != nil } }
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        let v = input.body.value
        if Self.isErrorBody(v) {
            let text = [v["message"]?.string, v["error"]?.string].compactMap { $0 }.map { Sanitize.printable($0) }.joined(separator: ": ")
            throw DecodeFailure(.providerError, "Pirate Weather error: \(text)", fieldPath: "error")
        }
        return try DarkSkyDecoder.decode(input, dialect: .pirateWeather)
    }
}

extension DarkSkyDialect {
    static let pirateWeather = DarkSkyDialect(provider: "pirateweather", forecastFormat: PirateWeatherDecoder.format,
                                              historyFormat: PirateWeatherDecoder.historyFormat, unitAliases: ["uk": .uk2],
                                              amend: PirateWeatherAccumulations.amend)
}
