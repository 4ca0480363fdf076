import Foundation
import Testing
import TestSupport
@testable import WeatherPipeline

/// The pipeline keys of the verification statistics (docs/STATISTICS.md): bootstrap and precipitation thresholds.
struct ScoreKeysTests {
    func load(_ body: String) throws(PipelineFile.Problem) -> PipelineFile {
        let dir = try! temporaryFolder("sk")
        defer { removeFolder(dir) }
        try? ("{\"inputs\": [\".\"], \"store\": \"s.sqlite\"" + (body.isEmpty ? "" : ", " + body) + "}")
            .write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
        return try PipelineFile.load(path: dir + "/p.json")
    }

    @Test func defaultsAndKeysAreRead() throws {
        let d = try load("").aggregate
        #expect(d.bootstrap.samples == 1000 && d.bootstrap.blockLengthDays == 3 && d.bootstrap.seed == 13)
        #expect(d.precipThresholdsMm == [0.2, 1, 5, 10])
        let a = try load(#""bootstrap_samples": 200, "bootstrap_block_days": 5, "bootstrap_seed": 42, "precip_thresholds_mm": [0.5, 2]"#).aggregate
        #expect(a.bootstrap.samples == 200 && a.bootstrap.blockLengthDays == 5 && a.bootstrap.seed == 42)
        #expect(a.precipThresholdsMm == [0.5, 2])
    }

    @Test func badValuesNameTheKey() {
        for body in [#""bootstrap_samples": 0"#, #""bootstrap_samples": 10.5"#, #""bootstrap_block_days": "3""#,
                     #""bootstrap_seed": -1"#, #""precip_thresholds_mm": []"#, #""precip_thresholds_mm": [1, -2]"#,
                     #""precip_thresholds_mm": 5"#] {
            let key = String(body.dropFirst().prefix { $0 != "\"" })
            #expect { _ = try load(body) } throws: { "\($0)".contains("key '\(key)'") }
        }
    }
}
