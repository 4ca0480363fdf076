import Foundation
import Testing
import WeatherCore
@testable import WeatherProviders

func decodeSample(_ file: String, units: UnitSystem? = nil) throws -> DecodedDocument {
    try DocumentDecoder.decode(try sample(file), context: DecodeContext(owmUnits: units, sourceName: file)).get()
}

func decodeText(_ text: String, name: String? = nil, mtime: Int64? = nil) throws -> DecodedDocument {
    try DocumentDecoder.decode(Array(text.utf8), context: DecodeContext(sourceName: name, modifiedAt: mtime, ingestTime: 42)).get()
}

/// Spot checks of converted values, per format and unit system.
struct ProviderValueTests {
    @Test func darkSkyUSUnitsAndFractionalOffset() throws {
        let doc = try decodeSample("darksky/us-mumbai-forecast-offset-5.5-2020-godarksky.json")
        let o = try #require(doc.observations.first)
        #expect(approx(o.tempC, 29.14))          // 84.46 °F
        #expect(approx(o.windSpeedMs, 1.399))    // 3.13 mph
        #expect(o.humidityPct == 68)       // 0.68
        #expect(o.utcOffsetSeconds == 19800)
        #expect(o.timeZone == "Asia/Kolkata")
        let hourly = doc.forecasts.filter { $0.period == .hour }
        #expect(hourly.allSatisfy { $0.validFrom % 3600 == 1800 })  // local hours at :30 UTC
        let day = try #require(doc.forecasts.first { $0.period == .day })
        #expect(day.targetDate == "2020-03-24")
        #expect(approx(day.tempMaxC, 33.43) && approx(day.tempMinC, 25.47))  // 92.18 / 77.85 °F
        #expect(day.precipEstimated)
        #expect(approx(day.precipMm, 0.06))     // 0.0001 in/h × 25.4 × 24 h
        #expect(day.precipProbPct == 4)
        #expect(day.issuedAtSource == .body)
        #expect(day.issuedAt == 1585065089)
    }

    @Test func darkSkySIUnits() throws {
        let o = try #require(try decodeSample("darksky/si-vienna-at-lang-de-forecast-2020-wxpipe.json").observations.first)
        #expect(o.tempC == 6.25)
        #expect(o.windSpeedMs == 1.2)
        #expect(o.unitsAssumed == "si")
    }

    @Test func oneCallDailyIsALocalDayWithRainAndPop() throws {
        let doc = try decodeSample("owm-onecall/onecall25-madrid-standard-daily-pop-rain-2021-wxpipe.json")
        let day = try #require(doc.forecasts.first { $0.period == .day })
        #expect(day.targetDate == "2021-09-20")
        #expect(approx(day.tempMaxC, 25.95) && approx(day.tempMinC, 15.45))   // 299.1 K, 288.6 K
        #expect(approx(day.precipMm, 1.37))
        #expect(approx(day.precipProbPct, 62))
        #expect(day.validFrom == UTCTime.parseISO8601("2021-09-19T22:00:00Z"))  // Madrid midnight, CEST
        #expect(day.validTo - day.validFrom == 86400)
        #expect(day.issuedAtSource == .body && day.issuedAt == 1632128400)
        // Hourly `rain.1h` on 5 of 48 hours; the others are dry, not missing.
        let hours = doc.forecasts.filter { $0.period == .hour }
        #expect(hours.count == 48 && hours.filter { ($0.precipMm ?? 0) > 0 }.count == 5)
    }

    @Test func oneCallImperialRainStaysMillimetres() throws {
        let body = #"{"lat":38.96,"lon":-77.36,"timezone":"America/New_York","timezone_offset":-18000,"current":{"dt":1700000000,"temp":50},"daily":[{"dt":1700067600,"temp":{"min":30,"max":50},"rain":18,"snow":10.8,"pop":1}]}"#
        let doc = try DocumentDecoder.decode(Array(body.utf8), context: DecodeContext(owmUnits: .imperial)).get()
        let day = try #require(doc.forecasts.first)
        #expect(day.precipMm == 28.8)
        #expect(approx(day.tempMaxC, 10) && approx(day.tempMinC, -1.11))
        #expect(doc.observations.first?.tempC == 10)
    }

    @Test func forecast5ThreeHourPeriods() throws {
        let doc = try decodeSample("owm-forecast5/dublin-metric-pop-visibility-rain3h-2021-wxpipe.json", units: .metric)
        let f = try #require(doc.forecasts.first)
        #expect(f.period == .threeHours)
        #expect(f.validTo == 1634590800 && f.validFrom == 1634590800 - 10800 && f.validAt == 1634590800)
        #expect(f.tempC == 10.67 && f.windSpeedMs == 4.2 && f.precipProbPct == 0 && f.precipMm == 0)
        #expect(doc.forecasts.filter { ($0.precipMm ?? 0) > 0 }.count == 7)  // rain.3h on 7 of 40 items
        #expect(doc.places.first?.utcOffsetSeconds == 3600)
    }

    @Test func forecast5EmptyObjectsAndNoneCountry() throws {
        let doc = try decodeSample("owm-forecast5/kazan-samples-endpoint-country-none-empty-snow-2019-wxpipe.json")
        #expect(doc.places.first?.country == nil)  // "none"
        #expect(doc.forecasts.allSatisfy { $0.precipMm != nil })  // `snow: {}` is 0, never a failure
        #expect(doc.forecasts.filter { $0.precipMm == 0 }.count == 24)
        #expect(doc.forecasts[1].precipMm == 0.02036)  // `snow.3h` 0.02036 (five decimals), kept whole
    }

    @Test func weatherKitMetricFractionsAndDays() throws {
        let full = try decodeSample("weatherkit/gowk-nyc-full-weather-metric.json")
        let day = try #require(full.forecasts.first { $0.period == .day })
        #expect(day.targetDate == "2022-07-05")
        #expect(day.tempMaxC == 29.77 && day.tempMinC == 21.46)
        #expect(day.precipMm == 2.83 && day.precipProbPct == 59)
        #expect(day.validFrom == UTCTime.parseISO8601("2022-07-05T04:00:00Z"))
        // currentWeather.metadata lacks readTime here; another block's readTime is the issue clock.
        #expect(day.issuedAtSource == .body)
        let current = try #require(try decodeSample("weatherkit/gowk-nyc-current-weather.json").observations.first)
        #expect(current.tempC == 29.42)
        #expect(approx(current.windSpeedMs, 6.117))  // 22.02 km/h
        #expect(current.humidityPct == 51)
        #expect(current.pressureHpa == 1015.35)
        #expect(current.condition != nil)
    }

    @Test func openMeteoLocalTimesUseTheZone() throws {
        let doc = try decodeSample("open-meteo/forecast-prague-coords-tz-london-current-daily-iso8601-2024-wxpipe.json")
        let o = try #require(doc.observations.first)
        #expect(o.observedAt == UTCTime.parseISO8601("2024-06-14T08:30:00Z"))  // 09:30 BST
        #expect(approx(o.tempC, 18.6) && approx(o.windSpeedMs, 4) && approx(o.humidityPct, 66))  // 14.4 km/h
        #expect(o.condition == .rain)
        let day = try #require(doc.forecasts.first)
        #expect(day.targetDate == "2024-06-14" && day.tempMaxC == 21.3)
        #expect(day.validFrom == UTCTime.parseISO8601("2024-06-13T23:00:00Z"))
        #expect(doc.forecasts[2].tempMaxC == 23)  // an integer among the floats
        #expect(day.issuedAtSource == .body)
    }

    @Test func openMeteoLegacyAndMultiModel() throws {
        let osaka = try decodeSample("open-meteo/forecast-osaka-legacy-current_weather-hourly-2024-wxpipe.json")
        #expect(osaka.observations.first?.tempC == 32.6)
        #expect(rounds(osaka.observations.first?.windSpeedMs, 2.611, 3))  // legacy `windspeed` 9.4 km/h
        #expect(osaka.forecasts.allSatisfy { $0.humidityPct != nil && $0.windSpeedMs != nil })  // legacy names
        let multi = try decodeSample("open-meteo/forecast-multimodel-bologna-hourly-daily-nulls-2024-wxpipe.json")
        let models = Set(multi.forecasts.compactMap(\.model))
        #expect(models == ["ecmwf_ifs025", "icon_d2", "gfs_global", "knmi_harmonie_arome_europe"])  // none without data
        #expect(multi.forecasts.allSatisfy { $0.model != nil })
        #expect(multi.warnings.contains { $0.contains("gem_regional") && $0.contains("undefined") })
        #expect(multi.forecasts.filter { $0.model == "icon_d2" }.allSatisfy { $0.precipProbPct == nil })  // an all-null column
    }
}

/// Quirks from SOURCES.md, each with a small body of its own.
struct ProviderQuirkTests {
    @Test func openMeteoUnitsNullsAndUnixtime() throws {
        let body = #"{"latitude":40.7,"longitude":-74,"utc_offset_seconds":-14400,"timezone":"America/New_York","hourly_units":{"time":"unixtime","temperature_2m":"°F","precipitation":"inch","wind_speed_10m":"mp/h","relative_humidity_2m":"furlongs"},"hourly":{"time":[1720000800,1720004400],"temperature_2m":[68,null],"precipitation":[0.1,null],"wind_speed_10m":[10,null],"relative_humidity_2m":[50,60]}}"#
        let doc = try decodeText(body)
        #expect(doc.forecasts.count == 1)  // the second row holds only an unusable unit's value
        let f = try #require(doc.forecasts.first)
        #expect(f.validAt == 1720000800)
        #expect(approx(f.tempC, 20) && approx(f.precipMm, 2.54) && approx(f.windSpeedMs, 4.47))
        #expect(f.humidityPct == nil)
        #expect(doc.warnings.contains { $0.contains("relative_humidity_2m") && $0.contains("furlongs") })
    }

    @Test func openMeteoUnknownTemperatureUnitIsNeverGuessed() throws {
        let body = #"{"latitude":1,"longitude":1,"utc_offset_seconds":0,"hourly_units":{"time":"iso8601","temperature_2m":true},"hourly":{"time":["2024-01-01T00:00"],"temperature_2m":[280]}}"#
        let doc = try decodeText(body)
        #expect(doc.forecasts.isEmpty)
        #expect(doc.warnings.count == 1)
    }

    @Test func darkSkyUnitSystems() throws {
        func current(_ flags: String) throws -> Observation {
            let body = #"{"latitude":51.5,"longitude":-0.12,"timezone":"Europe/London","offset":0,\#(flags)"currently":{"time":1700000000,"temperature":50,"windSpeed":10,"visibility":10,"precipIntensity":0.1}}"#
            return try #require(try decodeText(body).observations.first)
        }
        let us = try current("")                                   // no flags: us
        #expect(approx(us.tempC, 10) && approx(us.windSpeedMs, 4.47) && approx(us.visibilityM, 16093.44) && approx(us.precipRateMmh, 2.54))
        let ca = try current(#""flags":{"units":"ca"},"#)
        #expect(approx(ca.tempC, 50 - 0) && approx(ca.windSpeedMs, 2.778) && approx(ca.visibilityM, 10000))
        let uk2 = try current(#""flags":{"units":"uk2"},"#)
        #expect(approx(uk2.windSpeedMs, 4.47) && approx(uk2.visibilityM, 16093.44) && approx(uk2.precipRateMmh, 0.1))
        #expect(throws: DecodeFailure.self) { _ = try current(#""flags":{"units":"xx"},"#) }
    }

    /// A Dark Sky body whose single `offset` is wrong across a DST change still gives the right
    /// local days (SOURCES.md 17): Budapest, 2019-10-27, the day clocks went back.
    @Test func darkSkyDailyDatesAreDSTCorrect() throws {
        let body = #"{"latitude":47.09,"longitude":17.91,"timezone":"Europe/Budapest","offset":1,"currently":{"time":1572130000,"temperature":50},"daily":{"data":[{"time":1572127200,"temperatureMax":60,"temperatureMin":40},{"time":1572217200,"temperatureMax":60,"temperatureMin":40}]}}"#
        let days = try decodeText(body).forecasts
        #expect(days.map(\.targetDate) == ["2019-10-27", "2019-10-28"])
        #expect(days[0].validTo - days[0].validFrom == 25 * 3600)  // the long day
        #expect(days[0].validFrom == 1572127200)                    // midnight CEST
        #expect(days[1].validTo - days[1].validFrom == 24 * 3600)
    }

    @Test func owmCodTypesAndEmptyPrecipObjects() throws {
        // `cod` as a string in an error; `rain: {}` as none in a current body.
        #expect(throws: DecodeFailure.self) { _ = try decodeText(#"{"cod":"400","message":"bad"}"#) }
        let o = try #require(try decodeText(#"{"coord":{"lon":1,"lat":1},"weather":[],"main":{"temp":280},"rain":{},"dt":1600000000,"cod":"200","message":0.0041}"#).observations.first)
        #expect(o.precipMm == 0 && o.precipWindowH == 1)
    }

    @Test func geocodingShapes() throws {
        let array = try decodeText(#"[{"name":"Reston","lat":38.9687,"lon":-77.3411,"country":"US","state":"Virginia"}]"#)
        #expect(array.places.first?.state == "Virginia")
        let zip = try decodeText(#"{"zip":"33760","name":"Largo","lat":27.9,"lon":-82.7,"country":"US"}"#)
        #expect(zip.places.first?.name == "Largo")
        let localNames = try decodeText(#"[{"name":"Londres","local_names":{"en":"London","ascii":"London"},"lat":51.5,"lon":-0.12,"country":"GB"}]"#)
        #expect(localNames.places.first?.name == "London")
        let none = try decodeText("[]")
        #expect(none.places.isEmpty && none.format == "openweathermap/geocoding")
    }

    @Test func historyShapes() throws {
        let v30 = try decodeText(#"{"lat":33.44,"lon":-94.04,"timezone":"America/Chicago","timezone_offset":-18000,"data":[{"dt":1589173200,"temp":290,"wind_speed":0,"wind_gust":0}]}"#)
        #expect(v30.format == "openweathermap/timemachine" && v30.observations.count == 1)
        let v25 = try decodeText(#"{"lat":33.44,"lon":-94.04,"timezone":"America/Chicago","current":{"dt":1589173200,"temp":290},"hourly":[{"dt":1589155200,"temp":289},{"dt":1589158800,"temp":288}]}"#)
        #expect(v25.format == "openweathermap/timemachine" && v25.observations.count == 3)
    }
}

/// Issue time: envelope → body clock → file or member name → modification time → ingest time.
struct IssueTimeTests {
    static let forecast5 = #"{"cod":"200","list":[{"dt":1714564800,"main":{"temp":285}}],"city":{"coord":{"lat":51.5,"lon":-0.12},"timezone":3600}}"#

    @Test func precedence() throws {
        let env = #"{"fetched_at":"2024-05-01T06:00:03Z","url":"https://api.openweathermap.org/data/2.5/forecast?lat=51.5&lon=-0.12","response":\#(Self.forecast5)}"#
        let a = try #require(try decodeText(env, name: "x-2024-04-01T00-00-00Z.json", mtime: 5).forecasts.first)
        #expect(a.issuedAtSource == .envelope && a.issuedAt == 1714543203)
        let b = try #require(try decodeText(Self.forecast5, name: "cron/london-2024-05-01T06-00-00Z.json", mtime: 5).forecasts.first)
        #expect(b.issuedAtSource == .fileName && b.issuedAt == 1714543200)
        #expect(b.leadHours == 6)  // valid at dt = 12:00 (the end of its period [dt − 3 h, dt]), issued 06:00
        let c = try #require(try decodeText(Self.forecast5, name: "london.json", mtime: 1714540000).forecasts.first)
        #expect(c.issuedAtSource == .modificationTime && c.issuedAt == 1714540000)
        let d = try #require(try decodeText(Self.forecast5).forecasts.first)
        #expect(d.issuedAtSource == .ingestTime && d.issuedAt == 42)
        let oneCall = #"{"lat":1,"lon":1,"current":{"dt":1714543000,"temp":280},"hourly":[{"dt":1714546800,"temp":281}]}"#
        let e = try #require(try decodeText(oneCall, name: "2024-05-01T00-00-00Z.json").forecasts.first)
        #expect(e.issuedAtSource == .body && e.issuedAt == 1714543000)
    }

    @Test(arguments: [
        ("london-2024-05-01T06-00-00Z.json", Int64(1714543200)),
        ("2024-05-01T06:00:00Z.json.gz", 1714543200),
        ("owm_20240501T0600Z.json", 1714543200),
        ("20240501T060030Z", 1714543230),
        ("dump/2024-05-01_0600.json", 1714543200),
        ("reply-1714543200.json", 1714543200),
    ])
    func namePatterns(_ name: String, _ expected: Int64) {
        #expect(IssueTime.fromName(name) == expected)
    }

    @Test func namesWithoutTimestamps() {
        for name in ["london.json", "12345.json", "17145432001.json", "2024-13-45T99-00-00Z.json", "v2.5/x.json"] {
            #expect(IssueTime.fromName(name) == nil, "\(name)")
        }
    }
}
