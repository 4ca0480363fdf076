import Testing
import WeatherJSON

/// Member lookups start where the last lookup in the same object ended and wrap around; names
/// that share a filter bit are told apart when parsed. Whatever the order of the lookups, a
/// lookup finds what a scan of every member finds (the last of a repeated name).
struct JSONMemberLookupTests {
    /// What a lookup must find: the value of the last member of that name, by reading them all.
    private func expected(_ object: JSONValue, _ key: String) -> String? {
        object.members.last(where: { $0.key == key }).map { $0.value.rawText }
    }

    private func checkEveryOrder(_ text: String, names: [String], rounds: Int = 40) throws {
        let doc = try JSONDocument(parsing: text)
        let object = doc.root
        var generator = SystemRandomNumberGenerator()
        for round in 0..<rounds {
            // In document order, backwards, then shuffled: each start of the scan is tried.
            let order = round == 0 ? names : round == 1 ? names.reversed() : names.shuffled(using: &generator)
            for name in order {
                #expect(object[name]?.rawText == expected(object, name), "\(name) in round \(round)")
            }
        }
    }

    @Test func lookupsInAnyOrderFindWhatAFullScanFinds() throws {
        // `axb`, `ayb` and `azb` share length, first and last byte: one filter bit, three names.
        let text = #"{"dt": 1, "axb": 2, "temp": 3.5, "ayb": "s", "pressure": 1012, "azb": null, "uvi": [1, 2], "w": {"id": 7}}"#
        try checkEveryOrder(text, names: ["dt", "axb", "temp", "ayb", "pressure", "azb", "uvi", "w", "absent", "aqb", "", "temp2"])
    }

    @Test func aRepeatedNameIsTheLastOneWhereverTheLookupStarts() throws {
        let text = #"{"a": 1, "b": 2, "a": 3, "c": 4}"#
        try checkEveryOrder(text, names: ["a", "b", "c", "d"])
        let doc = try JSONDocument(parsing: text)
        _ = doc.root["b"]
        #expect(doc.root["a"]?.number == 3)
        // Same filter bit, different names, then a real repeat of the first.
        try checkEveryOrder(#"{"axb": 1, "ayb": 2, "axb": 5}"#, names: ["axb", "ayb", "azb"])
        #expect(try JSONDocument(parsing: #"{"axb": 1, "ayb": 2, "axb": 5}"#).root["axb"]?.number == 5)
    }

    @Test func escapedNamesAreFoundByTheirText() throws {
        let text = #"{"te\u006dp": 1, "b": 2, "a\"b": 3, "temp": 4}"#
        try checkEveryOrder(text, names: ["temp", "b", "a\"b", "ab"])
        #expect(try JSONDocument(parsing: text).root["temp"]?.number == 4)
        #expect(try JSONDocument(parsing: #"{"te\u006dp": 1}"#).root["temp"]?.number == 1)
    }

    @Test func lookupsTakingTurnsBetweenObjectsFindTheirOwnMembers() throws {
        let doc = try JSONDocument(parsing: #"{"h": [{"dt": 1, "temp": 2, "pop": 3}, {"dt": 4, "temp": 5, "pop": 6}]}"#)
        let hours = doc.root["h"]!.elements
        for _ in 0..<3 {
            for name in ["pop", "dt", "temp"] {
                #expect(hours[0][name]?.number == expected(hours[0], name).flatMap(Double.init))
                #expect(hours[1][name]?.number == expected(hours[1], name).flatMap(Double.init))
            }
        }
        #expect(hours[1]["temp"]?.number == 5 && hours[0]["temp"]?.number == 2)
        #expect(doc.root["dt"] == nil, "the members of a nested object are not the root's")
    }

    /// Names are compared by their first word and length, and longer ones by the rest of their
    /// bytes: names of every length up to three words that share their first or last eight
    /// bytes (or both, differing in the middle) are told apart, in objects whose filter is
    /// full and in one that has a repeated name (where every member is read).
    @Test func namesSharingTheirFirstOrLastWordAreToldApart() throws {
        var names: [String] = []
        for length in 1...24 {
            let base = Array("abcdefghijklmnopqrstuvwx".prefix(length))
            names.append(String(base))
            if length > 1 {
                var middle = base
                middle[length / 2] = "Z"
                names.append(String(middle))
            }
        }
        names += ["wind_speed_10m", "wind_speed_80m", "temperature_2m", "temperature_80m", "q\u{e9}", "\u{e9}\u{e8}", "\u{1F600}x"]
        let body = names.enumerated().map { "\"\($0.element)\": \($0.offset)" }.joined(separator: ", ")
        let absent = ["abcdefghZ", "Zbcdefgh", "abcdefgZ", "abcdefghijklmnopqrstuvwxy", "wind_speed_20m", "temperature_3m", "q\u{e8}", "b", "ab c"]
        for text in ["{" + body + "}", "{" + body + ", \"a\": -1}"] {
            try checkEveryOrder(text, names: names + absent, rounds: 6)
        }
        let doc = try JSONDocument(parsing: "{" + body + "}")
        for (k, name) in names.enumerated() { #expect(doc.root[name]?.int == k, "\(name)") }
        for name in absent { #expect(doc.root[name] == nil, "\(name)") }
    }

    @Test func marksAreSetUntilTaken() throws {
        let doc = try JSONDocument(parsing: "{}")
        #expect(doc.takeMarks() == 0)
        doc.mark(1 << 3)
        doc.mark(1 << 3)
        doc.mark(1 << 60)
        #expect(doc.takeMarks() == 1 << 3 | 1 << 60)
        #expect(doc.takeMarks() == 0)
    }
}
