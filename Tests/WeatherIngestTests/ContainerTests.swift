import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherIngest

struct ContainerTests {
    let doc1 = #"{"a":1}"#
    let doc2 = #"{"b":[2,{"c":"}"}]}"#
    let doc3 = #"{"d":"x\"y"}"#

    @Test func multiMemberGzipYieldsEveryMember() throws {
        let dir = try temporaryFolder("ingest")
        defer { removeFolder(dir) }
        for (k, d) in [doc1, doc2, doc3].enumerated() { write(Array(d.utf8), to: "\(dir)/\(k).json") }
        // `curl … | gzip >> archive.gz`: members back to back, no newline between documents.
        try Subprocess.shell("cd \(dir) && for k in 0 1 2; do gzip -c $k.json >> all.gz; done && rm ?.json")
        let c = collect("\(dir)/all.gz")
        #expect(c.texts == [doc1, doc2, doc3])
        #expect(c.failures.isEmpty)
    }

    @Test func truncatedGzipIsReportedWithOffset() throws {
        let dir = try temporaryFolder("ingest")
        defer { removeFolder(dir) }
        let text = (0..<200).map { #"{"n":\#($0),"pad":"\#(String(repeating: "x", count: $0 % 50))"}"# }.joined(separator: "\n")
        write(Array(text.utf8), to: "\(dir)/d.ndjson")
        try Subprocess.shell("cd \(dir) && gzip d.ndjson && head -c 600 d.ndjson.gz > cut.ndjson.gz && rm d.ndjson.gz")
        let c = collect("\(dir)/cut.ndjson.gz")
        #expect(c.documents.count > 0)
        #expect(c.failures.count == 1)
        #expect(c.failures.first?.1.kind == .truncated)
        #expect(c.failures.first?.1.message.contains("compressed byte") == true)
        // The place is a field: the whole cut file was read before the member was found open.
        #expect(c.failures.first?.1.byteOffset == 600)
        #expect(c.failures.first?.1.offsetKind == .compressed)
        #expect(c.failures.first?.1.problem == .gzipEndsInsideMember)
        #expect(c.failures.first?.1.message == "gzip stream ends inside a member at compressed byte 600 (truncated file?)")
        // Every complete line before the cut was delivered, in order.
        for (k, d) in c.documents.enumerated() { #expect(d.origin.line == k + 1) }
    }

    @Test func corruptGzipCRCIsAnError() throws {
        let dir = try temporaryFolder("ingest")
        defer { removeFolder(dir) }
        write(Array(doc1.utf8), to: "\(dir)/a.json")
        try Subprocess.shell("cd \(dir) && gzip a.json")
        var bytes = [UInt8](try #require(FileManager.default.contents(atPath: "\(dir)/a.json.gz")))
        bytes[bytes.count - 6] ^= 0xFF  // inside the CRC32 trailer
        write(bytes, to: "\(dir)/a.json.gz")
        let c = collect("\(dir)/a.json.gz")
        #expect(c.failures.first?.1.kind == .corrupt)
    }

    @Test func gzipIsDetectedByMagicNotName() throws {
        let dir = try temporaryFolder("ingest")
        defer { removeFolder(dir) }
        write(Array(doc1.utf8), to: "\(dir)/a")
        try Subprocess.shell("cd \(dir) && gzip -c a > reply.json && rm a")
        #expect(collect("\(dir)/reply.json").texts == [doc1])
    }

    @Test func decompressionBombBecomesAnErrorNotAnOOM() throws {
        let dir = try temporaryFolder("ingest")
        defer { removeFolder(dir) }
        try Subprocess.shell("head -c 200000000 /dev/zero | gzip -1 > \(dir)/bomb.json.gz")
        let ingestor = Ingestor(limits: .init(maxDocumentBytes: 1 << 20, gzip: .init(maxRatio: 200, ratioFloorBytes: 8 << 20)))
        let c = collect("\(dir)/bomb.json.gz", ingestor: ingestor)
        #expect(c.documents.isEmpty)
        #expect(c.failures.count + c.oversized.count >= 1)
        #expect(c.failures.contains { $0.1.kind == .tooLarge } || !c.oversized.isEmpty)
    }

    @Test func tarWithLongNamesAndGzippedMembers() throws {
        let dir = try temporaryFolder("ingest")
        defer { removeFolder(dir) }
        let long = String(repeating: "folder-name-that-is-long/", count: 6)
        try? FileManager.default.createDirectory(atPath: "\(dir)/src/\(long)", withIntermediateDirectories: true)
        write(Array(doc1.utf8), to: "\(dir)/src/\(long)a.json")
        write(Array(doc2.utf8), to: "\(dir)/src/b.json")
        try Subprocess.shell("cd \(dir)/src && gzip b.json")
        for format in ["gnu", "posix", "ustar"] {
            let status = try Subprocess.shell("cd \(dir)/src && tar --format=\(format) -czf ../\(format).tar.gz * 2>/dev/null").status
            if format == "ustar" && status != 0 { continue }  // ustar cannot hold a 150-char name
            let c = collect("\(dir)/\(format).tar.gz")
            #expect(Set(c.texts) == [doc1, doc2], "\(format)")
            #expect(c.documents.contains { $0.origin.member == "\(long)a.json" }, "\(format)")
            #expect(c.documents.contains { $0.origin.member == "b.json.gz" }, "\(format)")
        }
    }

    @Test func tarMemberCutShortAndBadChecksum() throws {
        let dir = try temporaryFolder("ingest")
        defer { removeFolder(dir) }
        write(Array(String(repeating: "{\"a\":1}\n", count: 200).utf8), to: "\(dir)/a.ndjson")
        write(Array(doc2.utf8), to: "\(dir)/b.json")
        try Subprocess.shell("cd \(dir) && tar -cf t.tar a.ndjson b.json && head -c 1200 t.tar > cut.tar")
        let cut = collect("\(dir)/cut.tar")
        #expect(cut.failures.contains { $0.1.kind == .truncated })
        // a.ndjson's 1,600 bytes start after its header at 512: the cut at 1,200 leaves 912 out.
        let short = try #require(cut.failures.first { $0.1.kind == .truncated })
        #expect(short.0.member == "a.ndjson")
        #expect(short.1.byteOffset == 1200 && short.1.offsetKind == .stream)
        #expect(short.1.problem == .tarMemberCutShort(missingBytes: 912))
        #expect(short.1.message == "tar member cut short: 912 bytes missing")
        var bytes = [UInt8](try #require(FileManager.default.contents(atPath: "\(dir)/t.tar")))
        // Damage the second header: 512 (header) + 1600 bytes of content padded to 2048 → 2560.
        bytes[2560 + 10] ^= 0x55
        write(bytes, to: "\(dir)/bad.tar")
        let bad = collect("\(dir)/bad.tar")
        #expect(bad.documents.count == 200)
        #expect(bad.failures.contains { $0.1.kind == .corrupt && $0.1.message.contains("checksum") })
        let damaged = try #require(bad.failures.first { $0.1.kind == .corrupt })
        #expect(damaged.1.byteOffset == 2560)
        #expect(damaged.1.problem == .tarChecksumMismatch && damaged.1.offsetKind == .stream)
        #expect(damaged.1.message == "tar header checksum mismatch at byte 2560; archive damaged, rest skipped")
    }

    @Test func ndjsonLineNumbersAndOffsets() throws {
        let dir = try temporaryFolder("ingest")
        defer { removeFolder(dir) }
        let text = "\(doc1)\n\n\(doc2)\r\n\(doc3)\n"
        write(Array(text.utf8), to: "\(dir)/x.ndjson")
        let c = collect("\(dir)/x.ndjson")
        #expect(c.texts == [doc1, doc2, doc3])
        #expect(c.documents.map(\.origin.line) == [1, 3, 4])
        #expect(c.documents.map(\.origin.byteOffset) == [0, doc1.utf8.count + 2, doc1.utf8.count + doc2.utf8.count + 4])
    }

    @Test func ndjsonDetectedByLayoutAndBrokenLineCostsOneLine() throws {
        let dir = try temporaryFolder("ingest")
        defer { removeFolder(dir) }
        let text = "\(doc1)\n{\"broken\": [1, 2\n\(doc3)\n"
        write(Array(text.utf8), to: "\(dir)/replies.json")
        let c = collect("\(dir)/replies.json")
        #expect(c.texts == [doc1, "{\"broken\": [1, 2", doc3])
        #expect(c.documents.map(\.origin.line) == [1, 2, 3])
    }

    @Test func concatenatedAndPrettyDocuments() throws {
        let dir = try temporaryFolder("ingest")
        defer { removeFolder(dir) }
        let pretty = "{\n  \"p\": {\n    \"q\": 1\n  }\n}"
        write(Array((doc1 + doc2 + "\n" + pretty + doc3).utf8), to: "\(dir)/c.json")
        let c = collect("\(dir)/c.json")
        #expect(c.texts == [doc1, doc2, pretty, doc3])
        #expect(c.documents.map(\.origin.line) == [1, 1, 2, 6])
    }

    @Test func bomEmptyAndHTML() throws {
        let dir = try temporaryFolder("ingest")
        defer { removeFolder(dir) }
        write([0xEF, 0xBB, 0xBF] + Array(doc1.utf8), to: "\(dir)/bom.json")
        write([], to: "\(dir)/empty.json")
        write(Array("  \n\n ".utf8), to: "\(dir)/blank.json")
        write(Array("<html>\n<body>502</body>\n</html>\n".utf8), to: "\(dir)/page.json")
        #expect(collect("\(dir)/bom.json").texts == [doc1])
        #expect(collect("\(dir)/empty.json").empties.count == 1)
        #expect(collect("\(dir)/blank.json").empties.count == 1)
        let page = collect("\(dir)/page.json")
        #expect(page.documents.count == 1, "an HTML page is one reject, not one per line")
    }

    @Test func oversizedDocumentIsSkippedNotHeld() throws {
        let dir = try temporaryFolder("ingest")
        defer { removeFolder(dir) }
        let big = "{\"x\":\"" + String(repeating: "y", count: 300_000) + "\"}"
        write(Array((big + "\n" + doc1 + "\n").utf8), to: "\(dir)/big.ndjson")
        let c = collect("\(dir)/big.ndjson", ingestor: Ingestor(limits: .init(maxDocumentBytes: 100_000)))
        #expect(c.oversized.count == 1)
        #expect(c.oversized.first?.1 == big.utf8.count)
        #expect(c.texts == [doc1])
    }

    @Test func walkerSortsRecursesSkipsHiddenAndEndsSymlinkLoops() throws {
        let dir = try temporaryFolder("ingest")
        defer { removeFolder(dir) }
        try? FileManager.default.createDirectory(atPath: "\(dir)/b/c", withIntermediateDirectories: true)
        write([], to: "\(dir)/b/c/z.json")
        write([], to: "\(dir)/a.json")
        write([], to: "\(dir)/B.json")
        write([], to: "\(dir)/.hidden.json")
        try Subprocess.shell("ln -s .. \(dir)/b/c/loop")
        let (files, problems) = InputWalker.expand([dir, "\(dir)/missing.json"])
        #expect(files.map { String($0.path.dropFirst(dir.count + 1)) } == ["B.json", "a.json", "b/c/z.json"])
        #expect(problems.contains { $0.message.contains("loop") })
        #expect(problems.contains { $0.path.hasSuffix("missing.json") })
    }

    @Test func fixtureContainersAllOpen() throws {
        let c = collect(repositoryRoot + "/Fixtures/inputs/standard")
        #expect(c.failures.isEmpty)
        #expect(c.documents.count == 168)
        #expect(c.documents.contains { ($0.origin.member ?? "").count > 100 })
    }
}

struct BrokenFirstLineTests {
    /// NDJSON saved as `.json` whose first line was cut off: the broken line is one document,
    /// and the lines after it are still read one by one.
    @Test func aCutFirstLineDoesNotSwallowTheRest() throws {
        let dir = try temporaryFolder("ingest")
        defer { removeFolder(dir) }
        for (name, text) in [("cut.json", "{\"a\":{\"b\":1\n{\"c\":2}\n{\"d\":3}\n"),
                             ("cut-in-string.json", "{\"a\":\"abc\n{\"c\":2}\n{\"d\":3}\n")] {
            write(Array(text.utf8), to: "\(dir)/\(name)")
            let c = collect("\(dir)/\(name)")
            #expect(c.texts.dropFirst() == ["{\"c\":2}", "{\"d\":3}"], "\(name)")
            #expect(c.documents.map(\.origin.line) == [1, 2, 3], "\(name)")
        }
        // A pretty-printed array of objects with no indentation is still one document.
        let pretty = "[\n{\"a\":1},\n{\"b\":2}\n]"
        write(Array(pretty.utf8), to: "\(dir)/pretty.json")
        #expect(collect("\(dir)/pretty.json").texts == [pretty])
        // ACIS MultiStnData: `{"data":[` alone on the first line, then one station per line.
        let rows = "{\"data\":[\n{\"meta\":{\"uid\":1},\"data\":[\"0.00\"]},\n{\"meta\":{\"uid\":2},\"data\":[\"T\"]}]}\n"
        write(Array(rows.utf8), to: "\(dir)/rows.json")
        #expect(collect("\(dir)/rows.json").documents.count == 1)
    }
}
