#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A place that records belong to: declared in a pipeline file, or learned from a body.
public struct Location: Sendable, Equatable {
    public var id: String
    public var name: String?
    public var country: String?
    public var state: String?
    public var latitude: Double
    public var longitude: Double
    /// IANA zone name (`Europe/London`) when known: correct across DST changes.
    public var timeZone: String?
    /// A fixed offset from a body, used only when no IANA zone is known.
    public var utcOffsetSeconds: Int?
    public var radiusKm: Double
    /// True for locations from the pipeline file: they win over learned ones.
    public var declared: Bool
    /// The weather station this location stands for (`KNYC`, `USC00200230`, `OKCthr`): station
    /// archives that name a station but no coordinates (ACIS rows, NCEI CDO, Meteostat, IEM) are
    /// placed here by that id.
    public var station: String?

    public init(id: String, name: String? = nil, country: String? = nil, latitude: Double, longitude: Double,
                timeZone: String? = nil, utcOffsetSeconds: Int? = nil, radiusKm: Double = 25, declared: Bool = false,
                station: String? = nil) {
        self.id = id
        self.name = name
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
        self.timeZone = timeZone
        self.utcOffsetSeconds = utcOffsetSeconds
        self.radiusKm = radiusKm
        self.declared = declared
        self.station = station
    }

    /// Great-circle distance in km (haversine, mean Earth radius 6371.0088 km).
    public func distanceKm(toLatitude lat: Double, longitude lon: Double) -> Double {
        let r = 6371.0088
        let toRad = Double.pi / 180
        let dLat = (lat - latitude) * toRad
        let dLon = (lon - longitude) * toRad
        let a = pow(sin(dLat / 2), 2) + cos(latitude * toRad) * cos(lat * toRad) * pow(sin(dLon / 2), 2)
        return 2 * r * asin(min(1, a.squareRoot()))
    }
}

