import Testing
import WeatherCore
import WeatherStore
@testable import WeatherAnalytics

/// Hand-computed cases for six ways the scores misled (numbered below: self-verification, shifted
/// lead bins, day windows, completeness, partial hindcasts, unfair comparison); each one failed on the aggregate stage
/// before roles, truth sources, valid-instant leads, day windows, per-variable coverage, issue
/// selection and the matched sample.
struct VerificationRulesTests {
    typealias S = VerificationTestStore

    // 1. Providers verify against themselves.

    /// A One Call reply: `current` at 06:00 UTC (14.71 °C, a nowcast) and an hourly forecast for
    /// 06:00 of 14.71 °C issued at 04:00; OWM current weather read 12.0 °C at 06:10. Before, the
    /// nowcast (0 min away) won: error 0. Now the truth is the observed reply: error 2.71.
    @Test func aForecastIsNeverItsOwnTruth() throws {
        let s = try S([S.london])
        let six = at("2024-05-01T06:00:00Z")
        try s.observe("london", "openweathermap", "onecall", .nowcast, at: six, temp: 14.71)
        try s.observe("london", "openweathermap", "current", .observed, at: six + 600, temp: 12.0)
        try s.pointForecast("london", "openweathermap", "onecall", issued: six - 7200, from: six, at: six, temp: 14.71)
        try s.aggregate()
        #expect(try s.rows("SELECT observed, error, truth_provider, truth_product FROM forecast_pairs")
                == [[.real(12), .real(2.71), .text("openweathermap"), .text("current")]])
        // Named as the only reference, One Call's own block is still not its truth…
        let own = try s.aggregate { $0.reference = ["openweathermap/onecall"] }
        #expect(try s.rows("SELECT COUNT(*) FROM forecast_pairs") == [[.integer(0)]])
        #expect(own.excluded[.ownObservationsOnly] == 1)
        // …unless the user asks for it.
        try s.aggregate { $0.reference = ["openweathermap/onecall"]; $0.allowSelfReference = true }
        #expect(try s.rows("SELECT observed, error FROM forecast_pairs") == [[.real(14.71), .real(0)]])
    }

    /// Observations from a store made before roles (NULL) are not truth, and the run says so.
    @Test func observationsWithoutARoleAreNotTruthAndWarned() throws {
        let s = try S([S.london])
        let six = at("2024-05-01T06:00:00Z")
        try s.observe("london", "openweathermap", "current", nil, at: six, temp: 12)
        try s.pointForecast("london", "weatherkit", "weather", issued: six - 7200, from: six, at: six, temp: 15)
        let summary = try s.aggregate()
        #expect(try s.rows("SELECT COUNT(*) FROM forecast_pairs") == [[.integer(0)]])
        #expect(summary.warnings.contains { $0.hasPrefix("1 observations were stored before observation roles existed") })
        try s.aggregate { $0.reference = ["openweathermap/current"] }
        #expect(try s.rows("SELECT observed FROM forecast_pairs") == [[.real(12)]])
    }

    /// With nothing but nowcasts at a place there is no truth, so no pairs (before: all of them).
    @Test func nowcastsAreNotTruthByDefault() throws {
        let s = try S([S.london])
        let six = at("2024-05-01T06:00:00Z")
        try s.observe("london", "darksky", "forecast", .nowcast, at: six, temp: 14.71)
        try s.pointForecast("london", "weatherkit", "weather", issued: six - 7200, from: six, at: six, temp: 15)
        try s.aggregate()
        #expect(try s.rows("SELECT COUNT(*) FROM forecast_pairs") == [[.integer(0)]])
        #expect(try s.rows("SELECT COUNT(*) FROM daily_observed") == [[.integer(0)]])
        try s.aggregate { $0.reference = ["darksky/forecast"] }  // named: then it is the truth
        #expect(try s.rows("SELECT observed, truth_provider FROM forecast_pairs") == [[.real(14.71), .text("darksky")]])
    }

    /// London 2024-05-01 (BST): the Open-Meteo archive at :00 reads 8 … 18, OWM current at :30
    /// reads 6 … 17 and reports rain every hour. Before, the day was max 18 (archive) and min 6
    /// (OWM): a day neither source saw. Now one source per day: the same temperature hours, more
    /// rain hours, so OWM current (17 / 6); in a `reference`, the order given decides.
    @Test func oneTruthSourcePerLocationDay() throws {
        let s = try S([S.london])
        let midnight = at("2024-04-30T23:00:00Z")
        try s.observeHours("london", "open-meteo", "archive", from: midnight, hours: 24) { 8 + Double($0 % 11) }
        try s.observeHours("london", "openweathermap", "current", from: midnight, hours: 24, minute: 30, precip: 0) { 6 + Double($0 % 12) }
        try s.dayForecast("london", "weatherkit", "weather", issued: at("2024-04-30T04:00:00Z"), from: midnight, to: midnight + 86400,
                          max: 19, min: 7)
        try s.aggregate()
        #expect(try s.rows("SELECT temp_max_c, temp_min_c, truth_source FROM daily_observed")
                == [[.real(17), .real(6), .text("openweathermap/current")]])
        #expect(try s.rows("SELECT variable, observed, truth_product FROM forecast_pairs ORDER BY variable")
                == [[.text("temp_max_c"), .real(17), .text("current")], [.text("temp_min_c"), .real(6), .text("current")]])
        try s.aggregate { $0.reference = ["open-meteo/archive", "openweathermap/current"] }
        #expect(try s.rows("SELECT temp_max_c, temp_min_c, truth_source FROM daily_observed")
                == [[.real(18), .real(8), .text("open-meteo/archive")]])
        // A named source whose day is incomplete gives way to the next complete one.
        try s.observeHours("london", "darksky", "timemachine", from: midnight, hours: 3) { _ in 30 }
        try s.aggregate { $0.reference = ["darksky/timemachine", "open-meteo/archive"] }
        #expect(try s.rows("SELECT truth_source, complete FROM daily_observed") == [[.text("open-meteo/archive"), .integer(1)]])
        // A location's own reference wins over the pipeline's.
        try s.aggregate { $0.reference = ["open-meteo/archive"]; $0.locationReference = ["london": ["openweathermap/current"]] }
        #expect(try s.rows("SELECT truth_source FROM daily_observed") == [[.text("openweathermap/current")]])
    }

    // 2. Hourly lead bins are shifted.

    /// An OWM forecast5 step: issued 04:00 UTC, valid_from +45 h, the temperature valid at +48 h.
    /// Before: lead 45 h, bin 24-48. Now: lead 48 h (valid_at − issued), bin 48-72.
    @Test func leadIsMeasuredToTheValidInstant() throws {
        let s = try S([S.london])
        let issued = at("2024-05-01T04:00:00Z")
        try s.observe("london", "openweathermap", "current", .observed, at: issued + 48 * 3600, temp: 10)
        try s.pointForecast("london", "openweathermap", "forecast5", period: .threeHours, issued: issued,
                            from: issued + 45 * 3600, at: issued + 48 * 3600, temp: 11)
        try s.aggregate()
        #expect(try s.rows("SELECT lead_hours, lead_hours_bin FROM forecast_pairs") == [[.real(48), .text("48-72")]])
        #expect(try s.rows("SELECT lead_hours_bin, n FROM forecast_scores WHERE location_id = '*'") == [[.text("48-72"), .integer(1)]])
    }

    // 3. A day forecast's window is never compared with the local day.

    /// Sydney (UTC+10) observed hourly from local midnight of 2 May, 10 + h/4 °C. An Open-Meteo day
    /// forecast fetched without &timezone= covers the UTC day 2 May: hours 10 … 33 of that series,
    /// so its perfect values are min 12.5, max 18.25. Before, it was scored against Sydney's local
    /// 2 May (min 10, max 15.75): errors of +2.5. Now it is left out with a warning.
    @Test func dayWindowsMustBeLocalDays() throws {
        let s = try S([S.sydney])
        let localMidnight = at("2024-05-01T14:00:00Z")
        try s.observeHours("sydney", "openweathermap", "current", from: localMidnight, hours: 48) { 10 + Double($0) / 4 }
        let utcDay = at("2024-05-02T00:00:00Z")
        try s.dayForecast("sydney", "open-meteo", "forecast", issued: at("2024-04-30T18:00:00Z"), from: utcDay, to: utcDay + 86400,
                          max: 18.25, min: 12.5)
        let summary = try s.aggregate()
        #expect(try s.rows("SELECT COUNT(*) FROM forecast_pairs") == [[.integer(0)]])
        #expect(summary.excluded[.dayWindow] == 1)
        #expect(summary.warnings.contains { $0.hasPrefix("open-meteo/forecast daily windows are UTC days but Sydney is UTC+10") })
        #expect(try s.rows("SELECT reason, n FROM verification_exclusions") == [[.text("day_window_not_local_day"), .integer(1)]])
        // A user who accepts a 10-hour shift gets the pairs, against the local day.
        try s.aggregate { $0.dayWindowToleranceHours = 10 }
        #expect(try s.rows("SELECT variable, error FROM forecast_pairs ORDER BY variable")
                == [[.text("temp_max_c"), .real(2.5)], [.text("temp_min_c"), .real(2.5)]])
    }

    // 4. Completeness counts hours with any observation.

    /// An archive day with temperatures for 00–11 and rain for all 24 hours (each amount is the
    /// hour before its time stamp, so the stamps run 00:00 … 24:00): before, 24 hours covered and
    /// its Tmax "observed"; now 12 temperature hours (incomplete), rain complete.
    @Test func completenessCountsTemperatureHours() throws {
        let s = try S([S.london])
        let midnight = at("2024-04-30T23:00:00Z")
        for h in 0...24 {
            try s.observe("london", "open-meteo", "archive", .observed, at: midnight + Int64(h) * 3600,
                          temp: h < 12 ? 10 + Double(h) : nil, precip: h > 0 ? 0.5 : nil)
        }
        try s.dayForecast("london", "weatherkit", "weather", issued: at("2024-04-30T04:00:00Z"), from: midnight, to: midnight + 86400,
                          max: 25, min: 9, precip: 10)
        try s.aggregate()
        #expect(try s.rows("""
            SELECT hours_covered, complete, precip_hours_covered, precip_complete, precip_mm FROM daily_observed
            WHERE local_date = '2024-05-01'
            """) == [[.integer(12), .integer(0), .integer(24), .integer(1), .real(12)]])
        #expect(try s.rows("SELECT variable FROM forecast_pairs") == [[.text("precip_mm")]])
    }

    // 5. Forecasts issued after their day began are scored as lead 0.

    /// New York: a day-0 forecast issued at 07:00 EDT, after the minimum happened. Before: a
    /// lead-0 pair in the scores. Now: a partial hindcast, kept in `excluded_pairs`, counted.
    @Test func forecastsIssuedAfterTheirPeriodBeganAreNotScored() throws {
        let s = try S([S.newYork])
        let midnight = at("2024-05-01T04:00:00Z")
        try s.observeHours("ny", "openweathermap", "current", from: midnight, hours: 24, minute: 30) { 10 + Double($0) }
        try s.dayForecast("ny", "darksky", "forecast", issued: midnight + 7 * 3600, from: midnight, to: midnight + 86400, max: 33, min: 12)
        let summary = try s.aggregate { $0.issueSelection = .all }
        #expect(try s.rows("SELECT COUNT(*) FROM forecast_pairs") == [[.integer(0)]])
        #expect(try s.rows("SELECT COUNT(*) FROM forecast_scores") == [[.integer(0)]])
        #expect(try s.rows("SELECT variable, lead_days, reason FROM excluded_pairs ORDER BY variable")
                == [[.text("temp_max_c"), .integer(0), .text("partial_hindcast")], [.text("temp_min_c"), .integer(0), .text("partial_hindcast")]])
        #expect(summary.excluded[.partialHindcast] == 2)
    }

    /// An Open-Meteo-style hourly reply fetched at 17:00 UTC whose hours start at midnight: the
    /// hours that ended before the fetch are no forecasts, the 16–17 hour is a partial hindcast,
    /// only 17–18 onwards is scored.
    @Test func hoursBeforeTheIssueAreNotForecasts() throws {
        let s = try S([Location(id: "utc", latitude: 0, longitude: 0, timeZone: "UTC", declared: true)])
        let midnight = at("2024-05-01T00:00:00Z"), issued = midnight + 17 * 3600
        try s.observeHours("utc", "openweathermap", "current", from: midnight, hours: 24) { _ in 10 }
        for h in 1...20 {
            try s.pointForecast("utc", "open-meteo", "forecast", issued: issued, from: midnight + Int64(h - 1) * 3600,
                                at: midnight + Int64(h) * 3600, temp: 11)
        }
        let summary = try s.aggregate { $0.issueSelection = .all }
        #expect(try s.rows("SELECT lead_hours FROM forecast_pairs ORDER BY 1") == [[.real(1)], [.real(2)], [.real(3)]])
        #expect(try s.rows("SELECT valid_at_utc, reason FROM excluded_pairs WHERE derived_from IS NULL")
                == [[.text("2024-05-01T17:00:00Z"), .text("partial_hindcast")]])
        #expect(summary.excluded[.pastPeriod] == 16)
        // The 20 hours (of 24) also make a day, 11 °C high and low, issued after it began: a
        // partial hindcast too, kept apart as derived from the hours.
        #expect(try s.rows("SELECT variable, forecast, reason FROM excluded_pairs WHERE derived_from = 'hour' ORDER BY 1")
                == [[.text("temp_max_c"), .real(11), .text("partial_hindcast")], [.text("temp_min_c"), .real(11), .text("partial_hindcast")]])
    }

    // 6. Fair comparison is not fair.

    /// Provider a polls three times before 06:00 EDT on 30 April (20, 21, 22 °C for the 1 May
    /// high), b once at 07:00 EDT. Before: a weighed three times. Now one forecast per issue date:
    /// the last before the 06:00 cutoff by default (b has none), the first with `first_of_day`.
    @Test func issueSelectionKeepsOneForecastPerCase() throws {
        let s = try S([S.newYork])
        let midnight = at("2024-05-01T04:00:00Z")
        try s.observeHours("ny", "openweathermap", "current", from: midnight, hours: 24, minute: 30) { 10 + Double($0) }
        for (k, hourEDT) in [3, 4, 5].enumerated() {
            try s.dayForecast("ny", "a", "x", issued: at("2024-04-30T04:00:00Z") + Int64(hourEDT) * 3600, from: midnight,
                              to: midnight + 86400, max: 20 + Double(k), min: nil)
        }
        try s.dayForecast("ny", "b", "x", issued: at("2024-04-30T11:00:00Z"), from: midnight, to: midnight + 86400, max: 30, min: nil)
        let summary = try s.aggregate()
        #expect(try s.rows("SELECT provider, forecast FROM forecast_pairs ORDER BY 1") == [[.text("a"), .real(22)]])
        #expect(summary.excluded[.notSelected] == 3)  // a's two earlier ones, and b's
        try s.aggregate { $0.issueSelection = .firstOfDay }
        #expect(try s.rows("SELECT provider, forecast FROM forecast_pairs ORDER BY 1") == [[.text("a"), .real(20)], [.text("b"), .real(30)]])
        try s.aggregate { $0.issueSelection = .all }
        #expect(try s.rows("SELECT provider, n FROM forecast_scores WHERE location_id = '*' ORDER BY 1") == [[.text("a"), .integer(3)], [.text("b"), .integer(1)]])
    }

    /// Hourly forecasts: one per valid hour and issue date. Two runs at 03:00 and 05:00 UTC on
    /// 1 May and one at 04:00 on 30 April for 2 May 12:00: the 05:00 run and the 30 April one stay.
    @Test func issueSelectionOfHourlyForecastsIsPerValidHourAndIssueDate() throws {
        let s = try S([Location(id: "utc", latitude: 0, longitude: 0, timeZone: "UTC", declared: true)])
        let valid = at("2024-05-02T12:00:00Z")
        try s.observe("utc", "openweathermap", "current", .observed, at: valid, temp: 10)
        for (issued, temp) in [("2024-05-01T03:00:00Z", 11.0), ("2024-05-01T05:00:00Z", 12.0), ("2024-04-30T04:00:00Z", 13.0)] {
            try s.pointForecast("utc", "p", "x", issued: at(issued), from: valid - 3600, at: valid, temp: temp)
        }
        let summary = try s.aggregate()
        #expect(try s.rows("SELECT forecast, lead_hours_bin FROM forecast_pairs ORDER BY 1") == [[.real(12), .text("24-48")], [.real(13), .text("48-72")]])
        #expect(summary.excluded[.notSelected] == 1)
    }

    /// A day window two hours off the local day is named with its offset, not as a UTC day.
    @Test func aShiftedDayWindowIsNamedWithItsOffset() throws {
        let s = try S([S.newYork])
        let midnight = at("2024-05-01T04:00:00Z")
        try s.observeHours("ny", "openweathermap", "current", from: midnight, hours: 24, minute: 30) { 10 + Double($0) }
        try s.dayForecast("ny", "q", "daily", issued: midnight - 86400, from: midnight + 7200, to: midnight + 86400 + 7200, max: 30, min: 10)
        let summary = try s.aggregate()
        #expect(summary.warnings == ["q/daily daily windows start 2 h from local midnight but New York is UTC-4: 1 day forecasts left out; "
                                     + "verify them over their own window (pairing: q=window), or day_window_tolerance_hours"])
        #expect(try s.rows("SELECT detail FROM verification_exclusions") == [[.text("forecasts; window starts 2 h after local midnight")]])
    }

    /// Two cities, one forecast each: a row per location and a pooled row whose sums are the
    /// locations' sums; `scores_by_lead` carries `n`.
    @Test func scoresPerLocationAndPooled() throws {
        let s = try S([S.newYork, S.london])
        for (loc, midnight, max) in [("ny", at("2024-05-01T04:00:00Z"), 35.0), ("london", at("2024-04-30T23:00:00Z"), 30.0)] {
            try s.observeHours(loc, "openweathermap", "current", from: midnight, hours: 24, minute: 30) { 10 + Double($0) }
            try s.dayForecast(loc, "a", "x", issued: midnight - 86400, from: midnight, to: midnight + 86400, max: max, min: nil)
        }
        try s.aggregate()
        #expect(try s.rows("SELECT location_id, n, mae, sum_abs_error FROM forecast_scores ORDER BY location_id")
                == [[.text("*"), .integer(2), .real(2.5), .real(5)], [.text("london"), .integer(1), .real(3), .real(3)],
                    [.text("ny"), .integer(1), .real(2), .real(2)]])
        #expect(try s.rows("SELECT mae_lead_1d, n_lead_1d FROM scores_by_lead") == [[.real(2.5), .integer(2)]])
    }
}

/// MET Norway's `next_6_hours` periods are verified over their own six hours: the highest and
/// lowest reading and the amount of those hours, with an hour-bin lead measured to the start.
struct SixHourPeriodTests {
    @Test func aSixHourPeriodIsPairedOverItsWindow() throws {
        let s = try VerificationTestStore([VerificationTestStore.london])
        let start = at("2024-05-02T06:00:00Z")
        // Readings 10, 11, … at :00 of each hour from 06:00 to 17:00 UTC, 0.5 mm each hour.
        try s.observeHours("london", "openweathermap", "current", from: start, hours: 12, precip: 0.5) { 10 + Double($0) }
        var f = Forecast(provider: "metno", product: "locationforecast", latitude: 0, longitude: 0, issuedAt: start - 26 * 3600,
                         issuedAtSource: .body, period: .sixHours, validFrom: start, validTo: start + 6 * 3600, validAt: start)
        (f.tempMaxC, f.tempMinC, f.precipMm) = (16.5, 9.0, 2.0)
        _ = try s.store.insert(f, locationID: "london", sourceID: s.source, line: 900)
        try s.aggregate()
        // Issued 05:00 local the day before (before the default 06:00 cutoff), 26 h ahead. The
        // window 06:00–12:00 holds the readings 10 … 15 and six amounts of 0.5 mm.
        #expect(try s.rows("""
            SELECT variable, period, forecast, observed, lead_hours, lead_hours_bin, pairing FROM forecast_pairs
            WHERE provider = 'metno' ORDER BY variable
            """) == [
            [.text("precip_mm"), .text("6h"), .real(2), .real(3), .real(26), .text("24-48"), .text("window")],
            [.text("temp_max_c"), .text("6h"), .real(16.5), .real(15), .real(26), .text("24-48"), .text("window")],
            [.text("temp_min_c"), .text("6h"), .real(9), .real(10), .real(26), .text("24-48"), .text("window")],
        ])
    }
}
