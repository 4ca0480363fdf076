import Foundation
import Testing
import WeatherCore
@testable import WeatherProviders

/// GHCN-Daily through NCEI's two services: tenths, flags and the observer's reading hour.
struct NCEIDecoderTests {
    /// The recorded rnoaa cassette: PRCP in tenths of mm, each day the 24 hours ending 18:00 local.
    @Test func cdoPrecipitationInTenthsEndingAtTheReadingHour() throws {
        let doc = try StationArchive.decode(try sample("ncei/cdo_v2_data_GHCND_PRCP_USC00200230_2013-09.json")).get()
        #expect(doc.format == "ncei/cdo")
        let o = doc.observations
        #expect(o.count == 28 && o.allSatisfy { $0.stationID == "USC00200230" && $0.declaredLocationID == "coop-mi" && $0.precipWindowH == 24 })
        let sep9 = try #require(o.first { $0.observedAt == StationArchive.at("2013-09-09T22:00:00Z") })  // 18:00 EDT
        #expect(rounds(sep9.precipMm, 7.4, 9))
        let sep13 = try #require(o.first { $0.observedAt == StationArchive.at("2013-09-13T22:00:00Z") })  // "T,,7,1800"
        #expect(sep13.precipMm == 0 && sep13.precipTrace)
        #expect(o.filter(\.precipTrace).count == 1 && o.allSatisfy { $0.tempMaxC == nil && $0.extremesWindowH == nil })
    }

    /// A first-order station (reading time 2400): the standard-time day, ending 05:00Z in New York
    /// all year (01:00 EDT after clocks went forward). A value failing NCEI's QC is left out.
    @Test func cdoElementsOfADayMakeOneObservation() throws {
        let doc = try StationArchive.decode(try sample("ncei/own-cdo-ghcnd-usw00094728-dst-start-2024-03-wxpipe.json")).get()
        let o = doc.observations
        #expect(o.count == 2)
        #expect(o[0].observedAt == StationArchive.at("2024-03-11T05:00:00Z") && o[0].extremesWindowH == 24 && o[0].precipWindowH == 24)
        #expect(rounds(o[0].tempMaxC, 12.8, 9) && rounds(o[0].tempMinC, 1.7, 9) && rounds(o[0].precipMm, 5.3, 9))
        #expect(o[1].observedAt == StationArchive.at("2024-03-12T05:00:00Z") && o[1].tempMaxC == nil && rounds(o[1].tempMinC, -2.2, 9))
        #expect(o[1].precipMm == 0 && o[1].precipTrace)
        #expect(doc.warnings.contains { $0.contains("TMAX") && $0.contains("QFLAG S") })
    }

    @Test func accessValuesArePaddedStringsInTenths() throws {
        let doc = try StationArchive.decode(try sample("ncei/own-access-daily-summaries-usw00094728-dst-end-2024-11-wxpipe.json")).get()
        #expect(doc.format == "ncei/access")
        let o = doc.observations
        #expect(o.count == 3)
        // 2400: the standard-time day of 2024-11-03 ends 2024-11-04 00:00 EST.
        #expect(o[0].observedAt == StationArchive.at("2024-11-04T05:00:00Z") && o[0].extremesWindowH == 24)
        #expect(rounds(o[0].tempMaxC, 17.2, 9) && rounds(o[0].tempMinC, 9.4, 9) && o[0].precipMm == 0 && o[0].precipTrace)
        #expect(rounds(o[1].tempMaxC, 18.3, 9) && o[1].tempMinC == nil && rounds(o[1].precipMm, 2.5, 9))
        // No attributes: the local calendar day is assumed.
        #expect(o[2].observedAt == StationArchive.at("2024-11-06T05:00:00Z") && rounds(o[2].tempMaxC, 15.0, 9) && o[2].extremesWindowH == 24)
        #expect(o.allSatisfy { $0.stationID == "USW00094728" && $0.declaredLocationID == "central-park" })
        // Its own coordinates place it when no location names the station (the zone still has to come from somewhere).
        let own = try StationArchive.decode(try sample("ncei/own-access-daily-summaries-usw00094728-dst-end-2024-11-wxpipe.json"),
                                            StationArchive.context(locations: [], stationTimeZone: "America/New_York")).get()
        #expect(own.observations[0].latitude == 40.77898 && own.observations[0].declaredLocationID == nil)
    }

    @Test func unitsFromTheRequest() throws {
        let body = #"[{"DATE": "2024-07-01", "STATION": "USW00094728", "TMAX": "86", "PRCP": "0.50"}]"#
        let url = "https://www.ncei.noaa.gov/access/services/data/v1?dataset=daily-summaries&stations=USW00094728&units=standard&format=json"
        let o = try #require(try StationArchive.decode(StationArchive.wrapped(Array(body.utf8), url: url)).get().observations.first)
        #expect(rounds(o.tempMaxC, 30.0, 9) && rounds(o.precipMm, 12.7, 9) && o.unitsAssumed == "ghcnd-standard")
        #expect(StationDay.ghcn(observationTime: "0700") == .observer(hour: 7, minute: 0))
        #expect(StationDay.ghcn(observationTime: "2400") == .climate && StationDay.ghcn(observationTime: nil) == .calendar)
        #expect(StationDay.ghcn(observationTime: "9999") == .calendar)
    }
}
