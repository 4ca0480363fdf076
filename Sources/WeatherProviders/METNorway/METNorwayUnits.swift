import WeatherCore

/// The units MET Norway states in `properties.meta.units` for the variables wxpipe reads: fixed
/// SI, and there is no unit parameter. A variable whose stated unit is another one is left out
/// (with a warning), never converted by guess; one the block does not list has the documented unit.
/// https://developer.yr.no/doc/ForecastJSON/
enum METNorwayUnits {
    static let expected: [String: String] = [
        "air_temperature": "celsius", "air_temperature_max": "celsius", "air_temperature_min": "celsius",
        "dew_point_temperature": "celsius", "relative_humidity": "%", "air_pressure_at_sea_level": "hPa",
        "wind_speed": "m/s", "wind_speed_of_gust": "m/s", "wind_from_direction": "degrees", "cloud_area_fraction": "%",
        "precipitation_amount": "mm", "probability_of_precipitation": "%",
    ]

    /// The variables read whose stated unit is not the expected one, with a warning for each.
    static func unusable(_ units: Field?) throws(DecodeFailure) -> (Set<String>, [String]) {
        guard let units = try units?.object() else { return ([], []) }
        var out = Set<String>()
        var warnings: [String] = []
        for (name, unit) in expected.sorted(by: { $0.key < $1.key }) {
            guard let stated = try units.optionalString(name), stated != unit else { continue }
            out.insert(name)
            warnings.append("properties.meta.units.\(name) is '\(Sanitize.printable(stated))', not '\(unit)': \(name) left out")
        }
        return (out, warnings)
    }
}
