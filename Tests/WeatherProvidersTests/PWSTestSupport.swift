import Foundation
import Testing
import WeatherCore
@testable import WeatherProviders

/// Decoding a personal weather station fixture, with or without the input's `place` (most
/// station replies name no place of their own).
enum PWSFixture {
    static func decode(_ name: String, place: IngestSettings.Place? = nil, strict: Bool = false) -> Result<DecodedDocument, DecodeFailure> {
        guard let bytes = try? sample(name) else { return .failure(DecodeFailure(.unreadable, "missing \(name)")) }
        let settings = IngestSettings(strictValues: strict, place: place)
        return DocumentDecoder.decode(bytes, context: DecodeContext(settings: settings, sourceName: name, ingestTime: 1_700_000_000))
    }

    static func doc(_ name: String, place: IngestSettings.Place? = nil) throws -> DecodedDocument {
        try decode(name, place: place).get()
    }

    static func failure(_ name: String, place: IngestSettings.Place? = nil) -> DecodeFailure? {
        if case .failure(let f) = decode(name, place: place) { return f }
        return nil
    }
}

/// Equal within a rounding error of the conversions (values are worked out by hand).
func near(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-6) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}
