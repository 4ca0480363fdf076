import Foundation
import Testing
import TestSupport
@testable import WeatherProviders

/// README's list of formats names every format the fixtures decode into: a new decoder's format
/// id cannot ship without its line there.
struct FormatListTests {
    @Test func readmeNamesEveryFormatTheFixturesDecodeInto() throws {
        let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
        let formats = Set(ProviderSampleTests.table.compactMap(\.format) + StationArchiveFixtureTests.table.compactMap(\.format)
                          + NWSDecoderTests.table.map(\.format) + DecoderRegistry.standard.formats)
        #expect(formats.count > 40)
        let missing = formats.filter { !readme.contains("`\($0)`") }.sorted()
        #expect(missing.isEmpty, "README.md does not name \(missing)")
    }
}
