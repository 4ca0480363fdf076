import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherProviders

/// A deterministic mutation corpus over every recorded sample and fixture body: each mutant must
/// decode to records or to a reject with a reason and a message — never crash or hang.
struct MutationCorpusTests {
    /// Seeds: the provider replies and the provider pipeline fixtures (plain JSON ones).
    static let seeds: [(String, [UInt8])] = {
        var out: [(String, [UInt8])] = []
        let fm = FileManager.default
        for base in [providerFixtures, repositoryRoot + "/Fixtures/inputs/providers"] {
            guard let e = fm.enumerator(atPath: base) else { continue }
            // Station replies (nws/, metar/) have their own corpus in StationMutationTests, the
            // station archives theirs in StationArchiveFixtureTests (decoded with declared stations).
            for case let rel as String in e where rel.hasSuffix(".json") && !rel.hasPrefix("nws/") && !rel.hasPrefix("metar/")
                && !StationArchiveFixtureTests.owns(rel) {
                if let d = fm.contents(atPath: base + "/" + rel) { out.append((rel, [UInt8](d))) }
            }
        }
        return out.sorted { $0.0 < $1.0 }
    }()

    /// A linear congruential generator: the same mutants on every run and machine.
    struct LCG {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
    }

    static func mutants(of doc: [UInt8], seed: UInt64) -> [[UInt8]] {
        var rng = LCG(state: seed)
        var out: [[UInt8]] = []
        let n = doc.count
        // Truncation at many points.
        for k in 1...12 { out.append(Array(doc.prefix(n * k / 13))) }
        // Flipped, inserted and deleted bytes.
        for _ in 0..<12 {
            var m = doc
            m[rng.next(n)] ^= UInt8(1 << rng.next(8))
            out.append(m)
        }
        let hostileBytes: [[UInt8]] = [[0], [0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], Array("\"".utf8), Array("{".utf8),
                                       Array("]".utf8), Array("\\".utf8), [0x1B, 0x5B, 0x33, 0x31, 0x6D]]
        for bytes in hostileBytes {
            var m = doc
            m.insert(contentsOf: bytes, at: rng.next(n))
            out.append(m)
        }
        for _ in 0..<4 {
            var m = doc
            let at = rng.next(n)
            m.removeSubrange(at..<min(n, at + 1 + rng.next(16)))
            out.append(m)
        }
        // Swapped types and special numbers in place of the first few numbers.
        let text = String(decoding: doc, as: UTF8.self)
        for replacement in ["\"x\"", "null", "true", "{}", "[]", "NaN", "Infinity", "-Infinity", "1e400", "-0", "-1e-400", "99999999999999999999999"] {
            out.append(Array(replacingNumber(in: text, at: rng.next(8), with: replacement).utf8))
        }
        // A BOM, CRLF line ends, NULs.
        out.append([0xEF, 0xBB, 0xBF] + doc)
        out.append(Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8))
        out.append(doc.map { $0 == UInt8(ascii: " ") ? 0 : $0 })
        return out
    }

    /// Replaces the k-th number literal after a colon with `replacement`.
    static func replacingNumber(in text: String, at k: Int, with replacement: String) -> String {
        var count = 0
        var result = ""
        var chars = Substring(text)
        while let colon = chars.firstIndex(of: ":") {
            result += chars[..<chars.index(after: colon)]
            chars = chars[chars.index(after: colon)...]
            let trimmed = chars.drop { $0 == " " }
            result += chars[..<trimmed.startIndex]
            chars = trimmed
            let number = chars.prefix { "-+.0123456789eE".contains($0) }
            if !number.isEmpty {
                if count == k {
                    result += replacement
                    chars = chars.dropFirst(number.count)
                    return result + chars
                }
                count += 1
            }
        }
        return result + chars
    }

    @Test func seedsArePresent() {
        #expect(Self.seeds.count == 100 + 17 + 8)  // Fixtures/providers (46 of the first seven folders, then the providers added since, then 17 of personal weather stations) + the plain JSON of Fixtures/inputs/providers
    }

    @Test func everyMutantEndsAsRecordsOrAReasonedReject() {
        var decoded = 0, rejected = 0
        let started = Date()
        for (k, (name, doc)) in Self.seeds.enumerated() {
            for m in Self.mutants(of: doc, seed: UInt64(k + 1)) {
                switch DocumentDecoder.decode(m, context: DecodeContext(owmUnits: name.contains("metric") ? .metric : nil, sourceName: name)) {
                case .success: decoded += 1
                case .failure(let f):
                    rejected += 1
                    #expect(!f.message.isEmpty, "\(name)")
                    // Messages are printable: no raw control characters reach a terminal.
                    #expect(!f.message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(name): \(f.message)")
                }
            }
        }
        #expect(decoded + rejected == Self.seeds.count * 52)
        #expect(rejected > decoded / 2)
        #expect(Date().timeIntervalSince(started) < 120)
    }
}
