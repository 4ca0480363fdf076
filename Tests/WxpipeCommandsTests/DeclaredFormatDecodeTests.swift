import Foundation
import Testing
import TestSupport
import WeatherCore
import WeatherPipeline
import WeatherProviders
import WeatherStore

/// Documents in declared formats decode into the records a person reads off them: every value
/// below is worked out by hand from the fixture (°F → °C, inches → mm, wall clocks → UTC).
struct DeclaredFormatDecodeTests {
    static func format(_ json: String, file: String = "test-format.json") throws(FormatFileError) -> DeclaredFormat {
        try DeclaredFormat.parse(Array(json.utf8), file: file, columns: FormatFiles.columns)
    }

    static func shipped(_ name: String) throws -> DeclaredFormat {
        try FormatFiles.load(repositoryRoot + "/Formats/" + name)
    }

    static func decode(_ text: String, _ formats: [DeclaredFormat], sourceName: String? = nil, modifiedAt: Int64? = nil,
                       place: IngestSettings.Place? = nil) -> Result<DecodedDocument, DecodeFailure> {
        let context = DecodeContext(settings: IngestSettings(place: place, formats: formats), sourceName: sourceName, modifiedAt: modifiedAt)
        return DocumentDecoder.decode(Array(text.utf8), context: context)
    }

    static func fixture(_ name: String) throws -> String {
        try String(contentsOfFile: repositoryRoot + "/Fixtures/formats/" + name, encoding: .utf8)
    }

    static func near(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-9 } ?? false }

    /// A shape wxpipe has no decoder for: the backyard logger of docs/FORMATS.md.
    @Test func theBackyardLoggerDecodesToHandCheckedObservations() throws {
        let format = try Self.shipped("backyard-logger.json")
        let doc = try Self.decode(try Self.fixture("backyard-logger.json"), [format]).get()
        #expect(doc.format == "backyard/logger")
        #expect(doc.detectedBy.contains("declared format from \(repositoryRoot)/Formats/backyard-logger.json"))
        let o = doc.observations
        #expect(o.count == 4)
        #expect(o.map(\.observedAt) == [1_714_543_200, 1_714_546_800, 1_714_575_600, 1_714_579_200])  // 06, 07 UTC; 08:00−07:00 = 15 UTC; 16 UTC
        #expect(o.allSatisfy { $0.provider == "backyard" && $0.product == "logger" && $0.declaredLocationID == "backyard-1" })
        #expect(o.allSatisfy { $0.latitude == 47.6062 && $0.longitude == -122.3321 && $0.stationID == nil })
        #expect(Self.near(o[0].tempC, 10) && Self.near(o[1].tempC, 12))  // 50 °F, 53.6 °F
        #expect(o[2].tempC == nil)  // null: missing, not 0
        #expect(o[3].tempC == nil)  // 212 °F = 100 °C: set aside
        #expect(doc.quarantined.map(\.fieldPath) == ["readings[3].tempF"])
        #expect(Self.near(o[0].precipMm, 2.54) && o[1].precipMm == 0 && Self.near(o[2].precipMm, 6.35))
        #expect(o.allSatisfy { $0.precipWindowH == 1 })
        // Truth like any observed product, ranked after every built-in one: it has no declared priority.
        #expect(ObservationRole.decide(provider: "backyard", product: "logger") == .observed)
        #expect(ProductCatalog.standard.truthPriority(provider: "backyard", product: "logger") == nil)
        #expect(!ProductCatalog.standard.truthOrder.contains { $0.provider == "backyard" })
    }

    /// Built-in decoders come first: a format file matching a built-in reply's keys does not take it.
    @Test func aBuiltInShapeStaysWithItsDecoder() throws {
        let greedy = try Self.format("""
            {"format": "mine/current", "match": ["coord", "main"], "records": "$", "time": {"path": "dt", "encoding": "unix"},
             "location": {"lat": "coord.lat", "lon": "coord.lon"}, "values": {"temp_c": "main.temp"}}
            """)
        let owm = try String(contentsOfFile: repositoryRoot + "/Fixtures/providers/owm-current/london-standard-rain1h-2020-owrc.json", encoding: .utf8)
        let doc = try Self.decode(owm, [greedy]).get()
        #expect(doc.format == "openweathermap/current")
    }

    /// A document that is itself one record (`"records": "$"`), as NDJSON loggers write them,
    /// with Unix milliseconds and the input's place for a logger that does not say where it is.
    @Test func oneRecordDocumentsWithUnixMillisecondsAndTheInputsPlace() throws {
        let format = try Self.format("""
            {"format": "garden/pi", "match": ["ts", "sensor"], "records": "$", "time": {"path": "ts", "encoding": "unix_ms"},
             "values": {"temp_c": "sensor.t", "humidity_pct": {"path": "sensor.rh", "unit": "fraction"},
                        "wind_speed_ms": {"path": "wind_kn", "unit": "kn"}}}
            """)
        let place = IngestSettings.Place(latitude: 51.5, longitude: -0.12)
        let doc = try Self.decode("{\"ts\": 1714543200999, \"sensor\": {\"t\": 11.25, \"rh\": 0.5}, \"wind_kn\": 10}", [format], place: place).get()
        let o = try #require(doc.observations.first)
        #expect(doc.observations.count == 1)
        #expect(o.observedAt == 1_714_543_200)  // milliseconds cut to the second
        #expect(o.tempC == 11.25 && o.humidityPct == 50)
        #expect(Self.near(o.windSpeedMs, 10 * 1852.0 / 3600))
        #expect(o.latitude == 51.5 && o.longitude == -0.12)

        // Without the place, the reject names the setting.
        guard case .failure(let f) = Self.decode("{\"ts\": 1714543200000, \"sensor\": {}}", [format]) else {
            Issue.record("decoded without a place"); return
        }
        #expect(f.reason == .missingField && f.message.contains("--place LAT,LON"), "\(f.message)")
    }

    /// Wall clocks in New York across both DST changes of 2024: the repeated 01:30 of
    /// 3 November is read once as EDT and once as EST, the 02:30 that 10 March skips as the
    /// earlier reading.
    @Test func localTimesInAZoneAcrossDST() throws {
        let format = try Self.shipped("citynet-hourly.json")
        let doc = try Self.decode(try Self.fixture("citynet-hourly.json"), [format]).get()
        let o = doc.observations
        // 00:30 EDT = 04:30 UTC, 01:30 EDT = 05:30, 01:30 EST = 06:30, 02:30 EST = 07:30.
        #expect(o.map { UTCTime.iso8601($0.observedAt) } == ["2024-11-03T04:30:00Z", "2024-11-03T05:30:00Z", "2024-11-03T06:30:00Z", "2024-11-03T07:30:00Z"])
        #expect(o.allSatisfy { $0.timeZone == "America/New_York" && $0.declaredLocationID == "cn-014" && $0.placeName == "Lower Manhattan" })
        #expect(Self.near(o[0].pressureHpa, 30 * 33.8639) && Self.near(o[0].windSpeedMs, 10 * 0.44704))
        #expect(o[2].tempC == 9 && o[2].humidityPct == 84)

        let spring = """
            {"sensor": "cn-014", "site": {"lat": 40.7143, "lon": -74.006},
             "rows": [{"local": "2024-03-10 01:30", "temp": 1}, {"local": "2024-03-10 03:30", "temp": 2}, {"local": "2024-03-10T12:00:00", "temp": 3}]}
            """
        let s = try Self.decode(spring, [format]).get().observations
        // 01:30 EST = 06:30 UTC; 03:30 EDT = 07:30 UTC; 12:00 EDT = 16:00 UTC.
        #expect(s.map { UTCTime.iso8601($0.observedAt) } == ["2024-03-10T06:30:00Z", "2024-03-10T07:30:00Z", "2024-03-10T16:00:00Z"])
        // 02:30 does not exist that day: the earlier of 07:30 UTC (at EST) and 06:30 UTC (at EDT).
        let gap = "{\"sensor\": \"cn-014\", \"site\": {\"lat\": 40.7143, \"lon\": -74.006}, \"rows\": [{\"local\": \"2024-03-10 02:30\", \"temp\": 1}]}"
        #expect(try Self.decode(gap, [format]).get().observations.map { UTCTime.iso8601($0.observedAt) } == ["2024-03-10T06:30:00Z"])
    }

    /// Wall clocks at an offset the document states: `+05:30` text at the top, or hours in each record.
    @Test func localTimesAtAnOffsetFromOffsetPath() throws {
        let text = try Self.format("""
            {"format": "monsoon/obs", "match": ["offset", "obs"], "records": "obs",
             "time": {"path": "at", "encoding": "local", "offset_path": "$.offset"},
             "location": {"lat": 19.07, "lon": 72.88}, "values": {"precip_mm": {"path": "rain", "period_hours": 24}}}
            """)
        let doc = try Self.decode("{\"offset\": \"+05:30\", \"obs\": [{\"at\": \"2024-07-01 08:30\", \"rain\": 41.2}]}", [text]).get()
        let o = try #require(doc.observations.first)
        #expect(UTCTime.iso8601(o.observedAt) == "2024-07-01T03:00:00Z")
        #expect(o.utcOffsetSeconds == 19_800 && o.precipMm == 41.2 && o.precipWindowH == 24)

        let hours = try Self.format("""
            {"format": "monsoon/obs2", "match": ["obs"], "records": "obs",
             "time": {"path": "at", "encoding": "local", "offset_path": "tz", "offset_unit": "hours"},
             "location": {"lat": 19.07, "lon": 72.88}, "values": {"temp_c": "t"}}
            """)
        let d2 = try Self.decode("{\"obs\": [{\"at\": \"2024-07-01 08:30\", \"tz\": -3, \"t\": 20}, {\"at\": \"2024-07-01 08:30\", \"tz\": 2, \"t\": 21}]}", [hours]).get()
        #expect(d2.observations.map { UTCTime.iso8601($0.observedAt) } == ["2024-07-01T11:30:00Z", "2024-07-01T06:30:00Z"])

        // An offset beyond ±14 h is the document's fault, named at its field.
        guard case .failure(let f) = Self.decode("{\"obs\": [{\"at\": \"2024-07-01 08:30\", \"tz\": 15, \"t\": 20}]}", [hours]) else {
            Issue.record("accepted a 15-hour offset"); return
        }
        #expect(f.fieldPath == "obs[0].tz" && f.reason == .implausibleValue)
    }

    /// The regional point forecast: three-hour periods starting at `start`, issued at the run's
    /// Unix time, converted from km/h and a 0–1 probability.
    @Test func aForecastWithItsIssueTimeAndPeriodStarts() throws {
        let format = try Self.shipped("regional-point-forecast.json")
        let doc = try Self.decode(try Self.fixture("regional-point-forecast.json"), [format],
                                  sourceName: "forecast-2024-03-09T05-00-00Z.json", modifiedAt: 1_700_000_000).get()
        let f = doc.forecasts
        #expect(f.count == 3 && doc.observations.isEmpty)
        #expect(f.allSatisfy { $0.issuedAt == 1_709_964_000 && $0.issuedAtSource == .body && $0.period == .threeHours })
        #expect(f.map(\.validFrom) == [1_709_964_000, 1_709_974_800, 1_709_985_600])  // 06, 09, 12 UTC
        #expect(f.map(\.validTo) == [1_709_974_800, 1_709_985_600, 1_709_996_400])
        #expect(f.map(\.leadHours) == [0, 3, 6])
        #expect(f.map(\.tempC) == [4.5, 6, 7.5])
        #expect(f[0].precipMm == 0 && f[1].precipMm == 1.2 && f[2].precipMm == nil)
        #expect(Self.near(f[0].precipProbPct, 10) && Self.near(f[1].precipProbPct, 65) && Self.near(f[2].precipProbPct, 30))
        #expect(Self.near(f[0].windSpeedMs, 5) && Self.near(f[1].windSpeedMs, 10) && Self.near(f[2].windSpeedMs, 7.5))
        #expect(f[1].conditionText == "rain" && f[2].conditionText == nil)
        #expect(f.allSatisfy { $0.declaredLocationID == "harbour" && $0.latitude == 53.55 })
    }

    /// Periods that end at `time` (amounts over the hour before), day periods of the local day,
    /// and no issue time in the document: the file name's, as for every decoder.
    @Test func periodEndsDaysAndTheIssueTimePrecedence() throws {
        let ending = try Self.format("""
            {"format": "alpine/hourly", "role": "forecast", "match": ["hours"], "records": "hours",
             "time": {"path": "end", "encoding": "iso8601"}, "period": {"length": "hour", "time_marks": "end"},
             "location": {"lat": 47.3, "lon": 11.4}, "values": {"precip_mm": "rr", "temp_c": "t"}}
            """)
        let doc = try Self.decode("{\"hours\": [{\"end\": \"2024-03-09T07:00:00+01:00\", \"rr\": 0.4, \"t\": -1}]}", [ending],
                                  sourceName: "alpine-2024-03-09T05-30-00Z.json", modifiedAt: 1_700_000_000).get()
        let f = try #require(doc.forecasts.first)
        #expect(f.validFrom == 1_709_964_000 - 3600 && f.validTo == 1_709_964_000 && f.validAt == 1_709_964_000)  // 05–06 UTC
        #expect(f.issuedAtSource == .fileName && f.issuedAt == 1_709_962_200)  // 05:30 UTC from the name
        #expect(f.precipMm == 0.4 && f.tempC == -1)

        let days = try Self.format("""
            {"format": "alpine/daily", "role": "forecast", "match": ["days", "issued"], "records": "days",
             "time": {"path": "date", "encoding": "local", "zone": "Europe/Vienna"}, "period": "day",
             "issued": {"path": "issued", "encoding": "local", "zone": "Europe/Vienna"},
             "location": {"lat": 47.3, "lon": 11.4}, "values": {"temp_max_c": "hi", "temp_min_c": "lo"}}
            """)
        let d = try Self.decode("{\"issued\": \"2024-03-30 18:00\", \"days\": [{\"date\": \"2024-03-31\", \"hi\": 15, \"lo\": 2}]}", [days]).get()
        let day = try #require(d.forecasts.first)
        // 31 March 2024 in Vienna starts at 00:00 CET (23:00 UTC the day before) and has 23 hours.
        #expect(day.targetDate == "2024-03-31" && day.period == .day)
        #expect(UTCTime.iso8601(day.validFrom) == "2024-03-30T23:00:00Z" && UTCTime.iso8601(day.validTo) == "2024-03-31T22:00:00Z")
        #expect(day.periodHours == 23)
        #expect(UTCTime.iso8601(day.issuedAt) == "2024-03-30T17:00:00Z" && day.issuedAtSource == .body)
        #expect(day.tempMaxC == 15 && day.tempMinC == 2)
    }

    /// A record's fault names its place with the record's index; a missing declared time is a
    /// reject, never a record at the epoch.
    @Test func rejectsNameTheRecord() throws {
        let format = try Self.shipped("backyard-logger.json")
        let missing = "{\"station\": \"b\", \"lat\": 1, \"lon\": 2, \"readings\": [{\"t\": \"2024-05-01T06:00:00Z\"}, {\"tempF\": 50}]}"
        guard case .failure(let f) = Self.decode(missing, [format]) else { Issue.record("accepted"); return }
        #expect(f.reason == .missingField && f.fieldPath == "readings[1].t", "\(f)")

        let naive = "{\"station\": \"b\", \"lat\": 1, \"lon\": 2, \"readings\": [{\"t\": \"2024-05-01T06:00:00\"}]}"
        guard case .failure(let g) = Self.decode(naive, [format]) else { Issue.record("accepted"); return }
        #expect(g.fieldPath == "readings[0].t" && g.message.contains("declare \"encoding\": \"local\""), "\(g.message)")

        let emptyButBadLat = "{\"station\": \"b\", \"lat\": 123, \"lon\": 2, \"readings\": []}"
        #expect(try Self.decode(emptyButBadLat, [format]).get().recordCount == 0)  // no record needs the place
        let badLat = "{\"station\": \"b\", \"lat\": 123, \"lon\": 2, \"readings\": [{\"t\": \"2024-05-01T06:00:00Z\"}]}"
        guard case .failure(let h) = Self.decode(badLat, [format]) else { Issue.record("accepted"); return }
        #expect(h.reason == .implausibleValue && h.fieldPath == "lat", "\(h)")

        let notArray = "{\"station\": \"b\", \"readings\": {\"t\": 1}}"
        guard case .failure(let k) = Self.decode(notArray, [format]) else { Issue.record("accepted"); return }
        #expect(k.reason == .wrongType && k.fieldPath == "readings", "\(k)")

        let unmatched = "{\"station\": \"b\"}"
        guard case .failure(let u) = Self.decode(unmatched, [format]) else { Issue.record("accepted"); return }
        #expect(u.reason == .unknownFormat && u.message.contains("backyard/logger: station, readings"), "\(u.message)")
    }

    /// Every measured column of both record tables (the store's declarations) is either
    /// settable from a format file or filled by the format's structure, which the refusal names:
    /// a new column cannot be out of reach of format files unnoticed.
    @Test func everyMeasuredColumnIsReachable() throws {
        for (table, role) in [(RecordTables.observations, "observed"), (RecordTables.forecasts, "forecast")] {
            for column in table.columns where column.measured {
                var faults: [String] = []
                for spec in ["\"v\"", "{\"path\": \"v\", \"period_hours\": 1}"] {
                    let json = """
                        {"format": "probe/\(table.name)", "role": "\(role)", "match": ["x"], "records": "x", "time": {"path": "t", "encoding": "unix"},
                         \(role == "forecast" ? "\"period\": \"hour\"," : "") "values": {"\(column.name)": \(spec)}}
                        """
                    do { _ = try Self.format(json); faults = []; break } catch { faults.append(error.fault) }
                }
                #expect(faults.isEmpty || faults.allSatisfy { $0.contains("it comes from the format's") }, "\(table.name).\(column.name): \(faults)")
            }
        }
    }
}
