import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherProviders

/// The deterministic mutation corpus of `MutationCorpusTests`, over the NWS and METAR fixtures:
/// every mutant decodes to records or to a reasoned reject, never a crash, and what decodes
/// still holds together (station observations keep their station, periods run forwards).
struct StationMutationTests {
    static let seeds: [(String, [UInt8])] = {
        var out: [(String, [UInt8])] = []
        for folder in ["nws", "metar"] {
            let dir = repositoryRoot + "/Fixtures/providers/" + folder
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            for name in names.sorted() where name.hasSuffix(".json") {
                if let d = FileManager.default.contents(atPath: dir + "/" + name) { out.append((folder + "/" + name, [UInt8](d))) }
            }
        }
        return out
    }()

    @Test func seedsArePresent() {
        #expect(Self.seeds.count == 14)  // 9 NWS + 5 METAR
    }

    @Test func everyMutantEndsAsRecordsOrAReasonedReject() {
        var decoded = 0, rejected = 0, records = 0
        var reasons: [RejectReason: Int] = [:]
        for (k, (name, doc)) in Self.seeds.enumerated() {
            let mutants = MutationCorpusTests.mutants(of: doc, seed: UInt64(1000 + k))
            #expect(mutants.count == 52)
            for m in mutants {
                switch DocumentDecoder.decode(m, context: DecodeContext(sourceName: name)) {
                case .success(let d):
                    decoded += 1
                    records += d.recordCount
                    #expect(d.recordCount == d.observations.count + d.forecasts.count)
                    for o in d.observations { #expect(o.stationID != nil, "\(name)") }
                    for f in d.forecasts { #expect(f.validTo > f.validFrom, "\(name)") }
                case .failure(let f):
                    rejected += 1
                    reasons[f.reason, default: 0] += 1
                    #expect(!f.message.isEmpty, "\(name)")
                    #expect(!f.message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(name): \(f.message)")
                }
            }
        }
        #expect(decoded + rejected == Self.seeds.count * 52)
        #expect(decoded > 0 && rejected > 0 && records > 0)
        #expect(reasons.values.reduce(0, +) == rejected)
        print("station mutation corpus: \(Self.seeds.count) seeds, \(decoded) decoded (\(records) records), \(rejected) rejected \(reasons.map { "\($0.key.rawValue)=\($0.value)" }.sorted())")
    }
}
