import Foundation
import Testing
import TestSupport
import WeatherExport
import WeatherStore

/// docs/COLUMNS.md is what a store made by `make run` holds, rendered from the declarations
/// (`make docs` rewrites it): a column added, renamed or described anew without the page fails.
@Suite struct ColumnReferenceTests {
    @Test func theColumnPageIsTheStoresColumns() throws {
        let dir = try temporaryFolder("columns")
        defer { removeFolder(dir) }
        try CLI.layOutPipeline("default.json", in: dir)
        let run = try CLI.run(["run", "Pipelines/default.json"], cwd: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let rendered = try ColumnReference.markdown(Exporter(database: Database(path: dir + "/out/weather.sqlite", readOnly: true)))
        let path = repositoryRoot + "/docs/COLUMNS.md"
        if ProcessInfo.processInfo.environment["WXPIPE_WRITE_DOCS"] == "1" {
            try rendered.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let page = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        #expect(page == rendered, "docs/COLUMNS.md differs from the store's declared columns: regenerate it with `make docs`")
        // Every column of every exported table is on the page, with its unit where it has one.
        for table in ["observations", "forecasts", "forecast_scores"] {
            #expect(page.contains("\n## \(table)\n"), "\(table)")
        }
        #expect(page.contains("| `wind_gust_ms` | number | m/s |  | wind gust |"))
        #expect(page.contains("| `observed_at_utc` | date-time (UTC) |  | yes | instant of the observation, UTC |"))
    }
}
