import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherProviders

/// AccuWeather Current Conditions, hourly and daily forecasts. Values are worked out by hand
/// from the fixtures.
struct AccuWeatherDecoderTests {
    static let current = "accuweather/bieniu_currentconditions_piatek_2023-05-15-array-envelope.json"
    static let daily = "accuweather/bieniu_daily5day_metric_piatek_2023-05-15-envelope.json"
    static let hourly = "accuweather/bieniu_hourly12_metric_piatek_2023-05-15-envelope.json"
    static let dst = "accuweather/own-daily-warsaw-dst-start-imperial-wxpipe.json"

    func decodeSample(_ name: String) throws -> DecodedDocument {
        try DocumentDecoder.decode(try sample(name), context: DecodeContext(sourceName: name)).get()
    }

    func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-9 } ?? false }

    /// Current Conditions (the live one-element array): `Metric` values, km/h → m/s, km → m,
    /// the past hour's precipitation; observed, truth priority 37, no station.
    @Test func currentConditionsAreObserved() throws {
        let doc = try decodeSample(Self.current)
        #expect(doc.format == "accuweather/current" && doc.observations.count == 1)
        let o = try #require(doc.observations.first)
        #expect(o.observedAt == 1_684_147_020 && o.utcOffsetSeconds == 7200)  // 12:37 +02:00
        #expect(o.latitude == 52.069 && o.longitude == 19.479 && o.declaredLocationID == "piatek")
        #expect(o.tempC == 13.4 && o.feelsLikeC == 10.5 && o.dewPointC == 11.1 && o.humidityPct == 86 && o.pressureHpa == 1007)
        #expect(close(o.windSpeedMs, 15.8 / 3.6) && close(o.windGustMs, 24.3 / 3.6) && o.windDirDeg == 90)
        #expect(o.visibilityM == 9700 && o.cloudCoverPct == 96 && o.uvIndex == 2)
        #expect(o.precipMm == 1.1 && o.precipWindowH == 1)
        #expect(o.condition == .cloudy && o.conditionCode == "7" && o.conditionText == "Cloudy")
        #expect(o.stationID == nil && o.unitsAssumed == "metric")
        #expect(ObservationRole.decide(provider: o.provider, product: o.product) == .observed)
        #expect(ProductCatalog.standard.truthPriority(provider: "accuweather", product: "current") == 37)
        #expect(doc.places.first?.utcOffsetSeconds == 7200)
    }

    /// Hours from `EpochDateTime`, amounts of that hour, PoP 0–100.
    @Test func hoursStartAtTheirEpoch() throws {
        let doc = try decodeSample(Self.hourly)
        #expect(doc.format == "accuweather/hourly" && doc.forecasts.count == 12)
        let h = doc.forecasts[0]
        #expect(h.period == .hour && h.validFrom == 1_684_148_400 && h.validTo == 1_684_152_000)  // 13:00 +02:00
        #expect(h.tempC == 14.7 && h.feelsLikeC == 12.4 && h.dewPointC == 11.2 && h.humidityPct == 80)
        #expect(close(h.windSpeedMs, 14.8 / 3.6) && close(h.windGustMs, 25.9 / 3.6) && h.windDirDeg == 95)
        #expect(h.visibilityM == 9700 && h.cloudCoverPct == 94 && h.precipProbPct == 65 && h.precipMm == 1.1 && h.snowfallCm == 0)
        #expect(h.condition == .rain && h.issuedAt == 1_684_147_200 && h.issuedAtSource == .envelope && h.unitsAssumed == "metric")
    }

    /// A day runs 07:00 to 07:00 local (05:00Z in CEST), for the local date of `Date`: the day's
    /// extremes and the two halves' amounts summed, and the `Day` and `Night` halves as 12-hour
    /// window forecasts with their own amounts and PoP.
    @Test func daysRunFromSevenToSeven() throws {
        let doc = try decodeSample(Self.daily)
        #expect(doc.format == "accuweather/daily" && doc.forecasts.count == 5 * 3)
        let day = doc.forecasts[0], dayHalf = doc.forecasts[1], night = doc.forecasts[2]
        #expect(day.period == .day && day.targetDate == "2023-05-15")
        #expect(day.validFrom == 1_684_126_800 && day.validTo == 1_684_213_200 && day.periodHours == nil)
        #expect(day.tempMaxC == 16.2 && day.tempMinC == 10.1 && close(day.precipMm, 9.2 + 1.9) && day.snowfallCm == 0)
        #expect(day.precipProbPct == nil && day.condition == .rain && day.conditionCode == "18")
        #expect(dayHalf.period == .halfDay && dayHalf.validFrom == 1_684_126_800 && dayHalf.validTo == 1_684_126_800 + 12 * 3600)
        #expect(dayHalf.precipMm == 9.2 && dayHalf.precipProbPct == 91 && dayHalf.cloudCoverPct == 93 && dayHalf.windDirDeg == 142)
        #expect(close(dayHalf.windSpeedMs, 16.7 / 3.6) && close(dayHalf.windGustMs, 35.2 / 3.6) && dayHalf.targetDate == "2023-05-15")
        #expect(night.validFrom == 1_684_170_000 && night.validTo == 1_684_213_200 && night.precipMm == 1.9 && night.precipProbPct == 67)
        #expect(night.condition == .rain && night.conditionText == "Mostly cloudy w/ showers" && night.targetDate == "2023-05-15")
        #expect(doc.forecasts.filter { $0.period == .day }.map(\.targetDate) == ["2023-05-15", "2023-05-16", "2023-05-17", "2023-05-18", "2023-05-19"])
    }

    /// Imperial values (`metric=false`) converted by their own units, across the start of DST
    /// in Warsaw: the 25th's day runs 23 hours (07:00 +01:00 to 07:00 +02:00), its night 11.
    @Test func imperialDaysAcrossTheStartOfDST() throws {
        let f = try decodeSample(Self.dst).forecasts
        #expect(f.count == 9)
        let (day, dayHalf, night) = (f[0], f[1], f[2])
        #expect(day.validFrom == 1_679_724_000 && day.validTo == 1_679_806_800 && day.periodHours == 23 && day.targetDate == "2023-03-25")
        #expect(dayHalf.validTo - dayHalf.validFrom == 12 * 3600 && dayHalf.periodHours == nil)
        #expect(night.validFrom == 1_679_767_200 && night.validTo == 1_679_806_800 && night.periodHours == 11)
        #expect(close(day.tempMaxC, 10) && close(day.tempMinC, 5.0 * 5 / 9) && close(day.precipMm, (0.12 + 0.02) * 25.4))
        #expect(close(dayHalf.windSpeedMs, 9.2 * 0.44704) && close(dayHalf.precipMm, 0.12 * 25.4) && dayHalf.precipProbPct == 55)
        #expect(f[3].validFrom == 1_679_806_800 && f[3].validTo == 1_679_893_200 && f[3].periodHours == nil && f[3].targetDate == "2023-03-26")
        #expect(close(f[3].snowfallCm, (1.5 + 0.5) * 2.54) && f[3].condition == .snow && f[4].condition == .snow)
        #expect(f[6].validTo - f[6].validFrom == 86400)  // the last day: no next day, 24 hours
        #expect(f.allSatisfy { $0.unitsAssumed == "imperial" && $0.unitsSource == .unitsBlock })
    }

    /// Bare replies say nothing of their place: an explained reject, not a record at 0,0.
    @Test(arguments: ["accuweather/bieniu_currentconditions_piatek_2023-05-15.json", "accuweather/bieniu_daily5day_metric_piatek_2023-05-15.json",
                      "accuweather/bieniu_hourly12_metric_piatek_2023-05-15.json"])
    func bareRepliesNeedTheirPlace(_ name: String) throws {
        guard case .failure(let f) = DocumentDecoder.decode(try sample(name)) else { Issue.record("\(name) must be rejected"); return }
        #expect(f.reason == .missingField && f.fieldPath == "url" && f.message.contains("lat=LAT&lon=LON"))
    }

    @Test func errorBodiesAreProviderErrors() throws {
        guard case .failure(let f) = DocumentDecoder.decode(try sample("accuweather/own-error-unauthorized-wxpipe.json")) else {
            Issue.record("error body must be rejected"); return
        }
        #expect(f.reason == .providerError && f.message == "AccuWeather error Unauthorized: Api Authorization failed")
    }

    /// A unit AccuWeather does not use for a quantity is named at its field.
    @Test func anUnknownUnitIsNamed() {
        let body = #"{"fetched_at": 1684147200, "url": "https://x/currentconditions/v1/1?lat=1&lon=2", "response": {"LocalObservationDateTime": "2023-05-15T12:37:00+02:00", "EpochTime": 1684147020, "Temperature": {"Metric": {"Value": 13.4, "Unit": "K", "UnitType": 17}}}}"#
        guard case .failure(let f) = decode(body) else { Issue.record("must be rejected"); return }
        #expect(f.reason == .wrongType && f.fieldPath == "response.Temperature.Metric.Unit")
    }

    @Test func inspectNamesTheFormat() throws {
        let r = try CLI.run(["inspect", providerFixtures + "/" + Self.current, providerFixtures + "/" + Self.daily, providerFixtures + "/" + Self.hourly])
        #expect(r.status == 0)
        #expect(r.stdout.contains("accuweather/current (recognised by LocalObservationDateTime and EpochTime"))
        #expect(r.stdout.contains("accuweather/daily (recognised by DailyForecasts[]"))
        #expect(r.stdout.contains("accuweather/hourly (recognised by an array of hours"))
    }
}
