import Foundation
import Testing
import WeatherCore
@testable import WeatherProviders

/// Per-document settings in `DecodeContext`: role, time zone of file names, forced issue-time source.
struct DocumentSettingsTests {
    /// An Open-Meteo forecast-shaped reply without `current`: its issue time comes from outside.
    static let openMeteo = #"{"latitude":40.71,"longitude":-74.0,"utc_offset_seconds":-14400,"timezone":"America/New_York","hourly_units":{"time":"iso8601","temperature_2m":"°C"},"hourly":{"time":["2023-10-08T21:00","2023-10-08T22:00","2023-10-08T23:00"],"temperature_2m":[11.2,11.8,12.5]}}"#

    func decode(_ text: String, _ context: DecodeContext) -> Result<DecodedDocument, DecodeFailure> {
        DocumentDecoder.decode(Array(text.utf8), context: context)
    }

    func issued(name: String, zone: String?) throws -> (Int64, IssueTimeSource) {
        var context = DecodeContext(sourceName: "archive/ny/" + name, modifiedAt: 1_700_000_000)
        context.fileTimeZone = zone
        context.role = .forecast  // weeks after the hours: a hindcast, not an archive
        let f = try #require(try decode(Self.openMeteo, context).get().forecasts.first)
        return (f.issuedAt, f.issuedAtSource)
    }

    @Test func fileNamesInLocalTime() throws {
        // 21:00 EDT (UTC−4) is 01:00Z the next day.
        #expect(try issued(name: "2023-10-09_2100.json", zone: "America/New_York") == (UTCTime.parseISO8601("2023-10-10T01:00:00Z")!, .fileName))
        #expect(try issued(name: "2023-10-09_2100.json", zone: nil).0 == UTCTime.parseISO8601("2023-10-09T21:00:00Z")!)
        // Across the end of DST (2023-11-05 02:00 EDT → 01:00 EST) the offset changes by an hour.
        #expect(try issued(name: "2023-11-04_2100.json", zone: "America/New_York").0 == UTCTime.parseISO8601("2023-11-05T01:00:00Z")!)
        #expect(try issued(name: "2023-11-05_2100.json", zone: "America/New_York").0 == UTCTime.parseISO8601("2023-11-06T02:00:00Z")!)
        #expect(try issued(name: "20231106T0900.json", zone: "America/New_York").0 == UTCTime.parseISO8601("2023-11-06T14:00:00Z")!)
        // Names that say UTC stay UTC.
        #expect(try issued(name: "2023-10-09T21-00-00Z.json", zone: "America/New_York").0 == UTCTime.parseISO8601("2023-10-09T21:00:00Z")!)
        #expect(try issued(name: "20231009T2100Z.json", zone: "America/New_York").0 == UTCTime.parseISO8601("2023-10-09T21:00:00Z")!)
        #expect(try issued(name: "reply-1696885200.json", zone: "America/New_York").0 == 1696885200)
    }

    @Test func anUnknownFileZoneRejects() {
        var context = DecodeContext(sourceName: "2023-10-09_2100.json")
        context.fileTimeZone = "America/Gotham"
        guard case .failure(let f) = decode(Self.openMeteo, context) else { Issue.record("must reject"); return }
        #expect(f.message.contains("America/Gotham"))
    }

    @Test func roleObservedMakesForecastShapedHoursObservations() throws {
        var context = DecodeContext(sourceName: "past/2023-10-09_2100.json", modifiedAt: 1_900_000_000)
        let auto = try decode(Self.openMeteo, context).get()
        #expect(auto.forecasts.count == 3 && auto.observations.isEmpty)
        context.role = .observed
        let observed = try decode(Self.openMeteo, context).get()
        #expect(observed.observations.count == 3 && observed.forecasts.isEmpty)
        #expect(observed.observations.first?.observedAt == UTCTime.parseISO8601("2023-10-09T01:00:00Z"))
        // And `forecast` keeps hours long before the issue time as forecasts (hindcasts).
        var late = DecodeContext(sourceName: "2023-10-20_2100.json")
        #expect(try decode(Self.openMeteo, late).get().observations.count == 3)
        late.role = .forecast
        #expect(try decode(Self.openMeteo, late).get().forecasts.count == 3)
    }

    @Test func roleAppliesToOneCallAndDarkSky() throws {
        let oneCall = #"{"lat":51.51,"lon":-0.13,"timezone":"Europe/London","timezone_offset":3600,"current":{"dt":1714550400,"temp":285},"hourly":[{"dt":1714550400,"temp":285},{"dt":1714554000,"temp":286}]}"#
        var context = DecodeContext()
        #expect(try decode(oneCall, context).get().forecasts.count == 2)
        context.role = .observed
        let history = try decode(oneCall, context).get()
        #expect(history.format == "openweathermap/timemachine" && history.forecasts.isEmpty)
        let darkSky = #"{"latitude":51.51,"longitude":-0.13,"timezone":"Europe/London","flags":{"units":"si"},"currently":{"time":1714550400,"temperature":12},"hourly":{"data":[{"time":1714550400,"temperature":12},{"time":1714554000,"temperature":13}]}}"#
        #expect(try decode(darkSky, context).get().forecasts.isEmpty)
        context.role = .auto
        #expect(try decode(darkSky, context).get().forecasts.count == 2)
    }

    @Test func aForcedIssueTimeSource() throws {
        let wrapped = #"{"fetched_at":"2023-10-09T21:05:00Z","response":\#(Self.openMeteo)}"#
        var context = DecodeContext(sourceName: "2023-10-09_2100.json", modifiedAt: 1_700_000_000)
        #expect(try decode(wrapped, context).get().forecasts.first?.issuedAtSource == .envelope)
        context.issuedAtSource = .fileName
        let byName = try #require(try decode(wrapped, context).get().forecasts.first)
        #expect(byName.issuedAtSource == .fileName && byName.issuedAt == UTCTime.parseISO8601("2023-10-09T21:00:00Z"))
        context.issuedAtSource = .modificationTime
        #expect(try decode(wrapped, context).get().forecasts.first?.issuedAt == 1_700_000_000)
        context.issuedAtSource = .envelope
        #expect(try decode(wrapped, context).get().forecasts.first?.issuedAtSource == .envelope)
        // A forced source the document lacks is a reject, not a silent fallback.
        context.issuedAtSource = .body
        guard case .failure(let f) = decode(wrapped, context) else { Issue.record("must reject"); return }
        #expect(f.reason == .missingField && f.message.contains("forced to come from body"))
    }

    /// The context embeds the input's settings whole: their one fingerprint is what the store
    /// keeps, and a setting set through the context is the setting.
    @Test func theContextCarriesTheSettingsWhole() {
        var a = DecodeContext(sourceName: "a.json", modifiedAt: 1, ingestTime: 2)
        #expect(a.settings == IngestSettings() && a.settings.fingerprint == "")
        #expect(DecodeContext(sourceName: "b.json", modifiedAt: 9).settings.fingerprint == "")
        a.settings.units = .metric
        a.role = .observed
        a.fileTimeZone = "America/New_York"
        a.issuedAtSource = .fileName
        a.envelope = EnvelopeMapping(body: "data", fetchedAt: "fetchedAt")
        #expect(a.settings == IngestSettings(units: .metric, role: .observed, fileTimeZone: "America/New_York", issuedAtSource: .fileName,
                                             envelope: EnvelopeMapping(body: "data", fetchedAt: "fetchedAt")))
        #expect(a.settings.fingerprint == "units=metric;role=observed;file_time_zone=America/New_York;issued_at=file_name;envelope=data\\,fetchedAt\\,")
        var b = a
        b.envelope = EnvelopeMapping(body: "data", fetchedAt: "ts")
        #expect(a.settings.fingerprint != b.settings.fingerprint)
    }
}
