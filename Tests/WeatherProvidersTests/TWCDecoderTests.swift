import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherProviders

/// The Weather Company v3 daily forecast and Currents on Demand. Values are worked out by hand
/// from the fixtures.
struct TWCDecoderTests {
    static let daily15 = "twc/openharvest_daily15day_metric_Mchinji-MW_2022-02-20-envelope.json"
    static let newYork = "twc/own-daily3day-newyork-edt-end-imperial-wxpipe.json"
    static let munich = "twc/own-daily5day-munich-cest-start-after3pm-si-wxpipe.json"
    static let current = "twc/own-current-saotome-imperial-wxpipe.json"

    func decodeSample(_ name: String, units: UnitSystem? = nil) throws -> DecodedDocument {
        try DocumentDecoder.decode(try sample(name), context: DecodeContext(owmUnits: units, sourceName: name)).get()
    }

    /// Metric, fetched in the morning: calendar days (local midnight at +0200) first, then the 30
    /// segments, day *i* 07:00–19:00 and night *i* 19:00 to day i+1's 07:00; km/h → m/s.
    @Test func calendarDaysAndSegments() throws {
        let doc = try decodeSample(Self.daily15)
        #expect(doc.format == "twc/daily" && doc.forecasts.count == 15 + 30)
        let day = doc.forecasts[0]
        #expect(day.period == .day && day.targetDate == "2022-02-20" && day.validFrom == 1_645_308_000 && day.validTo == 1_645_394_400)
        #expect(day.tempMaxC == 21 && day.tempMinC == 18 && day.precipMm == nil)
        let d = doc.forecasts[15], n = doc.forecasts[16]
        #expect(d.period == .halfDay && d.validFrom == 1_645_333_200 && d.validTo == 1_645_333_200 + 12 * 3600 && d.periodHours == 12)
        #expect(d.tempMaxC == 21 && d.tempMinC == nil && d.precipProbPct == 40 && d.precipMm == 0.3 && d.snowfallCm == 0)
        #expect(abs(d.windSpeedMs! - 12 / 3.6) < 1e-12 && d.windDirDeg == 240 && d.humidityPct == 90 && d.cloudCoverPct == 94 && d.uvIndex == 7)
        #expect(d.condition == .thunderstorm && d.conditionCode == "38" && d.conditionText == "PM T-Storms")
        #expect(n.validFrom == 1_645_376_400 && n.validTo == 1_645_419_600 && n.tempMinC == 17 && n.tempMaxC == nil && n.precipMm == 1.34)
        #expect(n.targetDate == "2022-02-20" && n.condition == .rain)
        #expect(d.latitude == -13.797 && d.longitude == 32.887 && d.unitsAssumed == "m" && d.unitsSource == .envelopeURL)
        #expect(d.issuedAt == 1_645_343_340 && d.issuedAtSource == .envelope)
    }

    /// The end of EDT, 2024-11-03: the calendar day lasts 25 hours (midnight at -0400 to midnight
    /// at -0500), the night segment of the 2nd 13 hours and ends at 07:00 EST on the 3rd (the
    /// day boundary of TWC's segments is 07:00, not midnight: the night keeps the 2nd as its date).
    @Test func daysAndSegmentsAcrossTheEndOfEDT() throws {
        let f = try decodeSample(Self.newYork).forecasts
        #expect(f.count == 3 + 6)
        #expect(f[0].validFrom == 1_730_520_000 && f[0].validTo == 1_730_606_400)
        #expect(f[1].targetDate == "2024-11-03" && f[1].validFrom == 1_730_606_400 && f[1].validTo == 1_730_696_400 && f[1].validTo - f[1].validFrom == 25 * 3600)
        #expect(abs(f[1].tempMaxC! - Convert.fahrenheitToCelsius(53)) < 1e-12 && abs(f[1].tempMinC! - Convert.fahrenheitToCelsius(33)) < 1e-12)
        let night = f[4], sunday = f[5], sundayNight = f[6]
        #expect(night.validFrom == 1_730_588_400 && night.validTo == 1_730_635_200 && night.periodHours == 13 && night.targetDate == "2024-11-02")
        #expect(abs(night.tempMinC! - Convert.fahrenheitToCelsius(47)) < 1e-12 && abs(night.precipMm! - 0.04 * 25.4) < 1e-12 && night.precipProbPct == 35)
        #expect(abs(night.windSpeedMs! - 6 * 0.44704) < 1e-12 && night.condition == .cloudy)
        #expect(sunday.validFrom == 1_730_635_200 && sunday.targetDate == "2024-11-03" && sunday.condition == .rain)
        #expect(abs(sundayNight.snowfallCm! - 0.5 * 2.54) < 1e-12 && sundayNight.condition == .sleet)
        #expect(f.allSatisfy { $0.unitsAssumed == "e" && $0.unitsSource == .envelopeURL && $0.issuedAt == 1_730_550_600 })
    }

    /// After 15:00 local the first segment is null and skipped; the night before the start of
    /// CEST (2025-03-30) lasts 11 hours; `units=s` is m/s; no `calendarDay*`, no day forecasts.
    @Test func afterThreePMAcrossTheStartOfCEST() throws {
        let f = try decodeSample(Self.munich).forecasts
        #expect(f.count == 11 && f.allSatisfy { $0.period == .halfDay })
        #expect(f[0].tempMinC == 2 && f[0].tempMaxC == nil && f[0].validFrom == 1_743_184_800 && f[0].validTo == 1_743_228_000)
        let night = f[2], sunday = f[3]
        #expect(night.validFrom == 1_743_271_200 && night.validTo == 1_743_310_800 && night.periodHours == 11 && night.targetDate == "2025-03-29")
        #expect(night.tempMinC == 5 && night.windSpeedMs == 3 && night.precipProbPct == 20 && night.precipMm == 0.4)
        #expect(sunday.validFrom == 1_743_310_800 && sunday.tempMaxC == 9 && sunday.condition == .rain && sunday.conditionText == "Regen")
        #expect(f.allSatisfy { $0.unitsAssumed == "s" })
    }

    /// Currents on Demand: one nowcast at `validTimeUtc`, °F, mph, in and mi converted; the
    /// rolling hour of `precip1Hour` and the last 24 hours' extremes.
    @Test func currentIsANowcast() throws {
        let doc = try decodeSample(Self.current)
        #expect(doc.format == "twc/current" && doc.forecasts.isEmpty)
        let o = try #require(doc.observations.first)
        #expect(o.observedAt == 1_752_576_000 && o.latitude == 0.34 && o.longitude == 6.73 && o.utcOffsetSeconds == 0)
        #expect(abs(o.tempC! - Convert.fahrenheitToCelsius(79)) < 1e-12 && abs(o.dewPointC! - Convert.fahrenheitToCelsius(74)) < 1e-12)
        #expect(abs(o.windSpeedMs! - 4.4704) < 1e-12 && abs(o.windGustMs! - 18 * 0.44704) < 1e-12 && o.windDirDeg == 200)
        #expect(abs(o.visibilityM! - 8 * 1609.344) < 1e-9 && o.pressureHpa == 1013.2 && o.humidityPct == 84 && o.cloudCoverPct == 62)
        #expect(abs(o.precipMm! - 0.508) < 1e-12 && o.precipWindowH == 1)
        #expect(abs(o.tempMax24hC! - Convert.fahrenheitToCelsius(84)) < 1e-12 && abs(o.tempMin24hC! - Convert.fahrenheitToCelsius(73)) < 1e-12)
        #expect(o.condition == .cloudy && o.conditionCode == "28" && o.conditionText == "Mostly Cloudy" && o.sunriseAt == 1_752_558_501)
        #expect(ObservationRole.decide(provider: o.provider, product: o.product) == .nowcast)
    }

    /// No place in a bare reply: an explained `missing_field`. Units from `--units` when the
    /// envelope URL has no `units=`.
    @Test func placeAndUnits() throws {
        let bare = #"{"validTimeUtc": 1752576000, "expirationTimeUtc": 1752576600, "temperature": 20, "iconCode": 32}"#
        guard case .failure(let f) = decode(bare) else { Issue.record("a reply without a place must be rejected"); return }
        #expect(f.reason == .missingField && f.message.contains("geocode=LAT,LON"))
        let wrapped = #"{"fetched_at": 1752576000, "url": "https://api.weather.com/v3/wx/observations/current?geocode=51.5,-0.1&format=json", "response": \#(bare)}"#
        let o = try #require(try decode(wrapped, units: .metric).get().observations.first)
        #expect(o.tempC == 20 && o.unitsAssumed == "m" && o.unitsSource == .input && o.condition == .clear)
        let english = try #require(try decode(wrapped).get().observations.first)
        #expect(abs(english.tempC! - Convert.fahrenheitToCelsius(20)) < 1e-12 && english.unitsSource == .default)
    }

    @Test func errorBodiesAreProviderErrors() throws {
        guard case .failure(let f) = DocumentDecoder.decode(try sample("twc/own-error-cdn-0001-invalid-apikey-wxpipe.json")) else {
            Issue.record("error body must be rejected"); return
        }
        #expect(f.reason == .providerError && f.message == "The Weather Company error CDN-0001: Invalid apiKey.")
    }

    @Test func iconCodes() {
        #expect(Condition.fromTWC(iconCode: 4) == .thunderstorm && Condition.fromTWC(iconCode: 5) == .sleet && Condition.fromTWC(iconCode: 9) == .drizzle)
        #expect(Condition.fromTWC(iconCode: 12) == .rain && Condition.fromTWC(iconCode: 16) == .snow && Condition.fromTWC(iconCode: 20) == .fog)
        #expect(Condition.fromTWC(iconCode: 24) == .wind && Condition.fromTWC(iconCode: 30) == .partlyCloudy && Condition.fromTWC(iconCode: 32) == .clear)
        #expect(Condition.fromTWC(iconCode: 44) == .other)  // not available
    }

    @Test func inspectNamesTheFormat() throws {
        let r = try CLI.run(["inspect", providerFixtures + "/" + Self.daily15, providerFixtures + "/" + Self.current])
        #expect(r.status == 0)
        #expect(r.stdout.contains("twc/daily (recognised by columns of validTimeUtc with daypart"))
        #expect(r.stdout.contains("twc/current (recognised by validTimeUtc, temperature and iconCode"))
    }
}
