import Foundation
import Testing
import WeatherCore
@testable import WeatherProviders

/// Equal within half a unit of the second decimal: what tests that once compared values rounded
/// to 2 decimals by the conversions still mean, now that conversions keep full precision.
func approx(_ a: Double?, _ b: Double) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= 0.005 + 1e-9
}

/// Conversions never round: rounding at decode biased drizzle totals upward (0.055 mm was stored as 0.06, +9 %).
struct FullPrecisionTests {
    @Test func conversionsKeepEveryDigit() {
        #expect(abs(UnitSystem.standard.celsius(285.514) - 12.364) < 1e-9)
        #expect(UnitSystem.standard.celsius(285.514) != 12.36)
        #expect(abs(Convert.fahrenheitToCelsius(84.46) - 29.144444444444444) < 1e-9)
        #expect(Convert.mphToMs(3.13) == 3.13 * 0.44704)
        #expect(Convert.kmhToMs(22.02) == 22.02 / 3.6)
        #expect(Convert.milesToMetres(10) == 16093.44)
        #expect(Convert.fractionToPercent(0.55) == 0.55 * 100)
    }

    @Test func forecast5DrizzleAndKelvinReadBackExactly() throws {
        let item = #"{"dt":1714550400,"main":{"temp":285.514,"humidity":80,"pressure":1010},"weather":[{"id":500}],"rain":{"3h":0.055}}"#
        let body = #"{"cod":"200","cnt":1,"list":["# + item + #"],"city":{"name":"London","coord":{"lat":51.51,"lon":-0.13},"country":"GB","timezone":3600}}"#
        let f = try #require(try decode(body).get().forecasts.first)
        #expect(f.precipMm == 0.055)
        #expect(abs(try #require(f.tempC) - 12.364) < 1e-9)
    }

    @Test func oneCallSnowAndRainAddWithoutRounding() throws {
        let body = #"{"lat":51.51,"lon":-0.13,"timezone":"Europe/London","timezone_offset":3600,"current":{"dt":1714550400,"temp":285.514,"rain":{"1h":0.055},"snow":{"1h":0.013}}}"#
        let o = try #require(try decode(body).get().observations.first)
        #expect(o.rainMm == 0.055 && o.snowMm == 0.013)
        #expect(o.precipMm == 0.055 + 0.013)
    }
}

/// `a` rounded to `places` decimals is `b`: for expectations written as the provider's or a
/// hand calculation's rounded figure, while the decoders keep every digit.
func rounds(_ a: Double?, _ b: Double, _ places: Int) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= 0.5 * pow(10, -Double(places)) + 1e-9
}
