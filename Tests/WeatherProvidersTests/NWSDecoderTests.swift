import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherProviders

/// The bytes of a fixture under Fixtures/providers (nws/, metar/).
func providerFixture(_ name: String) throws -> [UInt8] {
    let path = repositoryRoot + "/Fixtures/providers/" + name
    let data = try #require(FileManager.default.contents(atPath: path), "missing Fixtures/providers/\(name)")
    return [UInt8](data)
}

func decodeFixture(_ name: String) throws -> DecodedDocument {
    try DocumentDecoder.decode(try providerFixture(name), context: DecodeContext(sourceName: name)).get()
}

func iso(_ text: String) -> Int64 { UTCTime.parseISO8601(text)! }

/// NWS fixtures decode with the values checked by hand against each file (and its rawMessage).
struct NWSFixtureTests {
    struct Row: Sendable, CustomStringConvertible {
        var file: String
        var format: String
        var observations = 0
        var forecasts = 0
        var warnings = 0
        var description: String { file }
    }

    static let table: [Row] = [
        .init(file: "nws/nws-observations-klit-2024-limit1.json", format: "nws/observations", observations: 1),
        .init(file: "nws/nws-latest-kdca-2026.json", format: "nws/observations", observations: 1),
        .init(file: "nws/nws-latest-kfll-2022.json", format: "nws/observations", observations: 1),
        .init(file: "nws/own-knyc-observations-2019-unit-era.json", format: "nws/observations", observations: 6),
        .init(file: "nws/nws-forecast-dca-2026-si.json", format: "nws/forecast", forecasts: 14, warnings: 1),
        .init(file: "nws/own-okx-forecast-2019-us-truncated.json", format: "nws/forecast", forecasts: 6, warnings: 1),
        .init(file: "nws/nws-forecast-hourly-dca-2026-si.json", format: "nws/forecast-hourly", forecasts: 156),
        .init(file: "nws/own-okx-forecast-hourly-2019-us-utc.json", format: "nws/forecast-hourly", forecasts: 6),
    ]

    @Test(arguments: table)
    func fixtureDecodes(_ row: Row) throws {
        let doc = try decodeFixture(row.file)
        #expect(doc.format == row.format)
        #expect(doc.observations.count == row.observations)
        #expect(doc.forecasts.count == row.forecasts)
        #expect(doc.warnings.count == row.warnings, "\(doc.warnings)")
        for o in doc.observations {
            #expect(o.provider == "nws" && o.product == "observations" && o.stationID != nil)
        }
        for f in doc.forecasts { #expect(f.issuedAtSource == .body && f.validTo > f.validFrom) }
    }

    @Test func everyFixtureIsInTheTable() throws {
        let listed = Set(Self.table.map(\.file) + ["nws/own-problem-404.json"])
        let files = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/Fixtures/providers/nws")
        #expect(Set(files.filter { $0.hasSuffix(".json") }.map { "nws/" + $0 }) == listed)
    }

    @Test func klitCurrentUnitCodes() throws {
        let o = try #require(try decodeFixture("nws/nws-observations-klit-2024-limit1.json").observations.first)
        #expect(o.observedAt == iso("2024-02-20T15:53:00Z"))
        #expect(o.stationID == "KLIT" && o.placeName == nil)  // no stationId yet: from the station URL
        #expect(rounds(o.latitude, 34.72, 2) && rounds(o.longitude, -92.23, 2))
        #expect(rounds(o.tempC, 12.8, 1) && rounds(o.dewPointC, 0.6, 1) && o.qcFlag == "V")
        #expect(rounds(o.windSpeedMs, 1.5, 1) && o.windDirDeg == 270 && o.windGustMs == nil)  // 5.4 km/h = 3 kt
        #expect(rounds(o.pressureHpa, 1024.3, 1) && o.visibilityM == 16090 && rounds(o.humidityPct, 43.2, 1))
        #expect(o.precipMm == nil && o.precipWindowH == nil)  // all windows null: not 0 mm
    }

    @Test func kdcaNewerStationFieldsAndAbsentKeys() throws {
        let o = try #require(try decodeFixture("nws/nws-latest-kdca-2026.json").observations.first)
        #expect(o.stationID == "KDCA" && o.placeName == "Washington/Reagan National Airport, DC")
        #expect(o.tempC == -1 && o.dewPointC == -7)
        #expect(o.windSpeedMs == 0 && o.windDirDeg == 0)  // calm, V: a real 0
        #expect(o.pressureHpa == nil)  // seaLevelPressure null (station pressure is not sea level)
        #expect(rounds(o.visibilityM, 9656.1, 1) && rounds(o.humidityPct, 63.8, 1))
        #expect(o.precipMm == nil && o.tempMax24hC == nil && o.tempMin24hC == nil)
        #expect(o.condition == .snow && o.conditionCode == "snow" && o.conditionText == "Light Snow")
    }

    @Test func kfllTransitionalMetresOfPrecipitation() throws {
        let o = try #require(try decodeFixture("nws/nws-latest-kfll-2022.json").observations.first)
        #expect(o.stationID == "KFLL" && rounds(o.tempC, 22.8, 1) && rounds(o.dewPointC, 18.3, 1))
        #expect(rounds(o.windSpeedMs, 2.1, 1) && o.windDirDeg == 20)  // 7.56 km/h = 4 kt
        #expect(rounds(o.pressureHpa, 1018.7, 1))
        #expect(o.precipMm == 0 && o.precipWindowH == 6)  // wmoUnit:m 0 over 6 h (METAR 60000)
        #expect(rounds(o.feelsLikeC, 23.11, 2))  // heatIndex
    }

    @Test func knyc2019UnitEraCollection() throws {
        let obs = try decodeFixture("nws/own-knyc-observations-2019-unit-era.json").observations
        #expect(obs.map(\.observedAt) == ["2019-07-20T14:51:00Z", "2019-07-20T14:23:00Z", "2019-07-20T13:51:00Z",
                                           "2019-07-20T12:51:00Z", "2019-07-20T11:51:00Z", "2018-10-02T09:51:00Z"].map(iso))
        #expect(obs.allSatisfy { $0.stationID == "KNYC" && $0.latitude == 40.78 && $0.longitude == -73.97 })
        #expect(rounds(obs[0].tempC, 32.8, 1) && rounds(obs[0].dewPointC, 22.2, 1) && rounds(obs[0].windSpeedMs, 4.1, 1) && rounds(obs[0].pressureHpa, 1015.6, 1))
        #expect(rounds(obs[0].feelsLikeC, 37.51, 2) && obs[0].qcFlag == "V")
        // SPECI: screened values, 0.3 mm in the last hour (unit:m 0.0003), SLP null.
        #expect(rounds(obs[1].tempC, 31.7, 1) && obs[1].qcFlag == "S" && rounds(obs[1].windGustMs, 9.3, 1) && obs[1].pressureHpa == nil)
        #expect(rounds(obs[1].precipMm, 0.3, 1) && obs[1].precipWindowH == 1 && obs[1].visibilityM == 14480)
        // Wind null/qc:Z although rawMessage has 21012G20KT: missing, not calm.
        #expect(obs[2].windSpeedMs == nil && obs[2].windDirDeg == nil && obs[2].windGustMs == nil)
        #expect(rounds(obs[3].precipMm, 12.2, 1) && obs[3].precipWindowH == 6)
        #expect(obs[4].windDirDeg == nil && rounds(obs[4].windSpeedMs, 2.6, 1))  // VRB05KT
        #expect(rounds(obs[5].tempC, 16.7, 1) && rounds(obs[5].dewPointC, 13.9, 1))
        #expect(obs.allSatisfy { $0.tempMax24hC == nil && $0.tempMin24hC == nil })
    }

    @Test func dcaTwelveHourPeriods() throws {
        let doc = try decodeFixture("nws/nws-forecast-dca-2026-si.json")
        let f = doc.forecasts
        #expect(f.allSatisfy { $0.period == .halfDay && $0.product == "forecast" && $0.unitsAssumed == "si" })
        #expect(f[0].issuedAt == iso("2026-02-06T21:45:05Z"))  // generatedAt, not updateTime
        #expect(abs(f[0].latitude - 38.86933) < 1e-4 && abs(f[0].longitude + 77.05673) < 1e-4)  // grid-cell centre
        // "This Afternoon" 16–18 local: a 2-hour day period, its high for that part only.
        #expect(f[0].validFrom == iso("2026-02-06T21:00:00Z") && f[0].validTo == iso("2026-02-06T23:00:00Z"))
        #expect(f[0].periodHours == 2 && f[0].tempMaxC == 1 && f[0].tempMinC == nil && f[0].targetDate == "2026-02-06")
        #expect(rounds(f[0].windSpeedMs, 1.111, 3) && f[0].windSpeedMaxMs == nil && f[0].precipProbPct == 71 && f[0].windDirDeg == 180)
        #expect(f[1].tempMinC == -11 && f[1].tempMaxC == nil && f[1].periodHours == 12 && f[1].precipProbPct == 45)
        #expect(rounds(f[1].windSpeedMs, 0.556, 3) && rounds(f[1].windSpeedMaxMs, 9.722, 3))  // "2 to 35 km/h"
        #expect(rounds(f[2].windSpeedMs, 10.278, 3) && rounds(f[2].windSpeedMaxMs, 13.333, 3) && f[2].windDirDeg == 315)  // "37 to 48 km/h" NW
        #expect(f.filter { $0.tempMaxC != nil }.count == 7 && f.filter { $0.tempMinC != nil }.count == 7)
        #expect(f.map { $0.tempMaxC ?? $0.tempMinC! } == [1, -11, -7, -12, -4, -11, 0, -6, 7, -1, 8, -1, 4, -3])
        #expect(doc.warnings == ["properties.periods[0] covers 2.0 h, not 12: its high is for that part only"])
    }

    @Test func okxTruncatedFirstPeriodAndUSUnits() throws {
        let f = try decodeFixture("nws/own-okx-forecast-2019-us-truncated.json").forecasts
        #expect(f[0].issuedAt == iso("2019-07-21T08:47:12Z") && rounds(f[0].latitude, 40.7808472, 7) && rounds(f[0].longitude, -73.9657441, 7))
        // "Overnight" 05–06 local: one hour of a night period.
        #expect(f[0].periodHours == 1 && rounds(f[0].tempMinC, 26.11, 2) && f[0].tempMaxC == nil && f[0].targetDate == "2019-07-21")
        #expect(f[0].windSpeedMs == 0 && f[0].windSpeedMaxMs == nil)  // "0 mph" is calm, not missing
        #expect(rounds(f[1].tempMaxC, 36.11, 2) && rounds(f[1].windSpeedMs, 2.235, 3) && rounds(f[1].windSpeedMaxMs, 4.47, 2) && f[1].periodHours == 12)
        #expect(rounds(f[2].tempMinC, 25.56, 2) && rounds(f[2].windSpeedMs, 3.129, 3) && rounds(f[2].windSpeedMaxMs, 5.812, 3))
        // A night period belongs to the evening it starts on.
        #expect(f[2].targetDate == "2019-07-21" && f[4].targetDate == "2019-07-22")
        #expect(f.allSatisfy { $0.precipProbPct == nil })  // 2019 periods had no PoP
        #expect(f[1].condition == .clear && f[1].conditionCode == "hot" && f[2].condition == .thunderstorm)
    }

    @Test func hourlyForecasts() throws {
        let dca = try decodeFixture("nws/nws-forecast-hourly-dca-2026-si.json").forecasts
        #expect(dca.allSatisfy { $0.period == .hour && $0.product == "forecast-hourly" && $0.periodHours == nil })
        #expect(dca[0].tempC == 1 && rounds(dca[0].dewPointC, -3.89, 2) && dca[0].humidityPct == 72 && dca[0].precipProbPct == 71)
        #expect(dca[0].validFrom == iso("2026-02-06T21:00:00Z") && dca[0].validAt == dca[0].validFrom)
        #expect(dca.allSatisfy { $0.precipProbPct != nil && $0.windSpeedMaxMs == nil })
        let me = try decodeFixture("nws/own-okx-forecast-hourly-2019-us-utc.json").forecasts
        #expect(me[0].validFrom == iso("2019-07-21T08:00:00Z") && rounds(me[0].tempC, 25.56, 2))  // +00:00 times taken as written
        #expect(me[1].windSpeedMs == 0)
    }

    @Test func problemBodyIsAProviderError() throws {
        let result = DocumentDecoder.decode(try providerFixture("nws/own-problem-404.json"))
        guard case .failure(let f) = result else { Issue.record("a problem+json body must be rejected"); return }
        #expect(f.reason == .providerError)
        #expect(f.message.hasPrefix("NWS error 404: Not Found"))
    }
}
