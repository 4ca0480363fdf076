import Testing
import WeatherCore

/// `UTCTime.parseCanonical` accepts exactly the texts that a parse and a format give back
/// unchanged (`iso8601(parseISO8601(t)) == t`), with the same seconds.
struct CanonicalInstantTests {
    /// What `parseCanonical` must equal, spelled the slow way.
    static func reference(_ text: String) -> Int64? {
        guard let t = UTCTime.parseISO8601(text), UTCTime.iso8601(t) == text else { return nil }
        return t
    }

    @Test func everyWrittenInstantReadsBack() {
        var rng = SystemRandomNumberGenerator()
        let first: Int64 = -62_167_219_200, last: Int64 = 253_402_300_799  // 0000-01-01 … 9999-12-31T23:59:59Z
        for t in [first, last, 0, -1, 951_782_400] + (0..<20_000).map({ _ in Int64.random(in: first...last, using: &rng) }) {
            #expect(UTCTime.parseCanonical(UTCTime.iso8601(t)) == t, "\(t)")
        }
    }

    @Test(arguments: ["2024-02-29T12:00:00Z", "2023-02-29T12:00:00Z", "1900-02-29T00:00:00Z", "2000-02-29T00:00:00Z",
                      "0300-02-29T00:00:00Z", "2024-04-31T00:00:00Z", "2024-13-01T00:00:00Z", "2024-00-10T00:00:00Z",
                      "2024-05-00T00:00:00Z", "2024-05-01T24:00:00Z", "2024-05-01T23:60:00Z", "2024-05-01T23:59:60Z",
                      "2024-05-01T06:00:00z", "2024-05-01 06:00:00Z", "2024-05-01T06:00:00+00:00", "2024-05-01T06:00Z",
                      "2024-05-01T06:00:00.000Z", "2024-05-01", "", "+2024-05-01T06:00:00Z", "2024-5-01T06:00:00Z",
                      "２024-05-01T06:00:00Z", "2024-05-01T06:00:0 Z", "2024-05-01T06:00:-1Z"])
    func agreesWithAParseAndAFormat(_ text: String) {
        #expect(UTCTime.parseCanonical(text) == Self.reference(text), "\(text)")
    }

    @Test func agreesOnEveryOneByteChangeOfAnInstant() {
        let base = Array("2024-02-28T23:59:59Z".utf8)
        for i in base.indices {
            for c in Array("0123456789-:TZ +z".utf8) {
                var b = base
                b[i] = c
                let text = String(decoding: b, as: UTF8.self)
                #expect(UTCTime.parseCanonical(text) == Self.reference(text), "\(text)")
            }
        }
    }
}
