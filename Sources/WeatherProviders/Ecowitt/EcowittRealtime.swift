import WeatherJSON
import WeatherCore

/// One realtime reading (`/device/real_time` `data`, `/device/info` `last_update`): leaves
/// `{time, unit, value}`, each with its own time.
enum EcowittRealtime {
    /// A leaf further than this from the reading's time is a sensor's last value, not this reading's.
    static let staleAfterSeconds: Int64 = 1800

    static func observation(_ data: Field, station: EcowittDecoder.Station, zone: String?, warnings: inout [String]) throws(DecodeFailure) -> Observation? {
        guard let t = try readingTime(data) else {
            warnings.append("no outdoor, wind, pressure or rain value with a time: nothing to store")
            return nil
        }
        var o = Observation(provider: EcowittDecoder.provider, product: "realtime", observedAt: t, latitude: station.latitude, longitude: station.longitude)
        o.stationID = station.id
        o.placeName = station.name
        o.timeZone = zone
        o.unitsAssumed = "unit"
        o.unitsSource = .unitsBlock
        for v in EcowittReader.values {
            guard let leaf = try current(data, v.group, v.key, at: t, warnings: &warnings) else { continue }
            if let remark = EcowittReader.unitRemark(leaf.value, unit: leaf.unit, v.range, quantity: v.quantity) { warnings.append(remark) }
            o[keyPath: v.target] = try EcowittReader.read(leaf.value, unit: leaf.unit, quantity: v.quantity, range: v.range)
        }
        if let rain = EcowittReader.rainGroup(data) {
            for (key, quantity, range) in [("rain_rate", EcowittUnit.Quantity.rainRate, Plausibility.precipRateMmh),
                                           ("hourly", .rain, Plausibility.precipMm), ("daily", .rain, Plausibility.precipMm)] {
                if let leaf = try rain.optional(key)?.object(), let value = leaf.optional("value"),
                   let remark = EcowittReader.unitRemark(value, unit: try leaf.optionalString("unit") ?? "", range, quantity: quantity) {
                    warnings.append(remark)
                }
            }
            if let leaf = try current(rain, nil, "rain_rate", at: t, warnings: &warnings) {
                o.precipRateMmh = try EcowittReader.read(leaf.value, unit: leaf.unit, quantity: .rainRate, range: Plausibility.precipRateMmh)
            }
            if let leaf = try current(rain, nil, "hourly", at: t, warnings: &warnings),
               let mm = try EcowittReader.read(leaf.value, unit: leaf.unit, quantity: .rain, range: Plausibility.precipMm) {
                o.precipMm = mm
                o.precipWindowH = 1
            } else if let leaf = try current(rain, nil, "daily", at: t, warnings: &warnings),
                      let mm = try EcowittReader.read(leaf.value, unit: leaf.unit, quantity: .rain, range: Plausibility.precipMm) {
                if let hours = RainCounters.hoursSinceLocalMidnight(t, zone: zone) {
                    o.precipMm = mm
                    o.precipWindowH = hours
                } else {
                    warnings.append("\(leaf.value.path) not stored: the reply names no time zone, so when the device's day began is unknown")
                }
            }
        }
        return o
    }

    /// The outdoor temperature's time, else the latest time of the values read.
    static func readingTime(_ data: Field) throws(DecodeFailure) -> Int64? {
        if let leaf = try data.optional("outdoor")?.object().optional("temperature")?.object(), let t = try EcowittReader.leafTime(leaf) { return t }
        var latest: Int64?
        for v in EcowittReader.values {
            if let leaf = try data.optional(v.group)?.object().optional(v.key)?.object(), let t = try EcowittReader.leafTime(leaf) {
                latest = max(latest ?? t, t)
            }
        }
        return latest
    }

    /// The leaf `group.key` (or `key` of `data` itself) when its time is the reading's.
    static func current(_ data: Field, _ group: String?, _ key: String, at t: Int64,
                        warnings: inout [String]) throws(DecodeFailure) -> (value: Field, unit: String)? {
        let parent = try group.map { g throws(DecodeFailure) in try data.optional(g)?.object() } ?? data
        guard let leaf = try parent?.optional(key)?.object(), let value = leaf.optional("value") else { return nil }
        if let lt = try EcowittReader.leafTime(leaf), abs(lt - t) > staleAfterSeconds {
            warnings.append("\(leaf.path) not read: its time \(UTCTime.iso8601(lt)) is not the reading's (\(UTCTime.iso8601(t)))")
            return nil
        }
        return (value, try leaf.optionalString("unit") ?? "")
    }
}
