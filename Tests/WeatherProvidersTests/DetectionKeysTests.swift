import Foundation
import Testing
import TestSupport
import WeatherJSON
@testable import WeatherProviders

/// The registry skips a format whose `detectionKeys` a body lacks; these tests hold every
/// declaration to what the format's own `detect` says, on every JSON file in `Fixtures/`, on
/// each object one level inside it (a collector's wrapper holds the reply there), and on each
/// of those with one member removed (the variant a declaration naming too much would get wrong).
struct DetectionKeysTests {
    /// Every body the tests ask about: the files, their members, and those without one member.
    static let bodies: [(name: String, json: JSONValue)] = {
        var texts: [(String, Data)] = []
        let root = repositoryRoot + "/Fixtures"
        let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted() ?? []
        for file in files {
            guard let data = FileManager.default.contents(atPath: root + "/" + file) else { continue }
            texts.append((file, data))
            guard let top = try? JSONSerialization.jsonObject(with: data) else { continue }
            var objects: [(String, [String: Any])] = []
            if let object = top as? [String: Any] {
                objects.append((file, object))
                for (key, value) in object { if let inner = value as? [String: Any] { objects.append((file + " ." + key, inner)) } }
            }
            for (name, object) in objects {
                if name != file, let data = try? JSONSerialization.data(withJSONObject: object) { texts.append((name, data)) }
                for key in object.keys {
                    var without = object
                    without[key] = nil
                    if let data = try? JSONSerialization.data(withJSONObject: without) { texts.append((name + " without " + key, data)) }
                }
            }
        }
        return texts.compactMap { name, data in
            (try? JSONDocument(parsing: [UInt8](data))).map { (name, $0.root) }
        }
    }()

    @Test func aFormatThatRecognisesABodyDeclaresOnlyNamesTheBodyHas() {
        #expect(Self.bodies.count > 1000)
        var asked = 0
        for decoder in DecoderRegistry.standard.decoders {
            guard let keys = decoder.detectionKeys else { continue }
            for body in Self.bodies where decoder.detect(body.json) != .no {
                asked += 1
                #expect(keys.admit(body.json), "\(decoder.format) recognises \(body.name) but its detection keys rule it out")
            }
        }
        #expect(asked > 300)
    }

    @Test func theKeysChangeNoDetection() {
        let registry = DecoderRegistry.standard
        for body in Self.bodies {
            let skipping = registry.builtIn(for: body.json, usingKeys: true)?.format
            let asking = registry.builtIn(for: body.json, usingKeys: false)?.format
            #expect(skipping == asking, "\(body.name): \(skipping ?? "none") with the keys, \(asking ?? "none") asking every format")
        }
    }

    @Test func everyBuiltInFormatDeclaresItsKeys() {
        // A format without keys is asked about every document before it: declare them.
        #expect(DecoderRegistry.standard.decoders.filter { $0.detectionKeys == nil }.map(\.format) == [])
    }

    @Test func keysRuleOutObjectsAndLetArraysThrough() throws {
        let owm = try JSONDocument(parsing: Array(#"{"coord":{},"main":{},"weather":[],"dt":1}"#.utf8)).root
        let other = try JSONDocument(parsing: Array(#"{"coord":{},"main":{},"weather":[]}"#.utf8)).root
        let array = try JSONDocument(parsing: Array("[1]".utf8)).root
        let current = DetectionKeys.object(["coord", "main", "weather", "dt"])
        #expect(current.admit(owm) && !current.admit(other) && !current.admit(array))
        let either = DetectionKeys.arrayOrObject(["lat", "lon"], ["dt"])
        #expect(either.admit(owm) && either.admit(array) && !either.admit(other))
    }
}
