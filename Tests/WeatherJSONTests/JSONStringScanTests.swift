import Testing
import WeatherJSON

/// The parser reads plain string text eight bytes at a time and the rest byte by byte: every
/// byte that ends plain text (a quote, a backslash, a control character, a byte of a multi-byte
/// sequence) must be found wherever it falls in a word, and bytes next to them in value must
/// not be mistaken for them. The tape grows past its first reserve and stops at its limit.
struct JSONStringScanTests {
    /// `{"k":"` + `before` + `body` + `after` + `"}` as bytes; the body starts at offset 6 + count of `before`.
    private func document(_ before: Int, _ body: [UInt8], _ after: Int = 11) -> [UInt8] {
        Array(#"{"k":""#.utf8) + Array(repeating: UInt8(ascii: "a"), count: before) + body
            + Array(repeating: UInt8(ascii: "b"), count: after) + Array(#""}"#.utf8)
    }

    private func text(_ before: Int, _ middle: String, _ after: Int = 11) -> String {
        String(repeating: "a", count: before) + middle + String(repeating: "b", count: after)
    }

    @Test(arguments: 0..<20)
    func specialBytesAreFoundAtEveryPosition(_ before: Int) throws {
        // Escapes: the string has the flag (no raw bytes) and decodes.
        let escaped = try JSONDocument(parsing: document(before, Array(#"\n\"\\"#.utf8)))
        #expect(escaped.root["k"]?.string == text(before, "\n\"\\"))
        #expect(escaped.root["k"]?.withRawString { _ in true } == nil)
        // Multi-byte UTF-8 in the middle of plain text.
        let accented = try JSONDocument(parsing: document(before, Array("é€😀".utf8)))
        #expect(accented.root["k"]?.string == text(before, "é€😀"))
        // Bytes beside the special ones in value are plain text: space, '!', '#', '[', ']', DEL.
        let neighbours: [UInt8] = [0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F]
        let plain = try JSONDocument(parsing: document(before, neighbours))
        #expect(plain.root["k"]?.string == text(before, String(decoding: neighbours, as: UTF8.self)))
        #expect(plain.root["k"]?.withRawString { Array($0) } == Array(text(before, String(decoding: neighbours, as: UTF8.self)).utf8))
        // A control character and a byte that starts no UTF-8 sequence are errors at their offset.
        for (byte, kind) in [(UInt8(0x01), JSONSyntaxError.Kind.controlCharacterInString), (0x1F, .controlCharacterInString),
                             (0x0A, .controlCharacterInString), (0xFF, .invalidUTF8), (0x80, .invalidUTF8)] {
            do {
                _ = try JSONDocument(parsing: document(before, [byte]))
                Issue.record("byte \(byte) after \(before) bytes must be refused")
            } catch {
                #expect(error.kind == kind, "byte \(byte) after \(before) bytes")
                #expect(error.offset == 6 + before, "byte \(byte) after \(before) bytes")
            }
        }
    }

    @Test(arguments: 0..<20)
    func theStringEndsWhereItsQuoteIs(_ length: Int) throws {
        // The closing quote in every position of a word, and the document's last bytes.
        let value = String(repeating: "x", count: length)
        let doc = try JSONDocument(parsing: #"["\#(value)","\#(value)y"]"#)
        #expect(doc.root.elements.map { $0.string } == [value, value + "y"])
        // No closing quote: the input ends inside the string.
        do {
            _ = try JSONDocument(parsing: #"[""# + value)
            Issue.record("an unterminated string of \(length) bytes must be refused")
        } catch {
            #expect(error.kind == .unexpectedEnd)
            #expect(error.offset == 2 + length)
        }
    }

    @Test func theTapeGrowsPastItsReserveAndStopsAtItsLimit() throws {
        // Two bytes per value: far more values than the reserve of one per six bytes.
        let count = 5_000
        let text = "[" + Array(repeating: "0", count: count).joined(separator: ",") + "]"
        let doc = try JSONDocument(parsing: text)
        #expect(doc.root.count == count)
        var sum = 0
        doc.root.forEachElement { k, value in sum += k + Int(value.number ?? -1) }
        #expect(sum == count * (count - 1) / 2)
        // The array and its elements are count + 1 values: exactly the limit passes, one less fails.
        _ = try JSONDocument(parsing: text, limits: .init(maxValues: count + 1))
        do {
            _ = try JSONDocument(parsing: text, limits: .init(maxValues: count))
            Issue.record("\(count + 1) values must be refused with a limit of \(count)")
        } catch {
            #expect(error.kind == .tooManyValues(limit: count))
        }
        do {
            _ = try JSONDocument(parsing: "0", limits: .init(maxValues: 0))
            Issue.record("a value must be refused with a limit of none")
        } catch {
            #expect(error.kind == .tooManyValues(limit: 0))
        }
    }
}
