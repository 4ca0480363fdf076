import Foundation
import Testing
import WeatherCore
@testable import WeatherProviders

/// NWS unit codes, QC flags, the wind-speed grammar and forecast rules, on small bodies.
struct NWSUnitTests {
    /// A `/observations/latest` Feature with the given properties after the required ones.
    static func latest(_ props: String) -> String {
        """
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-73.97, 40.78]},
         "properties": {"station": "https://api.weather.gov/stations/KNYC", "timestamp": "2024-07-01T12:51:00+00:00"\(props.isEmpty ? "" : ", " + props)}}
        """
    }

    static func value(_ key: String, _ v: String, _ unit: String, qc: String? = "V") -> String {
        "\"\(key)\": {\"unitCode\": \"\(unit)\", \"value\": \(v)\(qc.map { ", \"qualityControl\": \"\($0)\"" } ?? "")}"
    }

    static func observationDoc(_ props: String) throws -> DecodedDocument { try decode(latest(props)).get() }

    struct Conversion: Sendable, CustomStringConvertible {
        var key: String, raw: String, unit: String
        var read: @Sendable (Observation) -> Double?
        var expected: Double
        var description: String { "\(key) \(raw) \(unit)" }
    }

    /// Every unit code seen in recorded replies, old `unit:` and new `wmoUnit:` spelling.
    static let conversions: [Conversion] = [
        .init(key: "temperature", raw: "17.800012207031273", unit: "unit:degC", read: { $0.tempC }, expected: 17.8),
        .init(key: "temperature", raw: "-1", unit: "wmoUnit:degC", read: { $0.tempC }, expected: -1),
        .init(key: "windSpeed", raw: "2.0999999046325684", unit: "unit:m_s-1", read: { $0.windSpeedMs }, expected: 2.1),
        .init(key: "windSpeed", raw: "9.36", unit: "wmoUnit:km_h-1", read: { $0.windSpeedMs }, expected: 2.6),
        .init(key: "windGust", raw: "14.76", unit: "wmoUnit:km_h-1", read: { $0.windGustMs }, expected: 4.1),
        .init(key: "windDirection", raw: "119.99999999999999", unit: "unit:degree_(angle)", read: { $0.windDirDeg }, expected: 119.99999999999999),
        .init(key: "windDirection", raw: "270", unit: "wmoUnit:degree_(angle)", read: { $0.windDirDeg }, expected: 270),
        .init(key: "seaLevelPressure", raw: "100810", unit: "unit:Pa", read: { $0.pressureHpa }, expected: 1008.1),
        .init(key: "seaLevelPressure", raw: "100372.55", unit: "wmoUnit:Pa", read: { $0.pressureHpa }, expected: 1003.73),
        .init(key: "visibility", raw: "16090", unit: "unit:m", read: { $0.visibilityM }, expected: 16090),
        .init(key: "visibility", raw: "9656.06", unit: "wmoUnit:m", read: { $0.visibilityM }, expected: 9656.1),
        .init(key: "precipitationLastHour", raw: "0.0003", unit: "unit:m", read: { $0.precipMm }, expected: 0.3),
        .init(key: "precipitationLastHour", raw: "0.0122", unit: "wmoUnit:m", read: { $0.precipMm }, expected: 12.2),
        .init(key: "precipitationLastHour", raw: "1.3", unit: "wmoUnit:mm", read: { $0.precipMm }, expected: 1.3),
        .init(key: "relativeHumidity", raw: "87.16637358839269", unit: "unit:percent", read: { $0.humidityPct }, expected: 87.2),
        .init(key: "relativeHumidity", raw: "43.24031437479", unit: "wmoUnit:percent", read: { $0.humidityPct }, expected: 43.2),
    ]

    @Test(arguments: conversions)
    func unitCodeConversion(_ c: Conversion) throws {
        let doc = try Self.observationDoc(Self.value(c.key, c.raw, c.unit))
        let value = c.read(try #require(doc.observations.first))
        #expect(rounds(value, c.expected, 1), "\(value ?? .nan)")
        #expect(doc.warnings.isEmpty)
    }

    /// An unknown code, or a known code of the wrong kind, leaves the value missing and warns.
    @Test(arguments: [("temperature", "wmoUnit:degF"), ("windSpeed", "wmoUnit:kn"), ("temperature", "wmoUnit:mm"),
                      ("seaLevelPressure", "unit:hPa"), ("temperature", "")])
    func unknownUnitCodeIsMissingWithAWarning(_ key: String, _ unit: String) throws {
        let doc = try Self.observationDoc(Self.value(key, "20", unit))
        let o = try #require(doc.observations.first)
        #expect(o.tempC == nil && o.windSpeedMs == nil && o.pressureHpa == nil)
        #expect(doc.warnings.count == 1)
        #expect(doc.warnings.first?.contains("left missing") == true)
    }

    @Test func qcFlagsKeepVCSZAndDropXQWithOrWithoutPrefix() throws {
        for flag in ["V", "C", "S", "Z", "qc:V", "qc:C", "qc:S", "qc:Z"] {
            let doc = try Self.observationDoc(Self.value("temperature", "21.5", "wmoUnit:degC", qc: flag))
            let o = try #require(doc.observations.first)
            #expect(rounds(o.tempC, 21.5, 1), "\(flag)")
            #expect(o.qcFlag == String(flag.suffix(1)), "the flag is stored without its prefix")
        }
        for flag in ["X", "Q", "qc:X", "qc:Q"] {
            let doc = try Self.observationDoc(Self.value("temperature", "21.5", "wmoUnit:degC", qc: flag))
            let o = try #require(doc.observations.first)
            #expect(o.tempC == nil, "\(flag)")
            #expect(o.qcFlag == String(flag.suffix(1)))
            #expect(doc.warnings.count == 1 && doc.warnings[0].contains("quality control flag"))
        }
        // No qualityControl at all (max/min 24 h in 2022+), or null (2019): accepted.
        let doc = try Self.observationDoc(Self.value("maxTemperatureLast24Hours", "30.6", "wmoUnit:degC", qc: nil) + ", "
                                          + "\"minTemperatureLast24Hours\": {\"value\": 18.3, \"unitCode\": \"unit:degC\", \"qualityControl\": null}")
        #expect(rounds(doc.observations.first?.tempMax24hC, 30.6, 1) && rounds(doc.observations.first?.tempMin24hC, 18.3, 1))
    }

    @Test func qcPolicyIsConfigurable() throws {
        let strict = NWSObservationDecoder(policy: NWSQualityPolicy(accepted: ["V"]))
        let registry = DecoderRegistry([strict])
        let body = Self.latest(Self.value("temperature", "21.5", "wmoUnit:degC", qc: "Z") + ", " + Self.value("dewpoint", "10", "wmoUnit:degC"))
        let doc = try DocumentDecoder.decode(Array(body.utf8), context: DecodeContext(), registry: registry).get()
        #expect(doc.observations.first?.tempC == nil && doc.observations.first?.dewPointC == 10)
    }

    @Test func emptyCollectionIsAnAcceptedDocumentWithoutRecords() throws {
        let doc = try decode(#"{"@context": ["https://geojson.org/geojson-ld/geojson-context.jsonld"], "type": "FeatureCollection", "features": []}"#).get()
        #expect(doc.format == "nws/observations" && doc.recordCount == 0)
        guard case .failure(let f) = decode(#"{"type": "FeatureCollection", "features": []}"#) else {
            Issue.record("a bare empty collection says nothing about its origin"); return
        }
        #expect(f.reason == .unknownFormat)
    }

    @Test func precipitationTakesTheShortestReportedWindow() throws {
        let three = Self.value("precipitationLast3Hours", "2.5", "wmoUnit:mm")
        let six = Self.value("precipitationLast6Hours", "4.1", "wmoUnit:mm")
        let nullHour = Self.value("precipitationLastHour", "null", "wmoUnit:mm", qc: "Z")
        let o = try #require(try Self.observationDoc([nullHour, six, three].joined(separator: ", ")).observations.first)
        #expect(rounds(o.precipMm, 2.5, 1) && o.precipWindowH == 3)
        let none = try #require(try Self.observationDoc(nullHour).observations.first)
        #expect(none.precipMm == nil && none.precipWindowH == nil)
    }

    @Test func windGrammar() {
        #expect({ let w = NWSWindSpeed.parse("0 mph")!; return rounds(w.speedMs, 0, 3) && w.maxMs == nil }())
        #expect({ let w = NWSWindSpeed.parse("5 mph")!; return rounds(w.speedMs, 2.235, 3) && w.maxMs == nil }())
        #expect({ let w = NWSWindSpeed.parse("0 to 5 mph")!; return rounds(w.speedMs, 0, 3) && rounds(w.maxMs, 2.235, 3) }())
        #expect({ let w = NWSWindSpeed.parse("7 to 13 mph")!; return rounds(w.speedMs, 3.129, 3) && rounds(w.maxMs, 5.812, 3) }())
        #expect({ let w = NWSWindSpeed.parse("4 km/h")!; return rounds(w.speedMs, 1.111, 3) && w.maxMs == nil }())
        #expect({ let w = NWSWindSpeed.parse("37 to 48 km/h")!; return rounds(w.speedMs, 10.278, 3) && rounds(w.maxMs, 13.333, 3) }())
        for bad in ["", "mph", "5", "5mph", "5 kt", "-5 mph", "5.5 mph", "5 to mph", "10 to 5 mph", "5 - 10 mph",
                    "5 to 10 to 15 mph", "5  mph", "around 5 mph", "99999 mph", "５ mph"] {
            #expect(NWSWindSpeed.parse(bad) == nil, "\(bad)")
        }
    }

    static func forecastBody(_ periods: String, header: String = "\"generatedAt\": \"2024-06-19T10:00:00+00:00\", \"units\": \"us\"") -> String {
        """
        {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[-73.98, 40.79], [-73.98, 40.77], [-73.95, 40.77], [-73.95, 40.79], [-73.98, 40.79]]]},
         "properties": {\(header), "periods": [\(periods)]}}
        """
    }

    static func period(_ name: String, _ start: String, _ end: String, day: Bool, t: Int, wind: String = "5 mph") -> String {
        """
        {"number": 1, "name": "\(name)", "startTime": "\(start)", "endTime": "\(end)", "isDaytime": \(day), "temperature": \(t),
         "temperatureUnit": "F", "windSpeed": "\(wind)", "windDirection": "SW", "shortForecast": "Sunny"}
        """
    }

    /// Highs and lows follow `isDaytime`, whatever the name says ("Juneteenth", or a misleading "Tonight").
    @Test func daytimeDecidesHighOrLowNeverTheName() throws {
        let body = Self.forecastBody([
            Self.period("Juneteenth", "2024-06-19T14:00:00-04:00", "2024-06-19T18:00:00-04:00", day: true, t: 88),
            Self.period("Tonight", "2024-06-20T06:00:00-04:00", "2024-06-20T18:00:00-04:00", day: true, t: 90),
            Self.period("Thursday", "2024-06-20T18:00:00-04:00", "2024-06-21T06:00:00-04:00", day: false, t: 72),
        ].joined(separator: ","))
        let doc = try decode(body).get()
        let f = doc.forecasts
        #expect(rounds(f[0].tempMaxC, 31.11, 2) && rounds(f[1].tempMaxC, 32.22, 2) && f[2].tempMaxC == nil)
        #expect(f[0].tempMinC == nil && f[1].tempMinC == nil && rounds(f[2].tempMinC, 22.22, 2))
        #expect(f.map(\.periodHours) == [4, 12, 12] && f.map(\.targetDate) == ["2024-06-19", "2024-06-20", "2024-06-20"])
        #expect(doc.warnings.count == 1)  // the 4-hour first period
        #expect(abs(f[0].latitude - 40.78) < 1e-9 && abs(f[0].longitude + 73.965) < 1e-9)
    }

    @Test func issueTimePrecedence() throws {
        let p = Self.period("Today", "2024-06-19T06:00:00-04:00", "2024-06-19T18:00:00-04:00", day: true, t: 80)
        let update = try decode(Self.forecastBody(p, header: "\"updateTime\": \"2024-06-19T09:00:00+00:00\", \"units\": \"us\"")).get()
        #expect(update.forecasts[0].issuedAt == iso("2024-06-19T09:00:00Z") && update.forecasts[0].issuedAtSource == .body)
        let updated = try decode(Self.forecastBody(p, header: "\"updated\": \"2024-06-19T08:00:00+00:00\", \"units\": \"si\"")).get()
        #expect(updated.forecasts[0].issuedAt == iso("2024-06-19T08:00:00Z"))
        // Nothing in the body: the envelope's fetched_at, as for every provider.
        let wrapped = "{\"fetched_at\": \"2024-06-19T07:00:00Z\", \"response\": \(Self.forecastBody(p, header: "\"units\": \"us\""))}"
        let enveloped = try decode(wrapped).get()
        #expect(enveloped.forecasts[0].issuedAt == iso("2024-06-19T07:00:00Z") && enveloped.forecasts[0].issuedAtSource == .envelope)
    }

    @Test func unreadableWindIsMissingWithAWarning() throws {
        let p = Self.period("Today", "2024-06-19T06:00:00-04:00", "2024-06-19T18:00:00-04:00", day: true, t: 80, wind: "light and variable")
        let doc = try decode(Self.forecastBody(p)).get()
        #expect(doc.forecasts[0].windSpeedMs == nil && doc.warnings.count == 1)
    }

    @Test func siTemperaturesAndUnknownTemperatureUnit() throws {
        let c = Self.period("Today", "2024-06-19T06:00:00-04:00", "2024-06-19T18:00:00-04:00", day: true, t: 27)
            .replacingOccurrences(of: "\"F\"", with: "\"C\"")
        #expect(try decode(Self.forecastBody(c)).get().forecasts[0].tempMaxC == 27)
        let k = c.replacingOccurrences(of: "\"C\"", with: "\"K\"")
        let doc = try decode(Self.forecastBody(k)).get()
        #expect(doc.forecasts[0].tempMaxC == nil && doc.warnings.count == 1)
    }
}
