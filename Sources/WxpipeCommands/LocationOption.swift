import WeatherCore

/// `--location id=berlin,lat=52.52,lon=13.41,tz=Europe/Berlin,name=Berlin` on `ingest`: a
/// declared location for an ad-hoc run, as a pipeline file's `locations` entry would be
/// (keys `id`, `lat`, `lon` required; `tz`/`timezone`, `name`, `country`, `radius_km`, `station`:
/// the station id that places station archives naming no coordinates).
enum LocationOption {
    static let spec = OptionSpec("--location", value: "SPEC",
                                 help: "Declare a location: id=ID,lat=LAT,lon=LON[,tz=ZONE][,name=NAME][,country=CC][,radius_km=KM][,station=ID].",
                                 repeatable: true)

    static func parse(_ text: String) throws(UsageError) -> Location {
        var fields: [String: String] = [:]
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let kv = part.split(separator: "=", maxSplits: 1)
            guard kv.count == 2 else { throw problem(text, "'\(part)' is not key=value") }
            let key = String(kv[0]).trimmingCharacters(in: .whitespaces)
            guard ["id", "lat", "lon", "tz", "timezone", "name", "country", "radius_km", "station"].contains(key) else {
                throw problem(text, "unknown key '\(key)' (known: id, lat, lon, tz, name, country, radius_km, station)")
            }
            fields[key == "timezone" ? "tz" : key] = String(kv[1]).trimmingCharacters(in: .whitespaces)
        }
        guard let id = fields["id"], !id.isEmpty else { throw problem(text, "id=… is required") }
        guard let lat = fields["lat"].flatMap(Double.init), (-90...90).contains(lat) else { throw problem(text, "lat=… must be a number in -90…90") }
        guard let lon = fields["lon"].flatMap(Double.init), (-180...180).contains(lon) else { throw problem(text, "lon=… must be a number in -180…180") }
        let radius = try fields["radius_km"].map { (r: String) throws(UsageError) -> Double in
            guard let v = Double(r), v > 0 else { throw problem(text, "radius_km must be a positive number") }
            return v
        } ?? 25
        if let zone = fields["tz"], !LocalTime.isKnownZone(zone) { throw problem(text, "'\(zone)' is not an IANA time zone known here") }
        return Location(id: id, name: fields["name"], country: fields["country"], latitude: lat, longitude: lon,
                        timeZone: fields["tz"], radiusKm: radius, declared: true, station: fields["station"].flatMap { $0.isEmpty ? nil : $0 })
    }

    private static func problem(_ text: String, _ why: String) -> UsageError {
        UsageError("--location '\(Sanitize.printable(text))': \(why)")
    }
}
