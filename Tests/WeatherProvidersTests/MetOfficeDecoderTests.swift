import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherProviders

/// Met Office Weather DataHub site-specific replies. Values are worked out by hand from the fixtures.
struct MetOfficeDecoderTests {
    static let hourly = "metoffice/magicmirror_london_hourly_2026-02-07.json"
    static let daily = "metoffice/magicmirror_london_daily_2026-02-07.json"
    static let threeHourly = "metoffice/own-three-hourly-edinburgh-snow-wxpipe.json"
    static let bst = "metoffice/own-daily-london-bst-start-wxpipe.json"

    func decodeSample(_ name: String) throws -> DecodedDocument {
        try DocumentDecoder.decode(try sample(name), context: DecodeContext(sourceName: name)).get()
    }

    /// Hourly steps: instant values at `time`, amounts and max/min over the hour before it;
    /// `mslp` Pa → hPa; `modelRunDate` the issue time; `[lon, lat, alt]`.
    @Test func hourlyStepsEndAtTheirTime() throws {
        let doc = try decodeSample(Self.hourly)
        #expect(doc.format == "metoffice/sitespecific" && doc.forecasts.count == 49)
        let h = doc.forecasts[1]  // 2026-02-07T13:00Z
        #expect(h.period == .hour && h.validFrom == 1_770_465_600 && h.validTo == 1_770_469_200 && h.validAt == 1_770_469_200)
        #expect(h.issuedAt == 1_770_465_600 && h.issuedAtSource == .body && h.leadHours == 1)  // valid at 13:00, issued at 12:00
        #expect(h.tempC == 9.67 && h.tempMaxC == 9.69 && h.tempMinC == 9.56 && h.feelsLikeC == 8.76 && h.dewPointC == 8.39)
        #expect(h.pressureHpa == 994.35 && h.humidityPct == 91.56 && h.visibilityM == 7592 && h.uvIndex == 1)
        #expect(h.windSpeedMs == 2.13 && h.windDirDeg == 188 && h.windGustMs == 8.26)  // max10mWindGust, not the 7.31 at 13:00
        #expect(h.precipMm == 0.04 && h.precipRateMmh == 0.06 && h.precipProbPct == 33 && h.snowfallCm == nil)
        #expect(h.condition == .drizzle && h.conditionCode == "11")
        #expect(h.latitude == 51.5081 && h.longitude == -0.12480000000000001 && h.unitsSource == .unitsBlock)
        #expect(doc.places.first?.name == "London")
        #expect(doc.forecasts[0].condition == .cloudy && doc.forecasts[0].conditionCode == "8")
    }

    /// Three-hourly steps (told by `feelsLikeTemp`): three-hour windows ending at `time`.
    @Test func threeHourlySteps() throws {
        let doc = try decodeSample(Self.threeHourly)
        #expect(doc.forecasts.count == 4)
        let f = doc.forecasts[2]  // 15:00Z, light snow
        #expect(f.period == .threeHours && f.validFrom == 1_768_392_000 && f.validTo == 1_768_402_800)
        #expect(f.tempC == nil && f.tempMaxC == 3.98 && f.tempMinC == 1.44 && f.feelsLikeC == -2.31)
        #expect(f.precipMm == 1.05 && f.precipProbPct == 71 && f.pressureHpa == 1009.1 && f.condition == .snow)
        #expect(f.issuedAt == 1_768_381_200 && f.unitsSource == .unitsBlock)
    }

    /// Daily steps: a UK day with the day's high, a 06–18 half with the high and a 18–06 half with
    /// the low. Yesterday's step has no day PoP or weather code; its halves are kept.
    @Test func dailyStepsAreADayAndTwoHalves() throws {
        let doc = try decodeSample(Self.daily)
        #expect(doc.forecasts.count == 8 + 16)
        let day = doc.forecasts[3], dayHalf = doc.forecasts[4], night = doc.forecasts[5]  // 2026-02-07
        #expect(day.period == .day && day.targetDate == "2026-02-07" && day.validFrom == 1_770_422_400 && day.validTo == 1_770_508_800)
        #expect(day.tempMaxC == 10.5 && day.tempMinC == nil && day.uvIndex == 1)
        #expect(dayHalf.period == .halfDay && dayHalf.validFrom == 1_770_444_000 && dayHalf.validTo == 1_770_487_200 && dayHalf.periodHours == 12)
        #expect(dayHalf.tempMaxC == 10.5 && dayHalf.tempMinC == nil && dayHalf.precipProbPct == 91 && dayHalf.feelsLikeC == 8.76)
        #expect(dayHalf.condition == .rain && dayHalf.windSpeedMs == 1.9 && dayHalf.pressureHpa == 994.4 && dayHalf.visibilityM == 8550)
        #expect(night.validFrom == 1_770_487_200 && night.validTo == 1_770_530_400 && night.targetDate == "2026-02-07")
        #expect(night.tempMinC == 7.52 && night.tempMaxC == nil && night.precipProbPct == 10 && night.condition == .cloudy)
        #expect(night.windGustMs == 7.13 && night.pressureHpa == 1001 && night.humidityPct == 93.62)
        let yesterday = doc.forecasts[1]
        #expect(yesterday.targetDate == "2026-02-06" && yesterday.precipProbPct == nil && yesterday.condition == nil)
    }

    /// The start of BST, 2026-03-29: a 23-hour day, an 11-hour night before it, and the day half
    /// 06:00–18:00 BST (05:00Z–17:00Z).
    @Test func dailyAcrossTheStartOfBST() throws {
        let f = try decodeSample(Self.bst).forecasts
        #expect(f.count == 9)
        let night28 = f[2], day29 = f[3], half29 = f[4]
        #expect(night28.validFrom == 1_774_720_800 && night28.validTo == 1_774_760_400 && night28.periodHours == 11)
        #expect(day29.validFrom == 1_774_742_400 && day29.validTo == 1_774_825_200 && day29.validTo - day29.validFrom == 23 * 3600)
        #expect(half29.validFrom == 1_774_760_400 && half29.validTo == 1_774_803_600 && half29.periodHours == 12)
        #expect(half29.tempMaxC == 11.06 && half29.condition == .rain && f[5].condition == .rain && f[7].condition == .thunderstorm && f[6].condition == nil)
    }

    @Test func errorBodiesAreProviderErrors() throws {
        guard case .failure(let f) = DocumentDecoder.decode(try sample("metoffice/own-error-401-unauthorized-wxpipe.json")) else {
            Issue.record("error body must be rejected"); return
        }
        #expect(f.reason == .providerError && f.message == "Met Office DataHub error 401 (Unauthorized): Invalid client id or secret.")
    }

    @Test func significantWeatherCodes() {
        let classes = (-1...30).map { Condition.fromMetOffice(code: $0) }
        #expect(classes[0] == .drizzle && classes[1] == .clear && classes[4] == .partlyCloudy && classes[7] == .fog)
        #expect(classes[9] == .cloudy && classes[16] == .rain && classes[20] == .sleet && classes[26] == .snow && classes[31] == .thunderstorm)
        #expect(Condition.fromMetOffice(code: 4) == .other)  // "not used"
    }

    @Test func inspectNamesTheFormat() throws {
        let r = try CLI.run(["inspect", providerFixtures + "/" + Self.hourly, providerFixtures + "/" + Self.daily])
        #expect(r.status == 0)
        #expect(r.stdout.contains("metoffice/sitespecific (recognised by features[0].properties.timeSeries (Met Office DataHub site-specific, hourly steps))"))
        #expect(r.stdout.contains("site-specific, daily steps"))
    }
}
