import Foundation
import Testing
import TestSupport
import WeatherCore
import WeatherStore
@testable import WeatherPipeline

/// The verification keys of pipeline files, and the observation role decided at ingest.
struct VerificationSettingsTests {
    /// Loads a pipeline written to a temporary folder (its input "." is that folder), then removes it.
    func load(_ body: String) throws(PipelineFile.Problem) -> PipelineFile {
        let dir = try! temporaryFolder("vs")
        defer { removeFolder(dir) }
        try? ("{\"inputs\": [\".\"], \"store\": \"s.sqlite\"" + (body.isEmpty ? "" : ", " + body) + "}")
            .write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
        return try PipelineFile.load(path: dir + "/p.json")
    }

    @Test func defaultsAreTheDocumentedOnes() throws {
        let a = try load("").aggregate
        #expect(a.issueSelection == .latestBefore(minuteOfDay: 360))
        #expect(a.dayWindowToleranceHours == 1 && !a.allowSelfReference && a.reference.isEmpty && a.compare.isEmpty)
    }

    @Test func verificationKeysAreRead() throws {
        let p = try load("""
            "reference": ["openweathermap/current", "open-meteo/archive"], "allow_self_reference": true,
            "issue_selection": "latest_before 05:30", "day_window_tolerance_hours": 2.5,
            "compare": ["open-meteo/forecast/icon_d2", "weatherkit/weather"],
            "locations": [{"id": "ldn", "lat": 51.5, "lon": -0.1, "reference": ["darksky/timemachine"]}]
            """)
        #expect(p.aggregate.reference == ["openweathermap/current", "open-meteo/archive"])
        #expect(p.aggregate.locationReference == ["ldn": ["darksky/timemachine"]])
        #expect(p.aggregate.reference(for: "ldn") == ["darksky/timemachine"] && p.aggregate.reference(for: "x").count == 2)
        #expect(p.aggregate.allowSelfReference)
        #expect(p.aggregate.issueSelection == .latestBefore(minuteOfDay: 5 * 60 + 30))
        #expect(p.aggregate.dayWindowToleranceHours == 2.5)
        #expect(p.aggregate.isCompared(provider: "open-meteo", product: "forecast", model: "icon_d2"))
        #expect(!p.aggregate.isCompared(provider: "open-meteo", product: "forecast", model: nil))
        #expect(try load(#""issue_selection": "first_of_day""#).aggregate.issueSelection == .firstOfDay)
        #expect(try load(#""issue_selection": "all""#).aggregate.issueSelection == .all)
        #expect(try load(#""issue_selection": "latest_before""#).aggregate.issueSelection == .latestBefore(minuteOfDay: 360))
        #expect(try load(#""issue_selection": {"mode": "latest_before", "cutoff": "12:00"}"#).aggregate.issueSelection
                == .latestBefore(minuteOfDay: 720))
    }

    @Test(arguments: [
        (#""issue_selection": "latest""#, "issue_selection"),
        (#""issue_selection": "latest_before 25:00""#, "issue_selection"),
        (#""issue_selection": "all 06:00""#, "issue_selection"),
        (#""issue_selection": {"mode": "first_of_day", "when": 1}"#, "issue_selection.when"),
        (#""day_window_tolerance_hours": 13"#, "day_window_tolerance_hours"),
        (#""allow_self_reference": "yes""#, "allow_self_reference"),
        (#""reference": ["openweathermap"]"#, "reference[0]"),
        (#""compare": ["a/b/c/d"]"#, "compare[0]"),
        (#""locations": [{"id": "x", "lat": 1, "lon": 1, "reference": "a/b"}]"#, "locations[0].reference"),
    ])
    func badVerificationKeysNameTheKey(_ body: String, _ key: String) {
        do {
            _ = try load(body)
            Issue.record("should fail: \(body)")
        } catch {
            #expect(error.key == key, "\(error)")
        }
    }
}

/// Roles are decided at ingest: by format, or by the input's declaration.
struct ObservationRoleIngestTests {
    func roles(_ inputs: [IngestInput]) throws -> [[SQLValue]] {
        let dir = try temporaryFolder("role")
        defer { removeFolder(dir) }
        let store = try Store(path: dir + "/w.sqlite")
        _ = try IngestRunner(store: store).run(inputs)
        return try store.database.rows("SELECT provider, product, role, COUNT(*) FROM observations GROUP BY 1, 2, 3 ORDER BY 1, 2, 3")
    }

    @Test func byFormatCurrentBlocksOfForecastRepliesAreNowcasts() throws {
        let p = fixtures + "/providers/"
        let r = try roles([IngestInput(path: p + "owm-onecall"), IngestInput(path: p + "darksky"), IngestInput(path: p + "weatherkit"),
                           IngestInput(path: p + "open-meteo"), IngestInput(path: p + "owm-timemachine"),
                           IngestInput(path: fixtures + "/standard/london-2024-05-01T00-00-00Z.json")])
        #expect(r == [
            [.text("darksky"), .text("forecast"), .text("nowcast"), .integer(1)],
            [.text("darksky"), .text("timemachine"), .text("observed"), .integer(25)],
            [.text("open-meteo"), .text("archive"), .text("observed"), .integer(48)],
            [.text("openweathermap"), .text("current"), .text("observed"), .integer(1)],
            [.text("openweathermap"), .text("onecall"), .text("nowcast"), .integer(2)],
            [.text("openweathermap"), .text("timemachine"), .text("observed"), .integer(24)],
            [.text("weatherkit"), .text("weather"), .text("nowcast"), .integer(1)],
        ])
    }

    @Test func anInputsDeclaredRoleWins() throws {
        let p = fixtures + "/providers/"
        let r = try roles([IngestInput(path: p + "owm-onecall", units: nil, role: .observed),
                           IngestInput(path: fixtures + "/standard/london-2024-05-01T00-00-00Z.json", units: nil, role: .forecast)])
        // An observed input is truth through and through: its One Call replies' time steps are
        // stored as history (`timemachine`) observations with the observed role; the current
        // weather reply of a forecast input is a nowcast, never truth by default.
        #expect(r == [[.text("openweathermap"), .text("current"), .text("nowcast"), .integer(1)],
                      [.text("openweathermap"), .text("timemachine"), .text("observed"), .integer(98)]])
    }

    @Test func pipelineInputsCarryTheirRole() throws {
        let dir = try temporaryFolder("vs")
        defer { removeFolder(dir) }
        try #"{"inputs": [{"path": ".", "role": "observed"}, {"path": ".", "role": "forecast"}, {"path": ".", "role": "auto"}, "."], "store": "s"}"#
            .write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
        let p = try PipelineFile.load(path: dir + "/p.json")
        #expect(p.inputs.map(\.role) == [.observed, .nowcast, nil, nil])
        try #"{"inputs": [{"path": ".", "role": "truth"}], "store": "s"}"#.write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
        #expect(throws: PipelineFile.Problem.self) { try PipelineFile.load(path: dir + "/p.json") }
    }
}
