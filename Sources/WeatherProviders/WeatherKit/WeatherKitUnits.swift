import WeatherCore

/// WeatherKit REST's unit systems (`metadata.units`). The API documents one, `m`, the metric
/// system (https://developer.apple.com/documentation/weatherkitrestapi/unitssystem): °C, km/h,
/// mm, mb (= hPa), m; humidity, cloud cover and precipitation chance are 0–1 fractions.
enum WeatherKitUnits: String {
    case metric = "m"

    /// Reads one data set's `metadata.units`: nil when the block does not say (alerts metadata
    /// has none); a value other than `m` is a reject, never converted as if metric.
    static func declared(in metadata: Field) throws(DecodeFailure) -> WeatherKitUnits? {
        guard let name = try metadata.optionalString("units") else { return nil }
        guard let units = WeatherKitUnits(rawValue: name) else {
            throw DecodeFailure(.unknownFormat, "field '\(metadata.path).units' = '\(Sanitize.printable(name))' is not a WeatherKit unit system this decoder knows (m)", fieldPath: metadata.path + ".units")
        }
        return units
    }
}
