import Testing
import WeatherJSON
@testable import WeatherProviders

/// Field paths are joined once per object and array element (not per member read), and read
/// the same as before: `daily[1].temp.max`, `[0].id`, the root's own name.
struct FieldPathTests {
    static func root(_ text: String, path: String = "") throws -> Field {
        Field(try JSONDocument(parsing: Array(text.utf8)).root, path: path)
    }

    @Test func pathsThroughObjectsAndArrays() throws {
        let body = try Self.root(#"{"daily":[{"temp":{"max":1}},{"temp":{"max":"x"}}]}"#)
        let days = try body.required("daily").array()
        #expect(days[1].path == "daily[1]")
        let temp = try days[1].required("temp").object()
        #expect(temp.path == "daily[1].temp")
        #expect(try temp.required("max").path == "daily[1].temp.max")
        #expect(throws: DecodeFailure.self) { try temp.required("max").number() }
        do { _ = try temp.required("max").number() } catch { #expect(error.fieldPath == "daily[1].temp.max") }
        do { _ = try temp.required("min") } catch { #expect(error.fieldPath == "daily[1].temp.min") }
        let unjoined = try days[0].required("temp")   // not through object(): joined on demand
        #expect(try unjoined.required("max").path == "daily[0].temp.max")
    }

    @Test func pathsOfRootArraysAndNamedRoots() throws {
        let list = try Self.root(#"[{"id":1}]"#)
        let first = try list.array()[0]
        let id = try first.required("id")
        #expect(first.path == "[0]" && id.path == "[0].id")
        let named = try Self.root(#"{"a":{"b":2}}"#, path: "data")
        #expect(try named.required("a").object().required("b").path == "data.a.b")
        #expect(try named.object().path == "data")
    }
}
