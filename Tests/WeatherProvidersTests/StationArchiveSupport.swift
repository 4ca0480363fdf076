import Foundation
import Testing
import WeatherCore
@testable import WeatherProviders

/// What the station-archive tests give a reply that names only its station: declared locations
/// with a `station`, and the envelope that keeps a request URL.
enum StationArchive {
    /// A declared location standing for `station`.
    static func location(_ id: String, _ station: String, _ lat: Double, _ lon: Double, _ zone: String?) -> Location {
        Location(id: id, latitude: lat, longitude: lon, timeZone: zone, declared: true, station: station)
    }

    /// The stations of the recorded and look-alike replies, as a pipeline would declare them.
    static let locations: [Location] = [
        location("nyc", "KNYC", 40.779, -73.969, "America/New_York"),
        location("nyc-cli", "NYTNYC", 40.779, -73.969, "America/New_York"),
        location("dsm", "KDSM", 41.534, -93.653, "America/Chicago"),
        location("dsm-climate", "IATDSM", 41.534, -93.653, "America/Chicago"),
        location("okc", "okc", 35.389, -97.601, "America/Chicago"),
        location("tul", "tul", 36.199, -95.887, "America/Chicago"),
        location("coop-mi", "USC00200230", 42.29, -84.66, "America/Detroit"),
        location("central-park", "USW00094728", 40.779, -73.969, "America/New_York"),
        location("visby", "02590", 57.6667, 18.35, "Europe/Stockholm"),
        location("berlin-tegel", "10382", 52.5644, 13.3088, "Europe/Berlin"),
    ]

    static func context(_ name: String? = nil, locations: [Location] = locations, place: IngestSettings.Place? = nil,
                        stationTimeZone: String? = nil) -> DecodeContext {
        DecodeContext(settings: IngestSettings(place: place, stations: StationDirectory(locations), stationTimeZone: stationTimeZone),
                      sourceName: name)
    }

    /// `body` inside the classic envelope, with the request URL that says what the body does not.
    static func wrapped(_ body: [UInt8], url: String) -> [UInt8] {
        Array("{\"fetched_at\": \"2026-06-01T12:00:00Z\", \"url\": \"\(url)\", \"response\": ".utf8) + body + Array("}".utf8)
    }

    static func decode(_ bytes: [UInt8], _ context: DecodeContext = context()) -> Result<DecodedDocument, DecodeFailure> {
        DocumentDecoder.decode(bytes, context: context)
    }

    static func decode(_ text: String, _ context: DecodeContext = context()) -> Result<DecodedDocument, DecodeFailure> {
        DocumentDecoder.decode(Array(text.utf8), context: context)
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` as Unix seconds (a test's hand-written instant).
    static func at(_ iso: String) -> Int64 { UTCTime.parseISO8601(iso)! }
}
