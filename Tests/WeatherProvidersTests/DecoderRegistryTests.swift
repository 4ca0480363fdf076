import Testing
import WeatherCore
import WeatherJSON
@testable import WeatherProviders

/// A made-up station format that exists only in this test: `{"station": …, "readings": [{"t", "temp_c"}]}`.
private struct StationTestDecoder: FormatDecoder {
    var format: String { "test/station" }
    var products: [ProductDeclaration] { [.observed("test", "station", truthPriority: 15)] }

    func detect(_ body: JSONValue) -> Detection {
        body["station"] != nil && body["readings"]?.kind == .array ? .yes : .no
    }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument {
        var doc = DecodedDocument(format: format)
        for item in try input.body.required("readings").array() {
            let obj = try item.object()
            var o = Observation(provider: "test", product: "station", observedAt: try obj.requiredInstant("t"), latitude: 1, longitude: 2)
            o.tempC = try obj.quantity("temp_c", { $0 }, Plausibility.tempC)
            doc.observations.append(o)
        }
        return doc
    }

    func recognition(of document: DecodedDocument, body: JSONValue) -> String { "station and readings" }
}

/// A decoder that claims every object with a fixed confidence, to test how the registry ranks.
private struct ClaimingDecoder: FormatDecoder {
    var format: String
    var detection: Detection
    var products: [ProductDeclaration] { [] }

    func detect(_ body: JSONValue) -> Detection { body.kind == .object ? detection : .no }
    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument { DecodedDocument(format: format) }
    func recognition(of document: DecodedDocument, body: JSONValue) -> String { "claimed by \(format)" }
}

struct DecoderRegistryTests {
    static let station = #"{"station":"x","readings":[{"t":1700000000,"temp_c":12.5},{"t":1700003600,"temp_c":11}]}"#

    func decode(_ text: String, _ registry: DecoderRegistry) -> Result<DecodedDocument, DecodeFailure> {
        DocumentDecoder.decode(Array(text.utf8), context: DecodeContext(), registry: registry)
    }

    @Test func aNewDecoderInTheRegistryIsReached() throws {
        guard case .failure(let f) = decode(Self.station, .standard) else { Issue.record("unknown without the new decoder"); return }
        #expect(f.reason == .unknownFormat && f.message.contains("station, readings"))

        var registry = DecoderRegistry.standard
        registry.register(StationTestDecoder())
        let doc = try decode(Self.station, registry).get()
        #expect(doc.format == "test/station")
        #expect(doc.observations.map(\.tempC) == [12.5, 11])
        #expect(doc.detectedBy == "station and readings")
        // Envelopes and error bodies are handled before any decoder, for new formats too.
        let wrapped = #"{"fetched_at":1700000000,"response":\#(Self.station)}"#
        #expect(try decode(wrapped, registry).get().detectedBy == "station and readings (inside an envelope)")
        // The existing formats still decode through the extended registry.
        let owm = #"{"coord":{"lon":1,"lat":1},"weather":[],"main":{"temp":280},"dt":1600000000}"#
        #expect(try decode(owm, registry).get().format == "openweathermap/current")
    }

    @Test func firstYesWinsAndRegisterBeforeSetsPrecedence() throws {
        let owm = #"{"coord":{"lon":1,"lat":1},"weather":[],"main":{"temp":280},"dt":1600000000}"#
        var after = DecoderRegistry.standard
        after.register(ClaimingDecoder(format: "test/all", detection: .yes))
        #expect(try decode(owm, after).get().format == "openweathermap/current")
        #expect(try decode(#"{"a":1}"#, after).get().format == "test/all")

        var before = DecoderRegistry.standard
        before.register(ClaimingDecoder(format: "test/all", detection: .yes), before: "openweathermap/current")
        #expect(before.formats.firstIndex(of: "test/all") == before.formats.firstIndex(of: "openweathermap/current")! - 1)
        #expect(try decode(owm, before).get().format == "test/all")
    }

    @Test func theMostConfidentLikelyDecoderWinsWhenNoneIsSure() throws {
        let registry = DecoderRegistry([
            ClaimingDecoder(format: "test/low", detection: .likely(0.3)),
            ClaimingDecoder(format: "test/high", detection: .likely(0.7)),
            ClaimingDecoder(format: "test/tie", detection: .likely(0.7)),
        ])
        let doc = try decode(#"{"a":1}"#, registry).get()
        #expect(doc.format == "test/high")   // earlier wins a tie
        #expect(doc.detectedBy == "claimed by test/high")
        var sure = registry
        sure.register(ClaimingDecoder(format: "test/sure", detection: .yes))
        #expect(try decode(#"{"a":1}"#, sure).get().format == "test/sure")
    }

    @Test func standardRegistryListsEveryFormatOnce() {
        let formats = DecoderRegistry.standard.formats
        #expect(formats == ["ncei/access", "ncei/cdo", "iem/obhistory", "iem/daily", "iem/cli", "acis/stndata", "acis/multistndata",
                            "meteostat/daily", "synoptic/timeseries",
                            "ambient/devices", "accuweather/current", "openweathermap/geocoding", "openweathermap/current", "openweathermap/forecast5",
                            "weatherbit/current", "meteosource/point", "tomorrowio/timelines", "brightsky/weather",
                            "visualcrossing/timeline", "metoffice/sitespecific", "twc/daily", "open-meteo/forecast",
                            "openweathermap/onecall", "pirateweather/forecast", "darksky/forecast", "weatherkit/weather",
                            "netatmo/stationsdata", "weatherapi/forecast", "metno/locationforecast",
                            "nws/problem", "nws/observations", "nws/forecast", "metar/observations",
                            "wu/pws", "ecowitt/realtime"])
        #expect(Set(formats).count == formats.count)
    }

    /// Geocoding replies go through the registry like every format, so they too say when they
    /// came inside an envelope.
    @Test func geocodingRepliesInsideAnEnvelope() throws {
        let places = #"{"fetched_at":1700000000,"response":[{"name":"Largo","lat":27.9,"lon":-82.7,"country":"US"}]}"#
        let doc = try decode(places, .standard).get()
        #expect(doc.format == "openweathermap/geocoding" && doc.places.count == 1)
        #expect(doc.detectedBy == "an array of places with name, lat, lon, country (inside an envelope)")
        let none = try decode(#"{"fetched_at":1700000000,"response":[]}"#, .standard).get()
        #expect(none.places.isEmpty && none.warnings == ["no places in this geocoding reply"])
        #expect(none.detectedBy == "an empty array (a geocoding reply with no match) (inside an envelope)")
    }

    @Test func unknownShapesNameWhatTheySaw() {
        guard case .failure(let array) = decode("[1,2]", .standard),
              case .failure(let object) = decode(#"{"b":1,"a":2}"#, .standard),
              case .failure(let none) = decode("{}", DecoderRegistry([])) else {
            Issue.record("must reject"); return
        }
        #expect(array.reason == .unknownFormat && array.message == "a top-level array is not a known weather format")
        #expect(object.message == "no known format has these keys: b, a")
        #expect(none.message == "no known format has these keys: (none)")
    }
}
