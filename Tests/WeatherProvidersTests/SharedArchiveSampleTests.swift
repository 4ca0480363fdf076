import Foundation
import Testing
import WeatherCore
@testable import WeatherProviders

/// Optional extended check: every recorded station-archive reply in ../shared/provider-samples
/// (iem, acis, ncei, meteostat, synoptic; most may not be copied here) decodes to records, given
/// what the reply leaves to its request and to the pipeline: the request URL (in an envelope, as
/// a collector keeps it) and the declared stations. Runs only when that folder is present and
/// prints that it ran; a plain clone skips it. A new file in these folders needs its row.
struct SharedArchiveSampleTests {
    struct Row {
        var file: String
        var url: String?
        var format: String?
        var observations = 0
        var places = 0
        var stationTimeZone: String?
        var reason: RejectReason = .missingField
    }

    static let folders = ["iem", "acis", "ncei", "meteostat", "synoptic"]

    static let table: [Row] = [
        Row(file: "iem/obhistory_NYC_NY_ASOS_2026-05-14.json", format: "iem/obhistory", observations: 24),
        Row(file: "iem/daily_NYTNYC_NYCLIMATE_2026-05.json",
            url: "https://mesonet.agron.iastate.edu/api/1/daily.json?station=NYTNYC&network=NYCLIMATE&year=2026&month=5",
            format: "iem/daily", observations: 10),
        Row(file: "acis/multistndata_county27053_pcpn_2014-07-01_climata.json",
            url: "http://data.rcc-acis.org/MultiStnData?county=27053&sdate=2014-07-01&edate=2014-07-01&elems=pcpn&meta=name,state,sids,ll,elev,uid,county,climdiv",
            format: "acis/multistndata", observations: 41 - 14, stationTimeZone: "America/Chicago"),
        Row(file: "acis/multistndata_okc_tul_mint_maxt_2011-12-31_acis-python.json",
            url: #"http://data.rcc-acis.org/MultiStnData?params={\"sids\":\"okc,tul\",\"sdate\":\"20111231\",\"edate\":\"20120101\",\"meta\":\"uid,name,county\",\"elems\":[{\"name\":\"mint\",\"smry\":\"min\"},{\"vX\":1,\"smry\":\"max\"}]}"#,
            format: "acis/multistndata", observations: 4),
        Row(file: "acis/stndata_okc_mint_maxt_2011-12-31_acis-python.json",
            url: #"http://data.rcc-acis.org/StnData?params={\"sid\":\"okc\",\"sdate\":\"2011-12-31\",\"edate\":\"2012-01-01\",\"meta\":\"uid,name,county\",\"elems\":[{\"name\":\"mint\",\"smry\":\"min\"},{\"vX\":1,\"smry\":\"max\"}]}"#,
            format: "acis/stndata", observations: 2),
        Row(file: "ncei/cdo_v2_data_GHCND_PRCP_USC00200230_2013-09.json", format: "ncei/cdo", observations: 28),
        Row(file: "meteostat/v2_stations_daily_02590_Visby_2020-01-01_shiny-waffle.json",
            url: "https://api.meteostat.net/v2/stations/daily?station=02590&start=2020-01-01&end=2020-01-02",
            format: "meteostat/daily", observations: 2),
        Row(file: "meteostat/v2_stations_meta_02590_Visby_shiny-waffle.json", format: "meteostat/stations", places: 1),
        Row(file: "synoptic/timeseries_KSLC_2015-01-03_air_temp_docs.json", format: "synoptic/timeseries", observations: 5),
        // A /v2/stations/precip reply: totals over a requested period, not a timeseries; rejected with that reason.
        Row(file: "synoptic/precipitation_docs_example.json", format: nil, reason: .unknownFormat),
    ]

    @Test func recordedArchiveRepliesDecodeWhenPresent() throws {
        guard let root = sharedSamplesIfPresent, FileManager.default.fileExists(atPath: root + "/iem") else {
            print("extended station-archive sample check skipped: ../shared/provider-samples not present")
            return
        }
        let files = try jsonFilesByFolder(in: root).filter { Self.folders.contains(String($0.split(separator: "/")[0])) }
        #expect(Set(files) == Set(Self.table.map(\.file)), "every recorded archive reply has its row")
        for row in Self.table where files.contains(row.file) {
            var bytes = Array(try #require(FileManager.default.contents(atPath: root + "/" + row.file)))
            if let url = row.url { bytes = StationArchive.wrapped(bytes, url: url) }
            let result = StationArchive.decode(bytes, StationArchive.context(row.file, stationTimeZone: row.stationTimeZone))
            guard let format = row.format else {
                guard case .failure(let f) = result else { Issue.record("\(row.file) must be rejected"); continue }
                #expect(f.reason == row.reason, "\(row.file): \(f.message)")
                continue
            }
            let doc = try result.get()
            #expect(doc.format == format, "\(row.file)")
            #expect(doc.observations.count == row.observations, "\(row.file)")
            #expect(doc.places.count == row.places, "\(row.file)")
            #expect(doc.observations.allSatisfy { $0.stationID != nil }, "\(row.file): every record names its station")
        }
        for name in ["acis/multistndata_county27053_pcpn_2014-07-01_climata.json", "ncei/cdo_v2_data_GHCND_PRCP_USC00200230_2013-09.json"] {
            #expect(FileManager.default.contents(atPath: root + "/" + name) == FileManager.default.contents(atPath: providerFixtures + "/" + name),
                    "the fixture is a byte-for-byte copy: \(name)")
        }
        print("extended station-archive sample check ran over \(files.count) replies in \(root)")
    }
}
