import Foundation
import Testing
import TestSupport
import WeatherCore
import WeatherJSON
@testable import WeatherProviders

/// Collectors' wrappers recognised by structure or declared (docs/PROVIDERS.md, Envelope).
struct EnvelopeWrapperTests {
    static let dir = repositoryRoot + "/Fixtures/inputs/wrappers/"
    static let fetched: Int64 = 1761728403  // 2025-10-29T09:00:03Z

    func decodeFixture(_ name: String, _ context: DecodeContext = DecodeContext()) throws -> Result<DecodedDocument, DecodeFailure> {
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: Self.dir + name), "missing fixture \(name)"))
        return DocumentDecoder.decode(bytes, context: context)
    }

    @Test(arguments: [
        ("data-fetchedAt.json", "data, fetchedAt"),
        ("timestamp-response.json", "response, timestamp"),
        ("retrieved_at-body.json", "body, retrieved_at"),
        ("ts-ms-payload.json", "payload, ts"),
        ("json-date.json", "json, date"),
    ])
    func wrapperShapesGiveTheFetchTimeAsIssueTime(_ name: String, _ shape: String) throws {
        var context = DecodeContext(sourceName: "2020-01-01_0000.json", modifiedAt: 1_600_000_000)
        context.ingestTime = 1_700_000_000
        let doc = try decodeFixture(name, context).get()
        #expect(doc.format == "open-meteo/forecast")
        #expect(doc.detectedBy.hasSuffix("(inside an envelope: \(shape))"), "\(doc.detectedBy)")
        #expect(doc.forecasts.count == 3)
        #expect(doc.forecasts.allSatisfy { $0.issuedAt == Self.fetched && $0.issuedAtSource == .envelope })
    }

    @Test func aWrapperURLGivesOWMUnits() throws {
        let doc = try decodeFixture("result-time-url.json").get()
        let o = try #require(doc.observations.first)
        #expect(o.tempC == 12.5)
        #expect(o.unitsAssumed == "metric" && o.unitsSource == .envelopeURL)
        #expect(doc.detectedBy.hasSuffix("(inside an envelope: result, time, url)"))
    }

    @Test func aDeclaredMappingReadsDottedPaths() throws {
        var context = DecodeContext()
        context.envelope = EnvelopeMapping(body: "data", fetchedAt: "meta.fetchedAt", url: "request.url")
        let doc = try decodeFixture("declared-request-url.json", context).get()
        let o = try #require(doc.observations.first)
        #expect(o.unitsAssumed == "imperial" && o.unitsSource == .envelopeURL)
        #expect(approx(o.tempC, 12.5))  // 54.5 °F
        #expect(doc.detectedBy.hasSuffix("(inside an envelope: data, meta.fetchedAt, request.url)"))
        // Without the mapping the URL is not found: the Kelvin default makes 54.5 implausible.
        guard case .failure(let f) = try decodeFixture("declared-request-url.json") else { Issue.record("must reject"); return }
        #expect(f.reason == .implausibleValue && f.message.contains("standard"))
    }

    @Test func aDeclaredTimeThatCannotBeReadRejects() {
        var context = DecodeContext()
        context.envelope = EnvelopeMapping(body: "reply", fetchedAt: "when")
        let text = #"{"when":"yesterday","reply":{"coord":{"lon":0,"lat":51},"main":{"temp":280},"weather":[],"dt":1761728400}}"#
        guard case .failure(let f) = DocumentDecoder.decode(Array(text.utf8), context: context) else { Issue.record("must reject"); return }
        #expect(f.reason == .wrongType && f.fieldPath == "when")
        // A document without the declared body is a bare reply.
        let bare = #"{"coord":{"lon":0,"lat":51},"main":{"temp":280},"weather":[],"dt":1761728400}"#
        #expect((try? DocumentDecoder.decode(Array(bare.utf8), context: context).get().observations.count) == 1)
    }

    @Test func aWrapperTimeThatCannotBeReadIsARemark() throws {
        let text = #"{"time":"around nine","data":{"coord":{"lon":0,"lat":51},"main":{"temp":280},"weather":[],"dt":1761728400}}"#
        let doc = try DocumentDecoder.decode(Array(text.utf8)).get()
        #expect(doc.observations.count == 1)
        #expect(doc.warnings.contains { $0.contains("wrapper time 'time'") })
    }

    @Test func millisecondsAreToldBySize() throws {
        func instant(_ json: String) throws -> Int64? {
            Envelope.instant(Field(try JSONDocument(parsing: Array(json.utf8)).root))
        }
        #expect(try instant("1761728403511") == Self.fetched)
        #expect(try instant("1761728403") == Self.fetched)
        #expect(try instant(#""2025-10-29T09:00:03.511Z""#) == Self.fetched)
        #expect(try instant(#""1761728403511""#) == Self.fetched)
        #expect(try instant(#""2025-10-29""#) == nil)
        #expect(try instant("99999999999999999") == nil)
    }

    /// Bare replies with wrapper-like keys stay bare; wrappers that hold no reply, or two, are no wrappers.
    @Test func bareRepliesAreNeverTakenForWrappers() throws {
        let history = #"{"lat":51.51,"lon":-0.13,"timezone":"Europe/London","timezone_offset":3600,"data":[{"dt":1714550400,"temp":285}]}"#
        let h = try decode(history).get()
        #expect(h.format == "openweathermap/timemachine" && !h.detectedBy.contains("envelope"))
        let oneCall = #"{"lat":51.51,"lon":-0.13,"timezone":"Europe/London","timezone_offset":3600,"current":{"dt":1714550400,"temp":285},"time":1714550400,"data":{"x":1}}"#
        let c = try decode(oneCall).get()
        #expect(c.format == "openweathermap/onecall" && !c.detectedBy.contains("envelope"))
        let om = #"{"latitude":52.5,"longitude":13.4,"utc_offset_seconds":0,"hourly_units":{"time":"iso8601","temperature_2m":"°C"},"hourly":{"time":["2025-10-29T06:00"],"temperature_2m":[11.2]}}"#
        #expect(!(try decode(om).get().detectedBy.contains("envelope")))
        guard case .failure(let notAReply) = decode(#"{"status":"ok","payload":[1,2,3]}"#) else { Issue.record("must reject"); return }
        #expect(notAReply.reason == .unknownFormat)
        let two = #"{"ts":1761728403,"data":\#(om),"response":\#(om)}"#
        guard case .failure(let ambiguous) = decode(two) else { Issue.record("two replies are no wrapper"); return }
        #expect(ambiguous.reason == .unknownFormat)
    }

    @Test func anErrorReplyInsideAWrapperIsAProviderError() {
        guard case .failure(let f) = decode(#"{"fetchedAt":"2025-10-29T09:00:03Z","data":{"cod":401,"message":"Invalid API key"}}"#) else {
            Issue.record("must reject"); return
        }
        #expect(f.reason == .providerError)
    }
}
