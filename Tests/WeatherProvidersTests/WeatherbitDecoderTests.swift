import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherProviders

/// Weatherbit v2.0 `/current` and `/forecast/daily`. Values are worked out by hand from the fixtures.
struct WeatherbitDecoderTests {
    static let current = "weatherbit/magicmirror_current_newyork_2026-02-06.json"
    static let current2018 = "weatherbit/own-current-london-2018-string-code-wxpipe.json"
    static let daily = "weatherbit/magicmirror_daily16_newyork_2026-02-06.json"
    static let dst = "weatherbit/own-daily-newyork-dst-end-imperial-wxpipe.json"

    func decodeSample(_ name: String, units: UnitSystem? = nil) throws -> DecodedDocument {
        try DocumentDecoder.decode(try sample(name), context: DecodeContext(owmUnits: units, sourceName: name)).get()
    }

    /// `/current`: an observation at `ts` (`ob_time` "2026-02-06 21:25" is the same instant in
    /// UTC), sunrise and sunset "HH:MM" UTC, `precip` a rate; observed, not a station reading.
    @Test func currentIsAnObservedBlend() throws {
        let doc = try decodeSample(Self.current)
        #expect(doc.format == "weatherbit/current")
        let o = try #require(doc.observations.first)
        #expect(o.observedAt == 1_770_413_100 && UTCTime.parseISO8601("2026-02-06 21:25", assumingOffset: 0) == o.observedAt)
        #expect(o.tempC == 1 && o.feelsLikeC == -0.6 && o.dewPointC == -9 && o.humidityPct == 47 && o.pressureHpa == 1004)
        #expect(o.windSpeedMs == 1.5 && o.windGustMs == 3.1 && o.windDirDeg == 210 && o.visibilityM == 16000 && o.cloudCoverPct == 100)
        #expect(o.precipRateMmh == 0 && o.precipMm == nil)
        #expect(o.sunriseAt == 1_770_379_140 && o.sunsetAt == 1_770_416_460)  // 11:59Z and 22:21Z on the 6th
        #expect(o.condition == .cloudy && o.conditionCode == "804" && o.conditionText == "Overcast clouds")
        #expect(o.placeName == "New York City" && o.country == "US" && o.timeZone == "America/New_York")
        #expect(o.stationID == nil)  // a blend at the point, not KJRB's own reading
        #expect(ObservationRole.decide(provider: o.provider, product: o.product) == .observed)
        #expect(ProductCatalog.standard.truthPriority(provider: "weatherbit", product: "current") == 35)
    }

    /// The 2018 shape: `weather.code` a string, `precip` null, an escaped slash in the zone.
    @Test func the2018Shape() throws {
        let o = try #require(try decodeSample(Self.current2018).observations.first)
        #expect(o.observedAt == 1_540_155_600 && o.conditionCode == "801" && o.condition == .partlyCloudy)
        #expect(o.precipRateMmh == nil && o.timeZone == "Europe/London" && o.pressureHpa == 1021.7)
        #expect(o.sunsetAt == 1_540_140_360)  // 16:46Z on the 21st, before the 21:00Z observation
    }

    /// Daily rows are local days by `valid_date` in the reply's zone (not by `ts`): EST days from
    /// 05:00Z; `snow` mm → cm; `pop` 0–100.
    @Test func dailyRowsAreLocalDays() throws {
        let doc = try decodeSample(Self.daily)
        #expect(doc.format == "weatherbit/daily" && doc.forecasts.count == 7)
        let d = doc.forecasts[0]
        #expect(d.period == .day && d.targetDate == "2026-02-06")
        #expect(d.validFrom == 1_770_354_000 && d.validTo == 1_770_440_400)  // 2026-02-06T05:00Z to 07T05:00Z
        #expect(d.tempMaxC == 0.5 && d.tempMinC == -6.3 && d.precipMm == 0.25 && d.snowfallCm == 0.375 && d.precipProbPct == 50)
        #expect(d.condition == .snow && d.windGustMs == 3.4 && d.pressureHpa == 1008 && d.visibilityM == 21700)
        #expect(d.latitude == 40.7128 && d.longitude == -74.006 && d.unitsAssumed == "M" && d.unitsSource == .default)
        #expect(doc.places.first?.timeZone == "America/New_York")
    }

    /// Imperial (`units=I` in the envelope URL) across the end of DST: the 3rd of November 2024
    /// lasts 25 hours in New York.
    @Test func imperialDaysAcrossTheEndOfDST() throws {
        let days = try decodeSample(Self.dst).forecasts
        #expect(days.map(\.targetDate) == ["2024-11-02", "2024-11-03", "2024-11-04"])
        #expect(days[1].validFrom == 1_730_606_400 && days[1].validTo == 1_730_696_400 && days[1].validTo - days[1].validFrom == 25 * 3600)
        #expect(abs(days[1].tempMaxC! - 15) < 1e-9 && abs(days[1].precipMm! - 0.31 * 25.4) < 1e-9 && days[1].precipProbPct == 60)
        #expect(abs(days[2].snowfallCm! - 0.5 * 2.54) < 1e-9 && days[2].condition == .sleet)
        #expect(abs(days[0].windSpeedMs! - 8.5 * 0.44704) < 1e-9 && abs(days[0].visibilityM! - 9.3 * 1609.344) < 1e-6)
        #expect(days.allSatisfy { $0.unitsAssumed == "I" && $0.unitsSource == .envelopeURL && $0.issuedAt == 1_730_541_660 })
    }

    @Test func errorBodiesAreProviderErrors() throws {
        guard case .failure(let f) = DocumentDecoder.decode(try sample("weatherbit/own-error-plan-lacks-hourly-wxpipe.json")) else {
            Issue.record("error body must be rejected"); return
        }
        #expect(f.reason == .providerError && f.message == "Weatherbit error: Your API key does not allow access to this endpoint.")
        guard case .failure(let g) = decode(#"{"status_code": 429, "status_message": "Your request count (1022) is over the limit of 1000 for this time period."}"#) else {
            Issue.record("error body must be rejected"); return
        }
        #expect(g.reason == .providerError && g.message.hasPrefix("Weatherbit error 429: Your request count"))
    }

    @Test func inspectNamesTheFormat() throws {
        let r = try CLI.run(["inspect", providerFixtures + "/" + Self.current, providerFixtures + "/" + Self.daily])
        #expect(r.status == 0)
        #expect(r.stdout.contains("weatherbit/current (recognised by data[] with ob_time"))
        #expect(r.stdout.contains("weatherbit/daily (recognised by data[] with valid_date"))
    }
}
