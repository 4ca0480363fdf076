import Foundation
import Testing
import TestSupport
import WeatherCore
import WeatherIngest
@testable import WeatherPipeline

/// What a decoding worker hands the writer: a document decoded or rejected, a failure as its
/// reject (its message naming the error's place).
struct PreparedEventTests {
    func prepare(_ event: IngestEvent) -> PreparedEvent {
        PreparedEvent.prepare(event, settings: IngestSettings(), now: 0)
    }

    @Test func aDocumentArrivesDecodedOrAsItsReject() throws {
        let reply = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixtures + "/standard/london-2024-05-01T00-00-00Z.json")))
        let origin = Origin(path: "a.json", line: 3, byteOffset: 40)
        guard case .decoded(let d, let at) = prepare(.document(RawDocument(bytes: reply, origin: origin))) else {
            Issue.record("a reply decodes")
            return
        }
        #expect(d.recordCount > 0 && at == origin)
        guard case .undecodable(let r, let alternative) = prepare(.document(RawDocument(bytes: Array("{,}".utf8), origin: origin))) else {
            Issue.record("broken JSON is rejected")
            return
        }
        #expect(r.reason == .invalidJSON && r.origin == origin && alternative?.units == nil)
    }

    @Test func eachSourceOfABatchDecodesWithItsOwnNameAndTime() {
        var contexts = DecodeContexts(settings: IngestSettings(), now: 7)
        let origins = [Origin(path: "a.tar", member: "archive/x.json", modifiedAt: 1), Origin(path: "a.tar", member: "archive/x.json", line: 2, modifiedAt: 1),
                       Origin(path: "a.tar", member: "forecast/y.json", modifiedAt: 1), Origin(path: "a.tar", member: "forecast/y.json", modifiedAt: 2),
                       Origin(path: "b.json", modifiedAt: 2)]
        let made = origins.map { contexts.context(for: $0) }
        #expect(made.map(\.sourceName) == ["archive/x.json", "archive/x.json", "forecast/y.json", "forecast/y.json", "b.json"])
        #expect(made.map(\.modifiedAt) == [1, 1, 1, 2, 2])
        #expect(made.allSatisfy { $0.ingestTime == 7 })
    }

    @Test func aContainerFailureIsAReject() {
        let origin = Origin(path: "a.json.gz", line: 7, byteOffset: 900)
        let error = IngestError(.gzipEndsInsideMember, at: 181, in: .compressed)
        guard case .rejected(let r) = prepare(.failed(origin, error, partial: Array("{\"a\":".utf8))) else {
            Issue.record("a failure becomes its reject")
            return
        }
        #expect(r.reason == .truncatedInput)
        #expect(r.origin == origin, "the lost document's place, as for every reject")
        #expect(r.message == "gzip stream ends inside a member at compressed byte 181 (truncated file?); the document in progress (5 bytes read) is lost")
        // An error without a place.
        guard case .rejected(let open) = prepare(.failed(origin, IngestError(.cannotOpen(reason: "gone")), partial: [])) else {
            Issue.record("an unreadable file becomes its reject")
            return
        }
        #expect(open.reason == .unreadable && open.message == "cannot open: gone")
    }

    @Test func oversizedAndEmptyAreRejects() {
        let origin = Origin(path: "a.json")
        guard case .rejected(let big) = prepare(.oversized(origin, size: 20, limit: 10)),
              case .rejected(let empty) = prepare(.empty(origin)) else {
            Issue.record("both are rejects")
            return
        }
        #expect(big.reason == .tooLarge && empty.reason == .empty)
    }
}
