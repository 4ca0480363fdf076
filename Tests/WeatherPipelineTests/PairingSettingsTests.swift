import Foundation
import Testing
import TestSupport
@testable import WeatherPipeline

/// The `pairing` and `window_min_coverage` keys of pipeline files: how forecasts whose periods are
/// not local days (NWS 12-hour periods) are paired, and how much of a window the truth must cover.
struct PairingSettingsTests {
    func load(_ body: String) throws(PipelineFile.Problem) -> PipelineFile {
        let dir = try! temporaryFolder("pairing")
        defer { removeFolder(dir) }
        try? ("{\"inputs\": [\".\"], \"store\": \"s.sqlite\", " + body + "}").write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
        return try PipelineFile.load(path: dir + "/p.json")
    }

    func problem(_ body: String) -> PipelineFile.Problem? {
        do { _ = try load(body); return nil } catch { return error }
    }

    @Test func globalModeMapAndCoverage() throws {
        #expect(try load(#""name": "x""#).aggregate.pairing == .calendarDay)
        #expect(try load(#""pairing": "window""#).aggregate.pairing == .window)
        let map = try load(#""pairing": {"*": "window", "open-meteo/archive": "calendar_day", "nws": "window"}, "window_min_coverage": 0.9"#).aggregate
        #expect(map.pairing == .window && map.providerPairing == ["open-meteo/archive": .calendarDay, "nws": .window])
        #expect(map.pairing(provider: "open-meteo", product: "archive") == .calendarDay)
        #expect(map.pairing(provider: "weatherkit", product: "weather") == .window)
        #expect(map.windowMinCoverage == 0.9)
    }

    @Test func badValuesNameTheKey() {
        #expect(problem(#""pairing": "windowed""#)?.key == "pairing")
        #expect(problem(#""pairing": {"nws": "day"}"#)?.key == "pairing.nws")
        #expect(problem(#""pairing": {"a/b/c": "window"}"#)?.key == "pairing.a/b/c")
        #expect(problem(#""pairing": 3"#)?.description.contains("calendar_day") == true)
        #expect(problem(#""window_min_coverage": 0"#)?.key == "window_min_coverage")
        #expect(problem(#""window_min_coverage": 1.5"#)?.key == "window_min_coverage")
    }
}
