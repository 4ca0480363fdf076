import Testing
import WeatherJSON

/// The allocation-free readers: visiting an array's elements and reading a string's raw bytes
/// give what `elements` and `string` give.
struct JSONValueVisitTests {
    @Test func visitingElementsMatchesTheElementsArray() throws {
        let doc = try JSONDocument(parsing: #"[1, null, "a", [2, 3], {"k": 4}, true, -0.5e1]"#)
        var seen: [(Int, JSONKind, Double?)] = []
        doc.root.forEachElement { k, v in seen.append((k, v.kind, v.number)) }
        let elements = doc.root.elements
        #expect(seen.count == elements.count)
        for (k, e) in elements.enumerated() {
            #expect(seen[k].0 == k && seen[k].1 == e.kind && seen[k].2 == e.number)
        }
        #expect(seen[6].2 == -5)
        var visitedObject = 0
        try JSONDocument(parsing: #"{"a": [1]}"#).root.forEachElement { _, _ in visitedObject += 1 }
        #expect(visitedObject == 0, "an object has no elements to visit")
    }

    @Test func visitingStopsAtTheFirstError() throws {
        struct Stop: Error {}
        let doc = try JSONDocument(parsing: "[1, 2, 3, 4]")
        var visited = 0
        #expect(throws: Stop.self) {
            try doc.root.forEachElement { (k, _) throws(Stop) in
                visited += 1
                if k == 1 { throw Stop() }
            }
        }
        #expect(visited == 2)
    }

    @Test func rawStringBytesAreGivenOnlyWithoutEscapes() throws {
        let doc = try JSONDocument(parsing: #"["2025-05-10T12:45", "a\"b", 5, "ü"]"#)
        let e = doc.root.elements
        #expect(e[0].withRawString { String(decoding: $0, as: UTF8.self) } == "2025-05-10T12:45")
        #expect(e[1].withRawString { $0.count } == nil, "escaped: the caller decodes it with `string`")
        #expect(e[2].withRawString { $0.count } == nil)
        #expect(e[3].withRawString { Array($0) } == Array("ü".utf8))
    }
}
