import Testing
import WeatherCore

/// `Origin` (where a document came from) and `Reject` (why it is not records), as users read them.
struct OriginAndRejectTests {
    @Test func originsPrintAsPathMemberLine() {
        #expect(Origin(path: "a.json").description == "a.json:1")
        #expect(Origin(path: "archive.tar.gz", member: "cron/x.json", line: 3, byteOffset: 40).description == "archive.tar.gz:cron/x.json:3")
        let reject = Reject(origin: Origin(path: "-", line: 2), reason: .truncatedInput, message: "unexpected end of input")
        #expect(reject.description == "-:2: truncated_input: unexpected end of input")
    }

    @Test func excerptsAreShortAndPrintable() {
        let bytes = Array("{\"name\": \"\u{1B}[2Jevil\"}".utf8)
        #expect(Reject.excerpt(of: bytes) == "{\"name\": \"\\u{1B}[2Jevil\"}")
        let long = Array(String(repeating: "x", count: 500).utf8)
        #expect(Reject.excerpt(of: long).count == 120)
        #expect(Reject.excerpt(of: long, limit: 10).count == 10)
        // Around an offset: the bytes on both sides of it.
        let digits = Array("0123456789".utf8)
        #expect(Reject.excerpt(of: digits, around: 5, limit: 4) == "3456")
        #expect(Reject.excerpt(of: digits, around: 0, limit: 4) == "0123")
        #expect(Reject.excerpt(of: digits, around: 9, limit: 4) == "6789")
        #expect(Reject.excerpt(of: [], limit: 4) == "")
    }

    @Test func reasonCodesAreTheDocumentedOnes() {
        // README, Reject reasons: the codes users filter the rejects table by.
        #expect(Set(RejectReason.allCases.map(\.rawValue)) == [
            "invalid_json", "truncated_input", "corrupt_input", "missing_field", "wrong_type", "implausible_value",
            "unknown_format", "provider_error", "too_large", "empty", "unreadable"])
        #expect(RejectReason.allCases.sorted().map(\.rawValue) == RejectReason.allCases.map(\.rawValue).sorted())
    }
}
