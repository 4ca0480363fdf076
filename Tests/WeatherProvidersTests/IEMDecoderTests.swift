import Foundation
import Testing
import WeatherCore
@testable import WeatherProviders

/// The IEM decoders over look-alike replies (the recorded ones have no licence), values worked
/// out by hand from the fixture's numbers: °F → °C is (F − 32) × 5/9, 1 kt = 1852/3600 m/s,
/// 1 inHg = 33.8639 hPa, 1 in = 25.4 mm.
struct IEMDecoderTests {
    func fixture(_ name: String, _ context: DecodeContext = StationArchive.context()) throws -> DecodedDocument {
        try StationArchive.decode(try sample(name), context).get()
    }

    @Test func obhistoryRowsAreStationObservations() throws {
        let doc = try fixture("iem/own-obhistory-kdsm-dst-start-2024-03-10-wxpipe.json")
        #expect(doc.format == "iem/obhistory")
        let o = doc.observations
        #expect(o.count == 4)
        #expect(o.allSatisfy { $0.stationID == "KDSM" && $0.declaredLocationID == "dsm" && $0.latitude == 41.534 && $0.timeZone == "America/Chicago" })
        #expect(o[0].observedAt == StationArchive.at("2024-03-10T06:54:00Z"))
        #expect(rounds(o[0].tempC, 5.0, 6) && rounds(o[0].dewPointC, 0, 6) && rounds(o[0].feelsLikeC, 1.667, 3))
        #expect(rounds(o[0].windSpeedMs, 5.144, 3) && o[0].windDirDeg == 320 && rounds(o[0].visibilityM, 16093.44, 2))
        #expect(rounds(o[0].pressureHpa, 1016.256, 3) && o[0].humidityPct == 70.2)
        #expect(rounds(o[0].tempMax6hC, 7.222, 3) && rounds(o[0].tempMin6hC, 4.444, 3))
        #expect(o[0].precipMm == 0 && o[0].precipWindowH == 1 && !o[0].precipTrace)
        #expect(o[0].utcOffsetSeconds == -6 * 3600)
        // 0.0001 in is IEM's trace.
        #expect(o[1].precipMm == 0 && o[1].precipTrace && o[1].precipWindowH == 1)
        // The special at :20 after the 07:54 routine report: 26 minutes of precipitation; clocks went forward at 08:00Z.
        #expect(o[2].observedAt == StationArchive.at("2024-03-10T08:20:00Z") && o[2].utcOffsetSeconds == -5 * 3600)
        #expect(rounds(o[2].precipMm, 0.508, 6) && rounds(o[2].precipWindowH, 26.0 / 60, 9) && rounds(o[2].windGustMs, 12.861, 3))
        // Missing is nil, never 0.
        #expect(o[3].tempC == nil && o[3].windSpeedMs == nil && rounds(o[3].precipMm, 1.27, 6) && o[3].precipWindowH == 1)
    }

    @Test func obhistoryWithoutAStationPlaceIsAClearReject() throws {
        let result = StationArchive.decode(try sample("iem/own-obhistory-kdsm-dst-start-2024-03-10-wxpipe.json"), StationArchive.context(locations: []))
        guard case .failure(let f) = result else { Issue.record("must be rejected"); return }
        #expect(f.reason == .missingField)
        #expect(f.message.contains("\"station\": \"KDSM\"") && f.message.contains("--place LAT,LON"), "\(f.message)")
        // The input's place places it instead (no zone is needed for hourly reports).
        let placed = try StationArchive.decode(try sample("iem/own-obhistory-kdsm-dst-start-2024-03-10-wxpipe.json"),
                                               StationArchive.context(locations: [], place: .init(latitude: 41.5, longitude: -93.6))).get()
        #expect(placed.observations.count == 4 && placed.observations[0].latitude == 41.5 && placed.observations[0].declaredLocationID == nil)
    }

    /// The CLIMATE network's day is the NWS climate day: it ends at local standard midnight,
    /// 06:00Z in Des Moines all year — 00:00 CST in winter, 01:00 CDT once clocks went forward.
    @Test func climateNetworkDaysEndAtStandardMidnight() throws {
        let doc = try fixture("iem/own-daily-iatdsm-climate-dst-2024-wxpipe.json")
        #expect(doc.format == "iem/daily")
        let o = doc.observations
        #expect(o.count == 3)
        #expect(o.map(\.observedAt) == [StationArchive.at("2024-03-10T06:00:00Z"), StationArchive.at("2024-03-11T06:00:00Z"),
                                        StationArchive.at("2024-07-05T06:00:00Z")])
        #expect(LocalTime.date(of: o[1].observedAt - 1, zone: "America/Chicago", fixedOffset: nil) == "2024-03-11")  // 00:59:59 CDT
        #expect(o.allSatisfy { $0.extremesWindowH == 24 && $0.stationID == "IATDSM" && $0.declaredLocationID == "dsm-climate" })
        #expect(rounds(o[0].tempMaxC, 10.0, 6) && rounds(o[0].tempMinC, -1.111, 3) && o[0].precipMm == 0 && o[0].precipTrace && o[0].precipWindowH == 24)
        #expect(rounds(o[1].tempMaxC, 15.556, 3) && rounds(o[1].tempMinC, 1.667, 3) && rounds(o[1].precipMm, 3.048, 6))
        #expect(rounds(o[2].tempMaxC, 32.222, 3) && o[2].precipMm == nil && o[2].precipWindowH == nil && o[2].qcFlag == "estimated")
    }

    @Test func dailyDayKindsFollowTheNetwork() {
        #expect(IEMDailyDecoder.kind(network: "IACLIMATE", tempHour: 24) == .climate)
        #expect(IEMDailyDecoder.kind(network: "IA_ASOS", tempHour: nil) == .calendar)
        #expect(IEMDailyDecoder.kind(network: "IA_COOP", tempHour: 7) == .observer(hour: 7, minute: 0))
        #expect(IEMDailyDecoder.kind(network: nil, tempHour: 24) == .climate)
        #expect(IEMDailyDecoder.kind(network: nil, tempHour: 18) == .observer(hour: 18, minute: 0))
        #expect(IEMDailyDecoder.kind(network: nil, tempHour: nil) == .calendar)
    }

    @Test func dailyWithoutAZoneSaysWhichSettingGivesIt() throws {
        let noZone = [StationArchive.location("dsm", "IATDSM", 41.5, -93.6, nil)]
        guard case .failure(let f) = StationArchive.decode(try sample("iem/own-daily-iatdsm-climate-dst-2024-wxpipe.json"),
                                                           StationArchive.context(locations: noZone)) else { Issue.record("must be rejected"); return }
        #expect(f.message.contains("\"timezone\"") && f.message.contains("--station-time-zone"), "\(f.message)")
        let zoned = try StationArchive.decode(try sample("iem/own-daily-iatdsm-climate-dst-2024-wxpipe.json"),
                                              StationArchive.context(locations: noZone, stationTimeZone: "America/Chicago")).get()
        #expect(zoned.observations.count == 3)
    }

    /// CLI values are numbers or the strings "M" and "T"; the climate day across both DST changes.
    @Test func cliReportsWithMissingAndTrace() throws {
        let doc = try fixture("iem/own-cli-kdsm-dst-2024-wxpipe.json")
        #expect(doc.format == "iem/cli")
        let o = doc.observations
        #expect(o.count == 3)  // 2024-11-04 is all "M": a warning, no record
        #expect(doc.warnings.contains { $0.contains("2024-11-04") })
        #expect(o.map(\.observedAt) == [StationArchive.at("2024-03-10T06:00:00Z"), StationArchive.at("2024-03-11T06:00:00Z"),
                                        StationArchive.at("2024-11-04T06:00:00Z")])
        #expect(rounds(o[0].tempMaxC, 10.0, 6) && rounds(o[0].tempMinC, -1.111, 3) && o[0].precipMm == 0 && o[0].precipTrace)
        #expect(o[1].tempMaxC == nil && rounds(o[1].tempMinC, 1.667, 3) && rounds(o[1].precipMm, 3.048, 6) && !o[1].precipTrace)
        #expect(rounds(o[2].tempMaxC, 16.111, 3) && rounds(o[2].tempMinC, 4.444, 3) && o[2].precipMm == 0 && !o[2].precipTrace)
        #expect(o.allSatisfy { $0.extremesWindowH == 24 && $0.precipWindowH == 24 && $0.stationID == "KDSM" && $0.placeName == "DES MOINES" })
    }

    /// Text from the reply reaches a terminal in the reject's message: control characters never do.
    @Test func aStationIdWithControlCharactersIsPrintedSafely() {
        let body = #"{"results": [{"station": "K\u001b[2JDSM", "valid": "2024-03-09", "high": 50, "low": 30, "precip": 0}]}"#
        guard case .failure(let f) = StationArchive.decode(body) else { Issue.record("must be rejected"); return }
        #expect(!f.message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(f.message)")
        #expect(f.message.contains("names no coordinates"))
    }

    @Test func cliTextThatIsNeitherANumberNorMOrTIsNamed() {
        let body = #"{"results": [{"station": "KDSM", "valid": "2024-03-09", "high": "hot", "low": 30, "precip": 0}]}"#
        guard case .failure(let f) = StationArchive.decode(body) else { Issue.record("must be rejected"); return }
        #expect(f.reason == .wrongType && f.fieldPath == "results[0].high", "\(f.message)")
    }
}
