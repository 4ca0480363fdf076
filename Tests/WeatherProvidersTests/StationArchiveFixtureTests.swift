import Foundation
import Testing
import WeatherCore
@testable import WeatherProviders

/// The station-archive replies in Fixtures/providers (iem, acis, ncei, meteostat, synoptic):
/// each decodes, with the stations a pipeline would declare, to the records it holds; every
/// record is of a declared product; and a deterministic mutation corpus of them ends as records
/// or as a reasoned reject, never a crash.
struct StationArchiveFixtureTests {
    static let folders = ["iem/", "acis/", "ncei/", "meteostat/", "synoptic/"]

    /// Whether `file` (`folder/name.json`) is one of these: the other fixture tables leave them out.
    static func owns(_ file: String) -> Bool { folders.contains { file.hasPrefix($0) } }

    struct Row: Sendable, CustomStringConvertible {
        var file: String
        var format: String?
        var observations = 0
        var places = 0
        /// The request URL a collector would keep beside a reply that is shipped bare.
        var url: String? = nil
        var reason: RejectReason = .providerError
        var description: String { file }
    }

    static let table: [Row] = [
        Row(file: "acis/multistndata_county27053_pcpn_2014-07-01_climata.json", format: "acis/multistndata", observations: 27,
            url: ACISDecoderTests.countyURL),
        Row(file: "acis/own-multistndata-okc-tul-obs-hour-dst-start-2024-03-wxpipe.json", format: "acis/multistndata", observations: 3),
        Row(file: "acis/own-stndata-okc-dst-end-2024-11-wxpipe.json", format: "acis/stndata", observations: 3),
        Row(file: "iem/own-cli-kdsm-dst-2024-wxpipe.json", format: "iem/cli", observations: 3),
        Row(file: "iem/own-daily-iatdsm-climate-dst-2024-wxpipe.json", format: "iem/daily", observations: 3),
        Row(file: "iem/own-obhistory-kdsm-dst-start-2024-03-10-wxpipe.json", format: "iem/obhistory", observations: 4),
        Row(file: "meteostat/own-daily-10382-model-filled-dst-start-2024-03-wxpipe.json", format: "meteostat/daily", observations: 2),
        Row(file: "meteostat/own-hourly-10382-model-false-2024-03-31-wxpipe.json", format: "meteostat/hourly", observations: 2),
        Row(file: "meteostat/own-stations-meta-10382-wxpipe.json", format: "meteostat/stations", places: 1),
        Row(file: "ncei/cdo_v2_data_GHCND_PRCP_USC00200230_2013-09.json", format: "ncei/cdo", observations: 28),
        Row(file: "ncei/own-access-daily-summaries-usw00094728-dst-end-2024-11-wxpipe.json", format: "ncei/access", observations: 3),
        Row(file: "ncei/own-cdo-ghcnd-usw00094728-dst-start-2024-03-wxpipe.json", format: "ncei/cdo", observations: 2),
        Row(file: "synoptic/own-error-invalid-token-wxpipe.json", format: nil),
        Row(file: "synoptic/own-timeseries-kslc-english-2024-03-10-wxpipe.json", format: "synoptic/timeseries", observations: 2),
    ]

    static func bytes(_ row: Row) throws -> [UInt8] {
        let body = try sample(row.file)
        return row.url.map { StationArchive.wrapped(body, url: $0) } ?? body
    }

    static func context(_ row: Row) -> DecodeContext {
        StationArchive.context(row.file, stationTimeZone: row.file.hasPrefix("acis/multistndata_county") ? "America/Chicago" : nil)
    }

    @Test(arguments: table)
    func fixtureDecodes(_ row: Row) throws {
        let result = StationArchive.decode(try Self.bytes(row), Self.context(row))
        guard let format = row.format else {
            guard case .failure(let f) = result else { Issue.record("\(row.file): must be rejected"); return }
            #expect(f.reason == row.reason, "\(row.file): \(f.message)")
            return
        }
        let doc = try result.get()
        #expect(doc.format == format && doc.observations.count == row.observations && doc.places.count == row.places, "\(row.file)")
        #expect(!doc.detectedBy.isEmpty && doc.forecasts.isEmpty)
        for o in doc.observations {
            #expect(o.stationID != nil, "\(row.file): every record names its station")
            // A record of a declared product, in its declared role.
            let declared = ProductCatalog.standard.declarations.first { $0.feed == Feed(provider: o.provider, product: o.product) }
            #expect(declared != nil, "\(row.file): \(o.provider)/\(o.product) is not declared")
            #expect(declared?.role == .observed || declared?.role == .nowcast, "\(row.file)")
            // A daily summary states its window; an hourly record does not claim one.
            if o.tempMaxC != nil || o.tempMinC != nil { #expect(o.extremesWindowH.map { $0 >= 23 && $0 <= 25 } == true, "\(row.file)") }
            for t in [o.tempC, o.tempMaxC, o.tempMinC].compactMap({ $0 }) { #expect(t > -50 && t < 50, "\(row.file) \(t)") }
        }
    }

    @Test func tableCoversEveryArchiveFixture() throws {
        let files = try jsonFilesByFolder(in: providerFixtures).filter(Self.owns)
        #expect(files.count == 14)
        #expect(Set(files) == Set(Self.table.map(\.file)))
    }

    @Test func everyMutantEndsAsRecordsOrAReasonedReject() throws {
        var decoded = 0, rejected = 0
        for (k, row) in Self.table.enumerated() {
            for m in MutationCorpusTests.mutants(of: try Self.bytes(row), seed: UInt64(1000 + k)) {
                switch StationArchive.decode(m, Self.context(row)) {
                case .success: decoded += 1
                case .failure(let f):
                    rejected += 1
                    #expect(!f.message.isEmpty, "\(row.file)")
                    #expect(!f.message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(row.file): \(f.message)")
                }
            }
        }
        #expect(decoded + rejected == Self.table.count * 52)
        #expect(decoded > 0 && rejected > 0)
    }
}
