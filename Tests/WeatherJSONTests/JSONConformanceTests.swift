import Testing
@testable import WeatherJSON

/// Accept/reject cases written from RFC 8259 (in the spirit of JSONTestSuite's y_/n_ files).
struct JSONConformanceTests {
    static let accepted: [String] = [
        "{}", "[]", " [ ] ", "{\"a\":1}", "[1,2,3]", "0", "-0", "1.5", "-1.5e10", "1E+2", "1e-2", "0.0",
        "\"\"", "\"a\\\"b\"", "\"\\\\\\/\\b\\f\\n\\r\\t\"", "\"\\u00e9\"", "\"\\ud83d\\ude00\"", "\"é😀\"",
        "true", "false", "null", "[[[[[]]]]]", "{\"a\":{\"b\":[null,true,false]}}", "\t\n\r [1]\n",
        "123456789012345678901234567890", "1.7976931348623157e308", "5e-324", "[-0.0]",
        "{\"a\":1,\"a\":2}",
    ]

    static let rejected: [String] = [
        "", " ", "{", "[", "[1,]", "[,1]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "{'a':1}", "[01]", "[1.]",
        "[.5]", "[+1]", "[1e]", "[1e+]", "[-]", "[NaN]", "[Infinity]", "[-Infinity]", "[1e400]", "[tru]",
        "[True]", "[nul]", "\"abc", "\"\\x41\"", "\"\\u12G4\"", "\"\\ud800\"", "\"\\udc00\"",
        "\"\\ud800\\u0041\"", "\"a\u{01}b\"", "[1] x", "[1][2]", "{\"a\":1}}", "[\"\t\"]", "\u{FEFF}[1]",
        "[1,,2]", "[\"a\"\"b\"]", "{\"a\":}", "{:1}", "[0x10]", "[1 2]",
    ]

    @Test(arguments: accepted)
    func accepts(_ text: String) throws {
        _ = try JSONDocument(parsing: text)
    }

    @Test(arguments: rejected)
    func rejects(_ text: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONDocument(parsing: text) }
    }

    @Test func rejectsInvalidUTF8() {
        let cases: [[UInt8]] = [
            [0x22, 0xFF, 0x22],                    // never valid
            [0x22, 0xC0, 0xAF, 0x22],              // overlong '/'
            [0x22, 0xED, 0xA0, 0x80, 0x22],        // encoded surrogate
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // above U+10FFFF
            [0x22, 0xE2, 0x82, 0x22],              // cut sequence
        ]
        for bytes in cases {
            #expect(throws: JSONSyntaxError.self) { try JSONDocument(parsing: bytes) }
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        do {
            _ = try JSONDocument(parsing: deep)
            Issue.record("100,000 levels must be refused")
        } catch {
            #expect(error.kind == .tooDeep(limit: 512))
        }
        _ = try JSONDocument(parsing: String(repeating: "[", count: 500) + String(repeating: "]", count: 500))
    }

    @Test func errorsCarryOffsetLineAndColumn() {
        let text = "{\n  \"a\": 1,\n  \"b\": tru\n}"
        do {
            _ = try JSONDocument(parsing: text)
            Issue.record("should fail")
        } catch {
            #expect(error.kind == .invalidLiteral)
            #expect(error.offset == 19)
            let (line, column) = error.lineAndColumn(in: Array(text.utf8))
            #expect(line == 3)
            #expect(column == 8)
        }
    }

    @Test func truncationIsRecognised() {
        for text in ["{\"a\": [1, 2", "{\"a\": \"abc", "{\"a\": 1.", "[tr"] {
            do {
                _ = try JSONDocument(parsing: text)
                Issue.record("should fail: \(text)")
            } catch {
                #expect(error.isTruncation, "\(text): \(error)")
            }
        }
    }

    /// The text is followed by zero bytes where the parser's loops stop. A zero byte inside the
    /// text is an error at its own offset, of the kind any other misplaced byte there gets;
    /// only the end is a truncation.
    @Test func zeroBytesInsideTheTextAreErrorsWhereTheyAre() {
        let cases: [(String, JSONSyntaxError.Kind, Int)] = [
            ("[1\u{0}]", .unexpectedByte(0), 2), ("\"a\u{0}\"", .controlCharacterInString, 2),
            ("{\"a\":\u{0}}", .unexpectedByte(0), 5), ("{\u{0}}", .unexpectedByte(0), 1),
            ("{\"a\"\u{0}:1}", .unexpectedByte(0), 4), ("tr\u{0}e", .invalidLiteral, 0), ("1\u{0}", .trailingContent, 1),
            ("-\u{0}", .invalidNumber, 0), ("1.\u{0}", .invalidNumber, 0), ("1e\u{0}", .invalidNumber, 0),
            ("\"\\\u{0}\"", .invalidEscape, 1), ("\"\\u00\u{0}0\"", .invalidUnicodeEscape, 5), ("\u{0}", .unexpectedByte(0), 0),
            ("[1,\u{0}]", .unexpectedByte(0), 3), ("\"\u{e9}\u{0}\"", .controlCharacterInString, 3),
        ]
        for (text, kind, offset) in cases {
            do {
                _ = try JSONDocument(parsing: text)
                Issue.record("\(text.debugDescription) must be refused")
            } catch {
                #expect(error.kind == kind && error.offset == offset, "\(text.debugDescription): \(error)")
            }
        }
    }

    /// Every cut of a document with every kind of token is a truncation at the cut (one byte
    /// before it for a cut inside the pair of a surrogate escape), and never a crash: the
    /// loops that stop at the zero bytes after the text must not read on past them.
    @Test func everyCutIsATruncationAtTheCut() throws {
        let text = #"{"a": [1, -2.5e-3, true, false, null], "s\u00e9": "x\"\ud83d\ude00é😀", "n": {"m": [{}, []]}, "k": 123456789012345678901234}"#
        let bytes = Array(text.utf8)
        _ = try JSONDocument(parsing: bytes)
        for cut in 0..<bytes.count {
            do {
                _ = try JSONDocument(parsing: Array(bytes[0..<cut]))
                Issue.record("a cut at \(cut) must be refused")
            } catch {
                #expect(error.isTruncation && (error.offset == cut || error.offset == cut - 1), "cut at \(cut): \(error)")
            }
        }
    }

    @Test func numbersAreExact() throws {
        let doc = try JSONDocument(parsing: "[0.1, 281.87, -73.99, 1e22, 1.5e-7, 12345678901234567, 9007199254740993, -0]")
        let values = doc.root.elements.map { $0.number! }
        #expect(values[0] == 0.1)
        #expect(values[1] == 281.87)
        #expect(values[2] == -73.99)
        #expect(values[3] == 1e22)
        #expect(values[4] == 1.5e-7)
        #expect(values[5] == 12345678901234568)  // nearest double
        #expect(values[6] == 9007199254740992)  // nearest double, as strtod gives
        #expect(values[7] == 0 && values[7].sign == .minus)
    }

    @Test func stringsDecodeEscapesAndSurrogates() throws {
        let doc = try JSONDocument(parsing: #"{"s": "a\"b\\c\/d\n\u00e9\ud83d\ude00", "plain": "Москва", "k\u0065y": 5}"#)
        #expect(doc.root["s"]?.string == "a\"b\\c/d\né😀")
        #expect(doc.root["plain"]?.string == "Москва")
        #expect(doc.root["key"]?.int == 5)  // escaped key matches its decoded form
    }

    @Test func cursorNavigation() throws {
        let doc = try JSONDocument(parsing: #"{"a": {"b": [1, {"c": null}, "x"]}, "d": true, "e": [], "f": {}}"#)
        let root = doc.root
        #expect(root.kind == .object)
        #expect(root.keys == ["a", "d", "e", "f"])
        let b = root["a"]?["b"]
        #expect(b?.count == 3)
        #expect(b?.elements[0].int == 1)
        #expect(b?.elements[1]["c"]?.isNull == true)
        #expect(b?.elements[2].string == "x")
        #expect(root["d"]?.bool == true)
        #expect(root["e"]?.count == 0)
        #expect(root["f"]?.kind == .object)
        #expect(root["missing"] == nil)
        #expect(root["d"]?.number == nil)  // wrong kind is nil, not a crash
    }
}

struct JSONDuplicateKeyTests {
    @Test func lastDuplicateWins() throws {
        let doc = try JSONDocument(parsing: #"{"a": 1, "b": 2, "a": 3}"#)
        #expect(doc.root["a"]?.int == 3)
        #expect(doc.root.count == 3)
    }

    /// The last of a repeated name wins also when an escape spells it (its bytes are not its
    /// text) and when it is not the first member; an escaped name is found by its text.
    @Test func lastDuplicateWinsWhateverTheSpelling() throws {
        for (text, name, expected) in [(#"{"k\u0065y": 1, "key": 2}"#, "key", 2), (#"{"key": 1, "k\u0065y": 2}"#, "key", 2),
                                       (#"{"x": 0, "key": 1, "y": 0, "key": 4}"#, "key", 4), (#"{"": 1, "": 5}"#, "", 5)] {
            #expect(try JSONDocument(parsing: text).root[name]?.int == expected, "\(text)")
        }
        #expect(try JSONDocument(parsing: #"{"\u0061": 7}"#).root["a"]?.int == 7)
    }

    /// Every name of an object with many members is found, with its own value, and names it does
    /// not have (of the same lengths and first and last bytes too) are not: the per-object summary
    /// of names (`JSONKeyFilter`) only ever skips a scan that would find nothing.
    @Test func everyMemberIsFoundAndNoOther() throws {
        let names = (0..<300).map { "k\($0 % 7)_\($0)" } + ["lat", "lon", "dt", "main", "a", "", "z\u{e9}"]
        let body = names.enumerated().map { "\"\($0.element)\": \($0.offset)" }.joined(separator: ", ")
        let doc = try JSONDocument(parsing: "{" + body + "}")
        for (k, name) in names.enumerated() { #expect(doc.root[name]?.int == k, "\(name)") }
        for name in ["k0_1", "k1_0x", "lan", "lot", "d", "mains", "b", " ", "z\u{e8}"] { #expect(doc.root[name] == nil, "\(name)") }
        let small = try JSONDocument(parsing: #"{"lat": 1, "lon": 2}"#).root
        #expect(small["lat"]?.int == 1 && small["lon"]?.int == 2, "the first match of a name that is not repeated")
        for name in ["lot", "lan", "la", "dt", "cod", "main", "latt"] { #expect(small[name] == nil, "\(name)") }
    }
}
