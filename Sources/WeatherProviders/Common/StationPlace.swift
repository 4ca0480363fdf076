import WeatherCore

/// Where one station's records go: the coordinates stored with them, the declared location
/// they belong to when a location names the station, and the zone that defines its days.
struct StationPlace {
    var latitude: Double
    var longitude: Double
    var locationID: String?
    var timeZone: String?

    /// The place of a station named `ids` (the reply's spellings, best first): a declared
    /// location with that `station` wins, then the reply's own coordinates (`own`), then the
    /// input's `place`. Without any, the reject says which setting to give (`what` names the
    /// station as the reply does, for the message).
    static func resolve(ids: [String], own: (latitude: Double, longitude: Double)?, zone: String?,
                        input: DecodeInput, what: String, fieldPath: String? = nil) throws(DecodeFailure) -> StationPlace {
        let settings = input.context.settings
        if let e = settings.stations?.find(ids) {
            return StationPlace(latitude: e.latitude, longitude: e.longitude, locationID: e.locationID,
                                timeZone: e.timeZone ?? DayWindow.usableZone(zone) ?? settings.stationTimeZone)
        }
        let hint = input.locationHint
        let zone = DayWindow.usableZone(zone) ?? settings.stationTimeZone
        if let own { return StationPlace(latitude: own.latitude, longitude: own.longitude, locationID: hint, timeZone: zone) }
        if let p = settings.place { return StationPlace(latitude: p.latitude, longitude: p.longitude, locationID: hint, timeZone: zone) }
        let id = ids.first.map { Sanitize.printable(String($0.prefix(40))) }
        let declare = id.map { "a location with \"station\": \"\($0)\" (--location id=…,lat=…,lon=…,tz=…,station=\($0))" }
            ?? "the request URL in an envelope (it names the station)"
        throw DecodeFailure(.missingField, "\(what) names no coordinates: declare \(declare), or give the input's place (--place LAT,LON)",
                            fieldPath: fieldPath)
    }

    /// The zone a day-summary's window is read in; its absence is a reject naming the setting.
    func requireZone(what: String, fieldPath: String? = nil) throws(DecodeFailure) -> String {
        guard let timeZone else {
            throw DecodeFailure(.missingField, "\(what) reports days but no time zone is known for its station: give its location a "
                                + "\"timezone\" (--location …,tz=ZONE) or give the input's station_time_zone (--station-time-zone ZONE)", fieldPath: fieldPath)
        }
        return timeZone
    }

    /// Applies the place to an observation of the station.
    func apply(to o: inout Observation) {
        o.latitude = latitude
        o.longitude = longitude
        o.declaredLocationID = locationID
        if o.timeZone == nil { o.timeZone = timeZone }
    }
}
