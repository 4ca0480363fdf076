import Foundation
import Testing
import WeatherCore
@testable import WeatherProviders

struct OWMCurrentSampleTests {
    static let files: [String] = {
        let dir = providerFixtures + "/owm-current"
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }()

    @Test func samplesArePresent() {
        #expect(Self.files.count == 9, "expected the 9 OWM current replies in Fixtures/providers/owm-current")
    }

    /// Every recorded reply decodes in the units its name says, or is the error body.
    @Test(arguments: files)
    func everySampleDecodes(_ name: String) throws {
        let bytes = try sample("owm-current/" + name)
        let units: UnitSystem = name.contains("imperial") ? .imperial : name.contains("metric") ? .metric : .standard
        let result = DocumentDecoder.decode(bytes, context: DecodeContext(owmUnits: units))
        if name.hasPrefix("error-") {
            guard case .failure(let f) = result else { Issue.record("error body must be rejected"); return }
            #expect(f.reason == .providerError)
            #expect(f.message.contains("401"))
            return
        }
        let doc = try result.get()
        #expect(doc.format == "openweathermap/current")
        let o = try #require(doc.observations.first)
        #expect(o.tempC! > -40 && o.tempC! < 45)
        #expect(o.unitsAssumed == units.rawValue)
        #expect(o.precipWindowH != nil)
    }

    @Test func londonSampleInDetail() throws {
        let bytes = try sample("owm-current/london-standard-rain1h-2020-owrc.json")
        let o = try #require(try DocumentDecoder.decode(bytes).get().observations.first)
        #expect(o.observedAt == 1588047748)
        #expect(approx(o.tempC, 8.72))
        #expect(approx(o.feelsLikeC, 3.96))
        #expect(o.pressureHpa == 1005)
        #expect(o.humidityPct == 87)
        #expect(o.windSpeedMs == 5.7)
        #expect(o.windDirDeg == 90)
        #expect(o.windGustMs == nil)
        #expect(o.cloudCoverPct == 75)
        #expect(o.visibilityM == 8000)
        #expect(o.rainMm == 1.27 && o.precipMm == 1.27 && o.precipWindowH == 1)
        #expect(o.condition == .rain && o.conditionCode == "501" && o.conditionText == "moderate rain")
        #expect(o.placeName == "London" && o.country == "GB")
        #expect(o.sunriseAt == 1588048633 && o.sunsetAt == 1588101506)
        #expect(o.utcOffsetSeconds == 3600)
        #expect(o.unitsSource == .default)
    }

    @Test func imperialMoscowConverts() throws {
        let bytes = try sample("owm-current/moscow-imperial-lang-ru-2020-owrc.json")
        let o = try #require(try DocumentDecoder.decode(bytes, context: DecodeContext(owmUnits: .imperial)).get().observations.first)
        #expect(o.tempC == 12)            // 53.6 °F
        #expect(approx(o.windSpeedMs, 3.0))     // 6.71 mph = 2.9996 m/s
        #expect(o.placeName == "Москва")  // a label only
    }

    @Test func twoConditionsKeepAllCodes() throws {
        let bytes = try sample("owm-current/wellington-metric-rain1h-two-weather-conditions-2024-wxpipe.json")
        let o = try #require(try DocumentDecoder.decode(bytes, context: DecodeContext(owmUnits: .metric)).get().observations.first)
        #expect(o.conditionCode == "501,301")
        #expect(o.condition == .rain)
        #expect(o.rainMm == 1.42 && o.precipWindowH == 1)
    }

    @Test func metricReadAsStandardIsImplausibleAndSaysWhy() throws {
        let bytes = try sample("owm-current/moscow-metric-lang-fr-2020-owrc.json")
        guard case .failure(let f) = DocumentDecoder.decode(bytes) else { Issue.record("must reject"); return }
        #expect(f.reason == .implausibleValue)
        #expect(f.fieldPath == "main.temp")
        #expect(f.message.contains("standard"))
        #expect(f.message.contains("--units"))
    }
}

struct OWMCurrentRuleTests {
    static let base = #"{"coord":{"lon":-0.13,"lat":51.51},"weather":[{"id":800,"main":"Clear","description":"clear sky"}],"main":{"temp":%TEMP%,"humidity":50%MAIN%},"wind":{"speed":%WIND%,"deg":10}%EXTRA%,"dt":1714550400,"timezone":3600,"name":"London","cod":200}"#

    static func body(temp: String = "290.15", wind: String = "4", main: String = "", extra: String = "") -> String {
        base.replacingOccurrences(of: "%TEMP%", with: temp).replacingOccurrences(of: "%WIND%", with: wind)
            .replacingOccurrences(of: "%MAIN%", with: main).replacingOccurrences(of: "%EXTRA%", with: extra)
    }

    @Test func unitsFromEveryPlace() throws {
        #expect(try observation(Self.body()).tempC == 17)
        #expect(try observation(Self.body(temp: "17"), units: .metric).tempC == 17)
        #expect(approx(try observation(Self.body(temp: "62.6", wind: "10"), units: .imperial).windSpeedMs, 4.47))
        #expect(try observation(Self.body(temp: "62.6"), units: .imperial).tempC == 17)
        // The envelope URL wins over the input's setting.
        let env = #"{"fetched_at":"2024-05-01T08:00:03Z","url":"https://api.openweathermap.org/data/2.5/weather?q=London&units=metric","provider":"openweathermap","location":{"id":"london"},"response":\#(Self.body(temp: "17"))}"#
        let o = try observation(env, units: .imperial)
        #expect(o.tempC == 17)
        #expect(o.unitsSource == .envelopeURL)
        #expect(o.declaredLocationID == "london")
        // A URL without units= proves the API default (Kelvin).
        let env2 = #"{"fetched_at":1714550403,"url":"https://api.openweathermap.org/data/2.5/weather?q=London","response":\#(Self.body())}"#
        #expect(try observation(env2, units: .metric).tempC == 17)
    }

    @Test func precipitationWindows() throws {
        let none = try observation(Self.body())
        #expect(none.precipMm == 0 && none.precipWindowH == 1 && none.rainMm == 0)
        let three = try observation(Self.body(extra: #","rain":{"3h":1.5}"#))
        #expect(three.precipMm == 1.5 && three.precipWindowH == 3)
        let both = try observation(Self.body(extra: #","rain":{"1h":0.5},"snow":{"1h":0.25}"#))
        #expect(both.precipMm == 0.75 && both.snowMm == 0.25)
    }

    @Test(arguments: [
        (body(temp: "\"warm\""), RejectReason.wrongType, "main.temp"),
        (body(main: #","pressure":"high""#), .wrongType, "main.pressure"),
        (body(temp: "400"), .implausibleValue, "main.temp"),
        (body(main: #","humidity":-3"#), .implausibleValue, "main.humidity"),
        (body(extra: #","rain":{"1h":-1}"#), .implausibleValue, "rain.1h"),
        (body(wind: "-2"), .implausibleValue, "wind.speed"),
        (body(extra: #","rain":5"#), .wrongType, "rain"),
        (body().replacingOccurrences(of: #""main":{"temp":290.15,"humidity":50}"#, with: #""main":{"humidity":50}"#), .missingField, "main.temp"),
        (body().replacingOccurrences(of: #","dt":1714550400"#, with: #","dt":"yesterday""#), .wrongType, "dt"),
        (body().replacingOccurrences(of: #""lat":51.51"#, with: #""lat":151.51"#), .implausibleValue, "coord.lat"),
        (#"{"cod":"404","message":"city not found"}"#, .providerError, "cod"),
        (#"{"hello":"world"}"#, .unknownFormat, ""),
        (#"[1,2,3]"#, .unknownFormat, ""),
        (#"{"coord":{"lon":0,"lat":0},"main":"#, .truncatedInput, ""),
        (#"{"coord":{"lon":0 "lat":0}}"#, .invalidJSON, ""),
        ("   ", .empty, ""),
    ])
    func rejectReasons(_ text: String, _ reason: RejectReason, _ path: String) {
        guard case .failure(let f) = decode(text) else { Issue.record("must reject: \(text)"); return }
        #expect(f.reason == reason, "\(f)")
        #expect((f.fieldPath ?? "") == path, "\(f)")
    }

    @Test func messagesNameTheFieldAndValue() {
        guard case .failure(let f) = decode(Self.body(main: #","humidity":140"#)) else { Issue.record("must reject"); return }
        #expect(f.message.contains("main.humidity") && f.message.contains("140"))
    }

    @Test func syntaxErrorsHaveLineAndColumn() {
        guard case .failure(let f) = decode("{\n  \"a\": [1,\n  ]\n}") else { Issue.record("must reject"); return }
        #expect(f.message.contains("line 3, column 3"))
    }

    @Test func tempMinMaxAreNotStoredAsDailyExtremes() throws {
        let o = try observation(Self.body(main: #","temp_min":280,"temp_max":300"#))
        #expect(o.tempC == 17)  // only the instant value exists on an observation
    }
}

/// `weather` entries are read straight from the JSON when they are as expected
/// (`OWMFields.condition`); anything else goes through `Field`s, which name what is wrong.
struct OWMWeatherEntryTests {
    static func decode(weather: String) -> Result<DecodedDocument, DecodeFailure> {
        let body = #"{"coord":{"lon":-0.13,"lat":51.51},"weather":\#(weather),"main":{"temp":290.15},"dt":1714550400,"name":"London","cod":200}"#
        return DocumentDecoder.decode(Array(body.utf8))
    }

    @Test func codesJoinAndTheFirstEntryNamesTheCondition() throws {
        let o = try #require(try Self.decode(weather: #"[{"id":500,"description":"light rain"},{"id":701,"description":"mist"}]"#).get().observations.first)
        #expect(o.conditionCode == "500,701")
        #expect(o.conditionText == "light rain")
        #expect(o.condition == .rain)
        let none = try #require(try Self.decode(weather: "[]").get().observations.first)
        #expect(none.conditionCode == nil && none.condition == nil && none.conditionText == nil)
        let plain = try #require(try Self.decode(weather: #"[{"id":800,"description":null}]"#).get().observations.first)
        #expect(plain.conditionCode == "800" && plain.conditionText == nil)
    }

    @Test(arguments: [
        (#"{"id":800}"#, "weather", RejectReason.wrongType),
        (#"[{"id":"800"}]"#, "weather[0].id", .wrongType),
        (#"[{"id":800},{"main":"Mist"}]"#, "weather[1].id", .missingField),
        (#"[{"id":800.5}]"#, "weather[0].id", .wrongType),
        (#"[{"id":800,"description":5}]"#, "weather[0].description", .wrongType),
        (#"[7]"#, "weather[0]", .wrongType),
    ])
    func aMalformedEntryNamesItsPath(weather: String, path: String, reason: RejectReason) {
        guard case .failure(let f) = Self.decode(weather: weather) else {
            Issue.record("\(weather) must be rejected")
            return
        }
        #expect(f.fieldPath == path)
        #expect(f.reason == reason)
    }
}
