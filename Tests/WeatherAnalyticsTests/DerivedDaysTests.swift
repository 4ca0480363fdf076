import Testing
import WeatherCore
import WeatherStore
@testable import WeatherAnalytics

/// Day forecasts derived from hourly and 3-hourly ones, on values worked out by hand.
struct DerivedDaysTests {
    let rule = ZoneRule(zone: "America/New_York")

    /// Hourly steps of one issue: step k covers [base + k h, base + (k + 1) h], its temperature
    /// valid at the end.
    func hours(_ ks: ClosedRange<Int>, base: String, issued: String = "2024-11-02T06:30:00Z", period: String = "hour",
               temp: (Int) -> Double? = { Double($0) }, mm: (Int) -> Double? = { _ in 0.1 },
               prob: (Int) -> Double? = { Double($0 * 2) }) -> [SubDailyForecast] {
        ks.map { k in
            let from = at(base) + Int64(k) * 3600
            return SubDailyForecast(id: Int64(100 + k), provider: "open-meteo", product: "forecast", model: nil, period: period,
                                    issuedAt: at(issued), validFrom: from, validTo: from + 3600, validAt: from + 3600,
                                    tempC: temp(k), precipMm: mm(k), precipProbPct: prob(k))
        }
    }

    @Test func theFallBackDayHas25HoursAndTakesEveryValueValidInIt() throws {
        // 2024-11-03 in New York runs from 04:00Z (00:00 EDT) to 05:00Z on the 4th (00:00 EST): 25 hours.
        // Step −1 ends at 04:00Z: its temperature (30) is valid at local midnight, so in the day,
        // but its hour [03:00Z, 04:00Z] is the 2nd's. Steps 0…24 are the day's 25 hours; step 24's
        // temperature is valid at 05:00Z, the next day's midnight.
        var steps = hours(-1...24, base: "2024-11-03T04:00:00Z")
        steps[0].tempC = 30
        steps[0].precipProbPct = 90
        let days = DerivedDays(options: AggregateOptions(), rule: rule).derive(steps, locationID: "ny")
        let day = try #require(days.first { $0.localDate == "2024-11-03" })
        #expect(day.hoursInDay == 25 && day.hoursCovered == 25 && day.precipHoursCovered == 25)
        #expect(day.tempMaxC == 30 && day.tempMinC == 0)  // readings 30, 0, 1, …, 23
        #expect(day.precipMm == 2.5)  // 25 × 0.1 mm
        #expect(day.precipProbPct == 48)  // steps 0…24: 2 × 24; step −1's 90 % is the 2nd's
        #expect(day.validFrom == at("2024-11-03T04:00:00Z") && day.validTo == at("2024-11-04T05:00:00Z"))
        #expect(day.forecastID == 99 && day.derivedFrom == "hour" && day.source == "open-meteo/forecast (from hour)")
        // As a day forecast its lead is measured to the middle of the 25 hours: 04:00Z + 12.5 h.
        #expect(day.dayForecast.validAt == at("2024-11-03T16:30:00Z"))
        let next = try #require(days.first { $0.localDate == "2024-11-04" })
        #expect(next.hoursCovered == 1 && next.tempMaxC == nil && next.precipMm == nil)  // one reading of 24
    }

    @Test func coverageDecidesEachValue() throws {
        // Temperatures valid at 05:00Z … 04:00Z (steps 0…23) are the day's: 24 of its 25 hours;
        // six of them missing leave 18 < 0.75 × 25 = 18.75, no extremes. One amount missing: 24 of
        // 25 hours, no total (a sum with a gap is not the day's). Probabilities for all 25: kept.
        let steps = hours(0...24, base: "2024-11-03T04:00:00Z", temp: { (0...5).contains($0) ? nil : Double($0) },
                          mm: { $0 == 10 ? nil : 0.1 })
        let day = try #require(DerivedDays(options: AggregateOptions(), rule: rule).derive(steps, locationID: "ny")
            .first { $0.localDate == "2024-11-03" })
        #expect(day.hoursCovered == 18 && day.tempMaxC == nil && day.tempMinC == nil)
        #expect(day.precipHoursCovered == 24 && day.precipMm == nil)
        #expect(day.precipProbPct == 48)
    }

    @Test func aThreeHourReadingStandsForItsThreeHours() throws {
        // 2024-05-01 EDT: 04:00Z to 04:00Z. Steps of 3 h ending 07:00Z, 10:00Z, …: six readings
        // stand for 18 hours = 0.75 × 24 (covered), five for 15 (not).
        func steps(_ n: Int) -> [SubDailyForecast] {
            (0..<n).map { k in
                let from = at("2024-05-01T04:00:00Z") + Int64(3 * k) * 3600
                return SubDailyForecast(id: Int64(k + 1), provider: "openweathermap", product: "forecast5", model: nil, period: "3h",
                                        issuedAt: at("2024-04-30T06:00:00Z"), validFrom: from, validTo: from + 3 * 3600,
                                        validAt: from + 3 * 3600, tempC: Double(10 + k), precipMm: 0.3, precipProbPct: nil)
            }
        }
        let derive = DerivedDays(options: AggregateOptions(), rule: rule)
        let six = try #require(derive.derive(steps(6), locationID: "ny").first)
        #expect(six.derivedFrom == "3h" && six.hoursCovered == 18 && six.tempMaxC == 15 && six.tempMinC == 10)
        #expect(six.precipHoursCovered == 18 && six.precipMm == nil && six.source == "openweathermap/forecast5 (from 3h)")
        let five = try #require(derive.derive(steps(5), locationID: "ny").first)
        #expect(five.hoursCovered == 15 && five.tempMaxC == nil)
        // Eight steps fill the day with amounts: 8 × 0.3 mm. The eighth temperature is valid at
        // 04:00Z on the 2nd, the next local midnight: the 1st has seven readings, 21 hours.
        let eight = try #require(derive.derive(steps(8), locationID: "ny").first)
        #expect(eight.precipHoursCovered == 24 && eight.precipMm == 2.4 && eight.hoursCovered == 21 && eight.tempMaxC == 16)
    }

    @Test func eachIssueIsItsOwnDerivedForecast() {
        let a = hours(0...23, base: "2024-05-01T04:00:00Z", issued: "2024-04-30T06:00:00Z")
        let b = hours(0...23, base: "2024-05-01T04:00:00Z", issued: "2024-04-30T07:00:00Z", temp: { Double($0 + 100) })
        // Steps 0…22 are valid within 2024-05-01 EDT (step 23 at the next midnight): highs 22 and 122.
        let days = DerivedDays(options: AggregateOptions(), rule: rule).derive(a + b, locationID: "ny").filter { $0.localDate == "2024-05-01" }
        #expect(days.map(\.tempMaxC) == [22, 122] && days.map(\.issuedAt) == [at("2024-04-30T06:00:00Z"), at("2024-04-30T07:00:00Z")])
    }

    @Test func theSourceIsNamedOnceInSwiftAndSQL() throws {
        #expect(SourceIdentity.name(provider: "open-meteo", product: "forecast", model: nil, derivedFrom: "hour")
                == "open-meteo/forecast (from hour)")
        #expect(SourceIdentity.name(provider: "open-meteo", product: "forecast", model: "icon_d2", derivedFrom: nil)
                == "open-meteo/forecast/icon_d2")
        let db = try Database(path: ":memory:")
        try db.execute("""
            CREATE TABLE t(provider TEXT, product TEXT, model TEXT, derived_from TEXT);
            INSERT INTO t VALUES ('open-meteo', 'forecast', NULL, 'hour'), ('open-meteo', 'forecast', 'icon_d2', NULL),
                                 ('openweathermap', 'forecast5', '', '3h');
            """)
        let names = try db.rows("SELECT \(SourceIdentity.sql()) FROM t ORDER BY rowid").map { $0.first?.string ?? "" }
        #expect(names == ["open-meteo/forecast (from hour)", "open-meteo/forecast/icon_d2", "openweathermap/forecast5 (from 3h)"])
    }
}
