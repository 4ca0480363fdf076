import Foundation
import Testing
import WeatherCore
@testable import WeatherProviders

/// ACIS replies leave to their request which element each column is and, for MultiStnData, the
/// dates: given the request URL (in the envelope) they decode; without it the reject says so.
struct ACISDecoderTests {
    static let countyURL = "http://data.rcc-acis.org/MultiStnData?county=27053&sdate=2014-07-01&edate=2014-07-01&elems=pcpn"

    /// Calendar days in Oklahoma City across the end of DST: 24, 25 and 24 hours.
    @Test func stnDataRowsGivenTheirRequest() throws {
        let doc = try StationArchive.decode(try sample("acis/own-stndata-okc-dst-end-2024-11-wxpipe.json")).get()
        #expect(doc.format == "acis/stndata")
        let o = doc.observations
        #expect(o.count == 3)  // 2024-11-05 holds only "M" and an accumulated "1.20A": a warning, no record
        #expect(doc.warnings.contains { $0.contains("2024-11-05") })
        #expect(o.map(\.observedAt) == [StationArchive.at("2024-11-03T05:00:00Z"), StationArchive.at("2024-11-04T06:00:00Z"),
                                        StationArchive.at("2024-11-05T06:00:00Z")])
        #expect(o.map(\.extremesWindowH) == [24, 25, 24])
        #expect(o.allSatisfy { $0.stationID == "USW00013967" && $0.declaredLocationID == "okc" && $0.placeName == "OKLAHOMA CITY WILL ROGERS AP" })
        #expect(rounds(o[0].tempMaxC, 21.111, 3) && rounds(o[0].tempMinC, 7.222, 3) && o[0].precipMm == 0 && !o[0].precipTrace && o[0].precipWindowH == 24)
        #expect(o[1].tempMaxC == nil && rounds(o[1].tempMinC, 4.444, 3) && o[1].precipMm == 0 && o[1].precipTrace && o[1].precipWindowH == 25)
        // "S": included in a later total, not this day's.
        #expect(rounds(o[2].tempMaxC, 18.333, 3) && o[2].tempMinC == nil && o[2].precipMm == nil && o[2].precipWindowH == nil)
    }

    /// Undated rows: the k-th is sdate + k days; the observation hour 7 ends each day at 07:00
    /// local, so the day clocks went forward is 23 hours long. Tulsa's meta names no id: it is
    /// the request's second station.
    @Test func multiStnDataRowsTakeDatesAndHoursFromTheRequest() throws {
        let doc = try StationArchive.decode(try sample("acis/own-multistndata-okc-tul-obs-hour-dst-start-2024-03-wxpipe.json")).get()
        #expect(doc.format == "acis/multistndata")
        let o = doc.observations
        #expect(o.count == 3)
        #expect(o[0].declaredLocationID == "okc" && o[0].stationID == "USW00013967" && o[0].observedAt == StationArchive.at("2024-03-09T13:00:00Z"))
        #expect(o[0].extremesWindowH == 24 && rounds(o[0].tempMaxC, 14.444, 3) && rounds(o[0].tempMinC, 1.111, 3))
        #expect(o[1].observedAt == StationArchive.at("2024-03-10T12:00:00Z") && o[1].extremesWindowH == 23)
        #expect(rounds(o[1].tempMaxC, 16.667, 3) && o[1].tempMinC == nil)
        #expect(o[2].declaredLocationID == "tul" && o[2].stationID == "tul" && o[2].observedAt == StationArchive.at("2024-03-09T13:00:00Z"))
        #expect(rounds(o[2].tempMaxC, 12.778, 3) && rounds(o[2].tempMinC, 0.556, 3))
    }

    /// The recorded county reply: 41 stations, `ll` [lon, lat], "M" for 14 of them, "T" for 3.
    @Test func countyReplyWithItsRequest() throws {
        let bytes = StationArchive.wrapped(try sample("acis/multistndata_county27053_pcpn_2014-07-01_climata.json"), url: Self.countyURL)
        let doc = try StationArchive.decode(bytes, StationArchive.context(stationTimeZone: "America/Chicago")).get()
        let o = doc.observations
        #expect(o.count == 27 && doc.warnings.count == 14)
        #expect(o.filter(\.precipTrace).count == 3)
        let msp = try #require(o.first { $0.stationID == "USW00014922" })  // MINNEAPOLIS/ST PAUL AP, "0.15"
        #expect(rounds(msp.precipMm, 3.81, 6) && msp.latitude == 44.88306 && msp.longitude == -93.22889)
        #expect(msp.observedAt == StationArchive.at("2014-07-02T05:00:00Z") && msp.precipWindowH == 24 && msp.extremesWindowH == nil)
    }

    @Test func rowsWithoutWhatTheyNeedAreClearRejects() throws {
        let county = try sample("acis/multistndata_county27053_pcpn_2014-07-01_climata.json")
        // No request: the columns are not named.
        guard case .failure(let noElems) = StationArchive.decode(county) else { Issue.record("must be rejected"); return }
        #expect(noElems.reason == .missingField && noElems.message.contains("elements") && noElems.message.contains("envelope"), "\(noElems.message)")
        // Elements but no sdate: undated rows cannot be dated.
        let noDate = StationArchive.wrapped(county, url: "http://data.rcc-acis.org/MultiStnData?county=27053&elems=pcpn")
        guard case .failure(let f) = StationArchive.decode(noDate, StationArchive.context(stationTimeZone: "America/Chicago")) else {
            Issue.record("must be rejected"); return
        }
        #expect(f.message.contains("sdate"), "\(f.message)")
        // Dates and elements but no zone for the day.
        guard case .failure(let z) = StationArchive.decode(StationArchive.wrapped(county, url: Self.countyURL)) else { Issue.record("must be rejected"); return }
        #expect(z.message.contains("time zone"), "\(z.message)")
        // A station with neither coordinates nor a declared location.
        let stn = try sample("acis/own-multistndata-okc-tul-obs-hour-dst-start-2024-03-wxpipe.json")
        let okcOnly = [StationArchive.location("okc", "okc", 35.389, -97.601, "America/Chicago")]
        guard case .failure(let p) = StationArchive.decode(stn, StationArchive.context(locations: okcOnly)) else { Issue.record("must be rejected"); return }
        #expect(p.message.contains("TULSA INTL AP") && p.message.contains("\"station\": \"tul\""), "\(p.message)")
    }

    @Test func requestsInEitherSpelling() {
        let json = ACISRequest(query: ["params": #"{"sid":"okc","sdate":"20111231","elems":[{"name":"mint"},{"vX":1},{"name":"pcpn","units":"mm"},{"name":"pcpn","interval":"mly"}]}"#])
        #expect(json.startDate == "2011-12-31" && json.stations == ["okc"])
        #expect(json.elements?.map(\.quantity) == [.minTemp, .maxTemp, .precip, .other("pcpn")])
        #expect(json.elements?.map(\.metric) == [false, false, true, false])
        let plain = ACISRequest(query: ["sids": "okc,tul", "sdate": "2024-03-09", "elems": "maxt,mint"])
        #expect(plain.stations == ["okc", "tul"] && plain.elements?.map(\.quantity) == [.maxTemp, .minTemp])
        #expect(ACISRequest(query: ["sdate": "por"]).startDate == nil && ACISRequest(query: [:]).elements == nil)
    }
}
