import Foundation
import Testing
import WeatherCore
@testable import WeatherProviders

/// Optional extended check: the recorded NWS and METAR replies in ../shared/provider-samples
/// (most of which may not be copied into this repository) decode with hand-checked counts. It
/// runs only when that folder is present and prints that it ran; a plain clone skips it.
struct SharedStationSampleTests {
    static var present: Bool { sharedSamplesIfPresent.map { FileManager.default.fileExists(atPath: $0 + "/nws") } ?? false }

    /// The recorded reply itself, from ../shared/provider-samples.
    func recorded(_ name: String) throws -> [UInt8] {
        let root = try #require(sharedSamplesIfPresent)
        return Array(try #require(FileManager.default.contents(atPath: root + "/" + name), "missing \(name)"))
    }

    func shared(_ name: String) throws -> DecodedDocument {
        try DocumentDecoder.decode(try recorded(name), context: DecodeContext(sourceName: name)).get()
    }

    @Test func recordedStationRepliesDecode() throws {
        guard Self.present else {
            print("extended NWS/METAR sample check skipped: ../shared/provider-samples not present")
            return
        }
        let kcnk = try shared("nws/nws-observations-kcnk-2019.json").observations
        #expect(kcnk.count == 153 && kcnk.allSatisfy { $0.stationID == "KCNK" })
        #expect(kcnk.filter { $0.windSpeedMs == nil }.count == 4)  // null/qc:Z although rawMessage has wind
        #expect(rounds(kcnk[0].precipMm, 12.2, 1) && kcnk[0].precipWindowH == 6)  // unit:m 0.0122
        let kmpv = try #require(try shared("nws/nws-latest-kmpv-2024.json").observations.first)
        #expect(kmpv.windDirDeg == nil && rounds(kmpv.windSpeedMs, 2.6, 1) && rounds(kmpv.pressureHpa, 1025.4, 1) && rounds(kmpv.feelsLikeC, 35.67, 2))
        let ks = try shared("nws/nws-forecast-ks-2019-us.json")
        #expect(ks.forecasts.count == 14 && ks.forecasts[0].periodHours == 1 && rounds(ks.forecasts[0].tempMinC, 18.89, 2))
        #expect(ks.forecasts.filter { $0.windSpeedMs == 0 && $0.windSpeedMaxMs == nil }.count == 2)  // "0 mph"
        let me = try shared("nws/nws-forecast-hourly-me-2019-us.json")
        #expect(me.format == "nws/forecast-hourly" && me.forecasts.count == 156)
        let west = try shared("metar/metar-api-west-us-2026.json").observations
        #expect(west.count == 72 && west.filter(\.precipTrace).count == 13 && west.filter { $0.precipMm != nil }.count == 23)
        #expect(west.filter { $0.tempMax6hC != nil }.count == 48)
        #expect(west.first { $0.stationID == "KHII" }?.windDirDeg == nil)  // "VRB"
        let adds = try shared("metar/metar-adds-oregon-2018.json").observations
        #expect(adds.count == 63 && adds.filter { $0.tempC == nil }.count == 5 && adds.filter(\.precipTrace).count == 8)
        for name in ["nws/nws-observations-klit-2024-limit1.json", "nws/nws-latest-kdca-2026.json", "nws/nws-latest-kfll-2022.json",
                     "nws/nws-forecast-dca-2026-si.json", "nws/nws-forecast-hourly-dca-2026-si.json", "metar/metar-api-ktys-2026.json"] {
            #expect(try recorded(name) == providerFixture(name), "the fixture is a byte-for-byte copy: \(name)")
        }
        print("extended NWS/METAR sample check ran over ../shared/provider-samples (nws: 9 files, metar: 3)")
    }
}
