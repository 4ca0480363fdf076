import Testing
import WeatherCore
@testable import WeatherPipeline

/// The units advice names what the values were read as: the units given, or — without
/// `--units` — Kelvin only when the rejects are OpenWeatherMap's, whose default that is.
@Suite struct UnitsAdviceTests {
    func advice(assumed: UnitSystem?, formats: [String: Int]) -> String? {
        var a = UnitsAdvice(input: "in/", assumed: assumed)
        a.documents = 4
        a.rejected = 4
        a.decodesUnder = [.metric: 4]
        a.formats = formats
        return a.message
    }

    @Test func withoutUnitsTheDefaultIsNamedByFormat() {
        #expect(advice(assumed: nil, formats: ["openweathermap/current": 4])?.contains("look like metric, not Kelvin: ingest with --units metric") == true)
        let vc = advice(assumed: nil, formats: ["visualcrossing/timeline": 3, "openweathermap/current": 1])
        #expect(vc?.contains("look like metric, not the provider's default units: ingest with --units metric") == true, "\(vc ?? "")")
    }

    @Test func givenUnitsAreNamed() {
        #expect(advice(assumed: .imperial, formats: ["visualcrossing/timeline": 4])?.contains("look like metric, not imperial") == true)
        #expect(advice(assumed: .standard, formats: ["tomorrowio/timelines": 4])?.contains("not Kelvin") == true)
    }
}
