import Foundation
import Testing
import TestSupport
@testable import WeatherProviders

/// README's list of formats names every format the fixtures decode into: a new decoder's format
/// id cannot ship without its line there.
struct FormatListTests {
    @Test func readmeNamesEveryFormatTheFixturesDecodeInto() throws {
        let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
        var formats = Set(ProviderSampleTests.table.compactMap(\.format))
        formats.formUnion(StationArchiveFixtureTests.table.compactMap(\.format))
        formats.formUnion(NWSFixtureTests.table.map(\.format))
        formats.formUnion(DecoderRegistry.standard.formats)
        #expect(formats.count > 40)
        let missing = formats.filter { !readme.contains("`\($0)`") }.sorted()
        #expect(missing.isEmpty, "README.md does not name \(missing)")
    }
}
