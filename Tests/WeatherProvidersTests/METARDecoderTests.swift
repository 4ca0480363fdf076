import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherProviders

/// METAR JSON fixtures and quirks: Data API 2026 (omitted keys), 2023–25 (nulls), ADDS (strings).
struct METARDecoderTests {
    struct Row: Sendable, CustomStringConvertible {
        var file: String
        var observations: Int
        var stations: [String]
        var description: String { file }
    }

    static let table: [Row] = [
        .init(file: "metar/metar-api-ktys-2026.json", observations: 1, stations: ["KTYS"]),
        .init(file: "metar/own-nyc-metar-api-2026-omitted-keys.json", observations: 3, stations: ["KJFK", "KLGA", "KNYC"]),
        .init(file: "metar/own-knyc-metar-api-2024-nulls.json", observations: 2, stations: ["KNYC", "KNYC"]),
        .init(file: "metar/own-nyc-metar-adds-2018-strings.json", observations: 3, stations: ["KLGA", "KJFK", "KEWR"]),
        .init(file: "metar/own-knyc-metar-api-2026-05-14-six-hour-extremes.json", observations: 24,
              stations: Array(repeating: "KNYC", count: 24)),
    ]

    @Test(arguments: table)
    func fixtureDecodes(_ row: Row) throws {
        let doc = try decodeFixture(row.file)
        #expect(doc.format == "metar/observations")
        #expect(doc.observations.count == row.observations)
        #expect(doc.observations.map { $0.stationID ?? "" } == row.stations)
        #expect(doc.observations.allSatisfy { $0.provider == "metar" && $0.product == "observations" })
        #expect(doc.warnings.isEmpty && doc.forecasts.isEmpty)
    }

    @Test func everyFixtureIsInTheTable() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/Fixtures/providers/metar")
        #expect(Set(files.filter { $0.hasSuffix(".json") }.map { "metar/" + $0 }) == Set(Self.table.map(\.file)))
    }

    @Test func ktysRecordedReport() throws {
        let o = try #require(try decodeFixture("metar/metar-api-ktys-2026.json").observations.first)
        #expect(o.observedAt == iso("2026-01-14T22:53:00Z"))  // obsTime, not reportTime 23:00
        #expect(o.placeName == "Knoxville/Tyson Arpt, TN, US" && rounds(o.latitude, 35.818, 3) && rounds(o.longitude, -83.9857, 4))
        #expect(rounds(o.tempC, 6.7, 1) && rounds(o.dewPointC, 3.9, 1) && o.windDirDeg == 210 && rounds(o.windSpeedMs, 6.173, 3))  // 12 kt
        #expect(rounds(o.pressureHpa, 1005.2, 1) && rounds(o.visibilityM, 16093, 0))  // altim hPa; "10+" SM
        #expect(rounds(o.precipMm, 0.25, 2) && o.precipWindowH == 1 && !o.precipTrace)  // P0001 = 0.01 in
        #expect(o.condition == .cloudy && o.conditionCode == "OVC")
    }

    @Test func dataAPI2026TraceVRBSpeciAndCalm() throws {
        let obs = try decodeFixture("metar/own-nyc-metar-api-2026-omitted-keys.json").observations
        let jfk = obs[0], lga = obs[1], nyc = obs[2]
        #expect(jfk.windDirDeg == nil && rounds(jfk.windSpeedMs, 1.543, 3) && rounds(jfk.tempC, 14.4, 1))  // VRB03KT
        #expect(lga.observedAt == iso("2026-04-11T18:12:00Z"))  // a SPECI, kept
        #expect(lga.precipMm == 0 && lga.precipTrace && lga.precipWindowH == 1)  // P0000: trace 0.005 in
        #expect(rounds(lga.windGustMs, 10.803, 3) && rounds(lga.visibilityM, 6437, 0) && lga.pressureHpa == 1016)
        #expect(lga.condition == .rain && lga.conditionCode == "-RA")
        #expect(nyc.windDirDeg == 0 && nyc.windSpeedMs == 0)  // 00000KT: calm
        #expect(rounds(nyc.precipMm, 3.05, 2) && nyc.precipWindowH == 6 && !nyc.precipTrace)  // 60012
        #expect(rounds(nyc.tempMax6hC, 16.1, 1) && rounds(nyc.tempMin6hC, 11.7, 1) && nyc.tempMax24hC == nil)
        #expect(rounds(nyc.visibilityM, 11265, 0) && nyc.condition == .cloudy)
    }

    @Test func dataAPI2024NullShape() throws {
        let obs = try decodeFixture("metar/own-knyc-metar-api-2024-nulls.json").observations
        #expect(rounds(obs[0].precipMm, 11.94, 2) && obs[0].precipWindowH == 1)  // 1 h before 6 and 24 h
        #expect(rounds(obs[0].tempMax6hC, 9.4, 1) && rounds(obs[0].tempMin6hC, 5.6, 1) && rounds(obs[0].tempMax24hC, 9.4, 1) && rounds(obs[0].tempMin24hC, 1.1, 1))
        #expect(rounds(obs[0].windSpeedMs, 7.202, 3) && rounds(obs[0].windGustMs, 12.861, 3) && rounds(obs[0].visibilityM, 2414, 0))
        #expect(obs[0].condition == .rain && obs[0].conditionCode == "+RA BR")
        #expect(obs[1].windSpeedMs == nil && obs[1].windDirDeg == nil && obs[1].precipMm == nil && obs[1].tempMax6hC == nil)
        #expect(obs[1].condition == .cloudy && obs[1].conditionCode == "OVC")  // from the last cloud layer
    }

    @Test func addsStringsInHgAndVRBZero() throws {
        let obs = try decodeFixture("metar/own-nyc-metar-adds-2018-strings.json").observations
        let lga = obs[0], jfk = obs[1], ewr = obs[2]
        #expect(rounds(lga.tempC, 2.8, 1) && rounds(lga.dewPointC, -4.4, 1) && rounds(lga.pressureHpa, 1024.7, 1))  // 30.259842 inHg
        #expect(lga.windDirDeg == 0 && lga.windSpeedMs == 0 && rounds(lga.visibilityM, 16093, 0) && lga.condition == .clear)
        #expect(jfk.tempC == nil && jfk.windDirDeg == nil && rounds(jfk.windSpeedMs, 2.058, 3))  // no temp_c; "0" at 4 kt is VRB
        #expect(jfk.precipMm == 0 && jfk.precipTrace && jfk.condition == .snow)  // "0.005"; sky_condition as an object
        #expect(rounds(ewr.windGustMs, 12.347, 3) && rounds(ewr.precipMm, 0.51, 2) && ewr.precipWindowH == 1 && rounds(ewr.pressureHpa, 1024.0, 1))
    }

    /// The 2026 shape omits what the 2023–25 shape writes as `null`: both give the same record.
    @Test func missingAndNullGiveTheSameRecord() throws {
        let omitted = """
        [{"icaoId":"KNYC","obsTime":1704844260,"temp":8.3,"dewp":7.2,"wdir":110,"wspd":14,"visib":"10+","altim":993.6,
          "metarType":"METAR","lat":40.7789,"lon":-73.9692,"name":"New York City/Central Park, NY, US"}]
        """
        let nulls = """
        [{"metar_id":1,"icaoId":"KNYC","receiptTime":null,"obsTime":1704844260,"reportTime":null,"temp":8.3,"dewp":7.2,"wdir":110,
          "wspd":14,"wgst":null,"visib":"10+","altim":993.6,"slp":null,"qcField":null,"wxString":null,"presTend":null,"maxT":null,
          "minT":null,"maxT24":null,"minT24":null,"precip":null,"pcp3hr":null,"pcp6hr":null,"pcp24hr":null,"snow":null,
          "vertVis":null,"metarType":"METAR","rawOb":null,"lat":40.7789,"lon":-73.9692,"elev":null,
          "name":"New York City/Central Park, NY, US","cover":null,"clouds":null}]
        """
        let a = try #require(try decode(omitted).get().observations.first)
        let b = try #require(try decode(nulls).get().observations.first)
        #expect(a == b)
        #expect(a.precipMm == nil && a.windGustMs == nil && a.tempMax6hC == nil)
    }

    @Test func traceIsZeroMillimetresInEveryWindow() throws {
        for key in ["precip", "pcp3hr", "pcp6hr", "pcp24hr"] {
            let body = "[{\"icaoId\":\"KNYC\",\"obsTime\":1704844260,\"lat\":40.78,\"lon\":-73.97,\"\(key)\":0.005}]"
            let o = try #require(try decode(body).get().observations.first)
            #expect(o.precipMm == 0 && o.precipTrace, "\(key)")
        }
        let measured = try #require(try decode("[{\"icaoId\":\"KNYC\",\"obsTime\":1704844260,\"lat\":40.78,\"lon\":-73.97,\"pcp24hr\":0.01}]")
            .get().observations.first)
        #expect(rounds(measured.precipMm, 0.25, 2) && measured.precipWindowH == 24 && !measured.precipTrace)
    }

    @Test func wrongTypesAndImplausibleValuesAreRejected() {
        let base = "[{\"icaoId\":\"KNYC\",\"obsTime\":1704844260,\"lat\":40.78,\"lon\":-73.97,"
        guard case .failure(let f) = decode(base + "\"wdir\":\"NW\"}]") else { Issue.record("wdir NW"); return }
        #expect(f.reason == .wrongType)
        // An invented inHg value read as hPa: rejected, or (with value-level quarantine) left
        // missing with a warning, never stored as 29.92 hPa.
        switch decode(base + "\"altim\":29.92}]") {
        case .failure(let g): #expect(g.reason == .implausibleValue)
        case .success(let doc): #expect(doc.observations.first?.pressureHpa == nil && !doc.warnings.isEmpty)
        }
        guard case .failure(let h) = decode("[{\"icaoId\":\"KNYC\",\"obsTime\":\"2024-01-09T23:51:00Z\",\"lat\":40.78,\"lon\":-73.97}]") else {
            Issue.record("ISO obsTime"); return
        }
        #expect(h.reason == .wrongType)
    }

    @Test func weatherGroups() {
        #expect(METARConditions.condition(weather: "+TSRA") == .thunderstorm)
        #expect(METARConditions.condition(weather: "-SHRASN") == .sleet)
        #expect(METARConditions.condition(weather: "-SHSN BLSN") == .snow)
        #expect(METARConditions.condition(weather: "VCSH") == .rain)
        #expect(METARConditions.condition(weather: "-FZRA") == .sleet)
        #expect(METARConditions.condition(weather: "FZFG") == .fog)
        #expect(METARConditions.condition(weather: "+FC") == .wind)
        #expect(METARConditions.condition(weather: "BR HZ") == .fog)
        #expect(METARConditions.condition(weather: "-DZ") == .drizzle)
        #expect(METARConditions.condition(weather: "NSW") == .other)
    }
}
