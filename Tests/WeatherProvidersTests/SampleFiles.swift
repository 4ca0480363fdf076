import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherProviders


/// The provider replies shipped with the repository (Fixtures/providers, see its SOURCES.md):
/// every test reads these, so a plain clone passes.
let providerFixtures = repositoryRoot + "/Fixtures/providers"

/// `../shared/provider-samples` beside the repository when it exists (a development checkout),
/// else nil. Only the optional extended check reads it.
let sharedSamplesIfPresent: String? = {
    let path = URL(fileURLWithPath: repositoryRoot).deletingLastPathComponent().path + "/shared/provider-samples"
    var isDir: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue ? path : nil
}()

/// `folder/name.json` for every JSON file one level down in `root`, sorted.
func jsonFilesByFolder(in root: String) throws -> [String] {
    let fm = FileManager.default
    var all: [String] = []
    for folder in try fm.contentsOfDirectory(atPath: root).sorted() {
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: root + "/" + folder, isDirectory: &isDir), isDir.boolValue else { continue }
        for f in try fm.contentsOfDirectory(atPath: root + "/" + folder).sorted() where f.hasSuffix(".json") {
            all.append(folder + "/" + f)
        }
    }
    return all
}

func decode(_ text: String, units: UnitSystem? = nil) -> Result<DecodedDocument, DecodeFailure> {
    DocumentDecoder.decode(Array(text.utf8), context: DecodeContext(owmUnits: units))
}

/// The bytes of a provider fixture; a missing file fails the test instead of crashing the runner.
func sample(_ name: String) throws -> [UInt8] {
    let data = try #require(FileManager.default.contents(atPath: providerFixtures + "/" + name), "missing Fixtures/providers/\(name)")
    return [UInt8](data)
}

func observation(_ text: String, units: UnitSystem? = nil) throws -> Observation {
    let doc = try decode(text, units: units).get()
    return try #require(doc.observations.first)
}
