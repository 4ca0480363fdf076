import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherProviders

/// The mutation corpus over the declared-format fixtures, decoded with their format files: every
/// mutant ends as records or as a reject with a reason and a printable message, never a crash.
struct DeclaredFormatMutationTests {
    /// The names a format may set, as the decoder's own table has them (the store's declarations
    /// are checked against it in `DeclaredFormatDecodeTests`).
    static let columns = DeclaredFormat.Columns(observations: DeclaredColumns.settable(.observed),
                                                forecasts: DeclaredColumns.settable(.forecast))

    static let seeds: [(DeclaredFormat, [UInt8])] = {
        ["backyard-logger", "regional-point-forecast", "citynet-hourly"].compactMap { name in
            guard let format = FileManager.default.contents(atPath: repositoryRoot + "/Formats/\(name).json"),
                  let doc = FileManager.default.contents(atPath: repositoryRoot + "/Fixtures/formats/\(name).json"),
                  let parsed = try? DeclaredFormat.parse([UInt8](format), file: name, columns: columns) else { return nil }
            return (parsed, [UInt8](doc))
        }
    }()

    @Test func everyMutantEndsAsRecordsOrAReasonedReject() {
        #expect(Self.seeds.count == 3)
        var decoded = 0, rejected = 0, records = 0
        for (k, (format, doc)) in Self.seeds.enumerated() {
            let context = DecodeContext(settings: IngestSettings(formats: [format]), sourceName: "m-2024-05-01T00-00-00Z.json")
            for m in MutationCorpusTests.mutants(of: doc, seed: UInt64(7000 + k)) {
                switch DocumentDecoder.decode(m, context: context) {
                case .success(let d):
                    decoded += 1
                    records += d.recordCount
                    for f in d.forecasts { #expect(f.validTo > f.validFrom, "\(format.name)") }
                    for o in d.observations { #expect(o.provider == format.provider && o.product == format.product) }
                case .failure(let f):
                    rejected += 1
                    #expect(!f.message.isEmpty, "\(format.name)")
                    #expect(!f.message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(format.name): \(f.message)")
                }
            }
        }
        #expect(decoded + rejected == Self.seeds.count * 52)
        #expect(decoded > 0 && rejected > 0 && records > 0)
        print("declared-format mutation corpus: \(decoded) decoded (\(records) records), \(rejected) rejected")
    }
}
