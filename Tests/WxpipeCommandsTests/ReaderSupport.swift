import Foundation
import Testing
import TestSupport

/// The fixture store the reader tests read back with real readers (openpyxl, DuckDB, LibreOffice).
enum Readers {
    /// The store `make run` builds (Pipelines/default.json over Fixtures/), in `folder`, with
    /// its exports as the pipeline writes them (`csv/`, `export.sqlite`, `report.html`).
    static func fixtureStore(in folder: TemporaryFolder) throws -> String {
        var text = try String(contentsOfFile: repositoryRoot + "/Pipelines/default.json", encoding: .utf8)
        text = text.replacingOccurrences(of: "\"../Fixtures/", with: "\"\(repositoryRoot)/Fixtures/")
            .replacingOccurrences(of: "\"../out/", with: "\"\(folder.path)/")
        try text.write(toFile: folder.path + "/pipeline.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", folder.path + "/pipeline.json"])
        #expect(r.status == 0, "\(r.stderr)")
        return folder.path + "/weather.sqlite"
    }
}
