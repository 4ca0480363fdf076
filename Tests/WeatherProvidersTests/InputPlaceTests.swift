import Foundation
import Testing
import WeatherCore
@testable import WeatherProviders

/// Replies that say nowhere where they are for (AccuWeather, The Weather Company, Tomorrow.io
/// `/v4/timelines`, a trimmed WeatherAPI.com reply) take the input's `place` setting; without
/// it they stay explained rejects that name the setting.
@Suite struct InputPlaceTests {
    static let place = IngestSettings.Place(latitude: 52.23, longitude: 21.01)

    /// The fixture's reply, taken out of its envelope (`response`) when it has one: a collector
    /// that kept no request URL.
    func reply(_ file: String) throws -> [UInt8] {
        let bytes = try sample(file)
        guard let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any], let inner = object["response"] else { return bytes }
        return Array(try JSONSerialization.data(withJSONObject: inner))
    }

    func decode(_ file: String, place: IngestSettings.Place?, units: UnitSystem? = nil) throws -> Result<DecodedDocument, DecodeFailure> {
        let settings = IngestSettings(units: units, place: place)
        return DocumentDecoder.decode(try reply(file), context: DecodeContext(settings: settings, sourceName: file, ingestTime: 1_700_000_000))
    }

    static let placeless: [(String, UnitSystem?)] = [
        ("accuweather/bieniu_hourly12_metric_piatek_2023-05-15.json", nil),
        ("accuweather/bieniu_daily5day_metric_piatek_2023-05-15.json", nil),
        ("accuweather/bieniu_currentconditions_piatek_2023-05-15.json", nil),
        ("twc/own-daily3day-newyork-edt-end-imperial-wxpipe.json", .imperial),
        ("twc/own-current-saotome-imperial-wxpipe.json", .imperial),
        ("weatherapi/iprak_forecast_1day_aqi_2021-08-28.json", nil),
    ]

    @Test(arguments: placeless)
    func aReplyWithoutAPlaceTakesTheInputsPlace(file: String, units: UnitSystem?) throws {
        guard case .failure(let without) = try decode(file, place: nil, units: units) else {
            Issue.record("\(file) decoded without a place")
            return
        }
        #expect(without.reason == .missingField, "\(file)")
        #expect(without.message.contains("place"), "\(file): \(without.message)")
        let doc = try decode(file, place: Self.place, units: units).get()
        #expect(doc.observations.count + doc.forecasts.count > 0, "\(file)")
        for o in doc.observations { #expect(o.latitude == 52.23 && o.longitude == 21.01, "\(file)") }
        for f in doc.forecasts { #expect(f.latitude == 52.23 && f.longitude == 21.01, "\(file)") }
    }

    /// The reply's own place, or its envelope's, wins over the setting.
    @Test func theRepliesOwnPlaceWins() throws {
        let own = try DocumentDecoder.decode(try sample("weatherapi/hossain_forecast_2day_sola_vanuatu_2025-02-26.json"),
                                             context: DecodeContext(settings: IngestSettings(place: Self.place), ingestTime: 1_700_000_000)).get()
        #expect(own.forecasts.allSatisfy { abs($0.latitude - 52.23) > 1 })
        let wrapped = try DocumentDecoder.decode(try sample("accuweather/bieniu_hourly12_metric_piatek_2023-05-15-envelope.json"),
                                                 context: DecodeContext(settings: IngestSettings(place: Self.place), ingestTime: 1_700_000_000)).get()
        #expect(wrapped.forecasts.allSatisfy { abs($0.latitude - 52.23) > 0.001 || abs($0.longitude - 21.01) > 0.001 })
    }

    @Test func thePlaceIsParsedAndFingerprinted() {
        #expect(IngestSettings.Place("40.7143,-74.006") == IngestSettings.Place(latitude: 40.7143, longitude: -74.006))
        #expect(IngestSettings.Place(" 40.7143 , -74.006 ") != nil)
        for bad in ["north", "91,0", "0,181", "1,2,3", "", "1,"] { #expect(IngestSettings.Place(bad) == nil, "\(bad)") }
        // A new setting left at its default does not change the fingerprint of earlier inputs.
        #expect(IngestSettings().fingerprint == "")
        #expect(IngestSettings(place: Self.place).fingerprint == "place=52.23\\,21.01")  // `,` escaped as every value's
    }
}
