import WeatherCore

/// Places, directions and offsets as api.weather.gov writes them.
enum NWSGeometry {
    /// A forecast's place: the `Point` of a GeometryCollection (2019), else the centre of the grid
    /// cell's `Polygon` (2024+, the mean of its distinct corners). GeoJSON is `[lon, lat]`.
    static func location(_ geometry: Field) throws(DecodeFailure) -> (Double, Double) {
        let type = try geometry.optionalString("type") ?? ""
        switch type {
        case "Point":
            return try lonLat(geometry.required("coordinates"))
        case "GeometryCollection":
            let parts = try geometry.required("geometries").array()
            if let point = parts.first(where: { $0.value["type"]?.string == "Point" }) { return try location(point) }
            if let first = parts.first { return try location(first.object()) }
        case "Polygon":
            guard let ring = try geometry.required("coordinates").array().first else { break }
            var corners = try ring.array().map { corner throws(DecodeFailure) in try lonLat(corner) }
            if corners.count > 1, corners.first! == corners.last! { corners.removeLast() }
            guard !corners.isEmpty else { break }
            let lat = corners.map(\.0).reduce(0, +) / Double(corners.count)
            let lon = corners.map(\.1).reduce(0, +) / Double(corners.count)
            return (Convert.round(lat, 5), Convert.round(lon, 5))
        default:
            break
        }
        throw DecodeFailure(.wrongType, "field '\(geometry.path)' is not a Point, Polygon or GeometryCollection with one",
                            fieldPath: geometry.path)
    }

    /// `[lon, lat]` → (lat, lon), checked.
    static func lonLat(_ field: Field) throws(DecodeFailure) -> (Double, Double) { try field.geoJSONPosition() }

    static let compass = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]

    /// A 16-point compass direction in degrees (`NW` → 315); nil for anything else.
    static func compassDegrees(_ text: String) -> Double? {
        compass.firstIndex(of: text).map { Double($0) * 22.5 }
    }

    /// The UTC offset in seconds that ends an ISO 8601 time (`-05:00`, `+00:00`, `Z`).
    static func offsetSeconds(_ text: String) -> Int? {
        if text.hasSuffix("Z") { return 0 }
        let tail = Array(text.suffix(6))
        guard tail.count == 6, tail[0] == "+" || tail[0] == "-", tail[3] == ":",
              let h = Int(String(tail[1...2])), let m = Int(String(tail[4...5])) else { return nil }
        return (tail[0] == "-" ? -1 : 1) * (h * 3600 + m * 60)
    }
}
