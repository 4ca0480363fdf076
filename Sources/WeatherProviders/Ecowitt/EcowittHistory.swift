import WeatherJSON
import WeatherCore

/// A `/device/history` reply: per value `{unit, list: {"<Unix s>": "<value>"}}`, the keys in no
/// guaranteed order. One observation per time any outdoor value has.
enum EcowittHistory {
    static func observations(_ data: Field, station: EcowittDecoder.Station, warnings: inout [String]) throws(DecodeFailure) -> [Observation] {
        var byTime: [Int64: Observation] = [:]
        func record(_ t: Int64) -> Observation {
            var o = Observation(provider: EcowittDecoder.provider, product: "history", observedAt: t, latitude: station.latitude, longitude: station.longitude)
            o.stationID = station.id
            o.placeName = station.name
            o.unitsAssumed = "unit"
            o.unitsSource = .unitsBlock
            return o
        }
        for v in EcowittReader.values {
            guard let leaf = try data.optional(v.group)?.object().optional(v.key)?.object() else { continue }
            if let remark = EcowittReader.unitRemark(leaf, unit: try leaf.optionalString("unit") ?? "", v.range, quantity: v.quantity) { warnings.append(remark) }
            for (t, value, unit) in try series(leaf) {
                let x = try EcowittReader.read(value, unit: unit, quantity: v.quantity, range: v.range)
                var o = byTime[t] ?? record(t)
                o[keyPath: v.target] = x
                byTime[t] = o
            }
        }
        if let rain = EcowittReader.rainGroup(data) {
            for (key, quantity, range) in [("rain_rate", EcowittUnit.Quantity.rainRate, Plausibility.precipRateMmh), ("daily", .rain, Plausibility.precipMm)] {
                if let leaf = try rain.optional(key)?.object(),
                   let remark = EcowittReader.unitRemark(leaf, unit: try leaf.optionalString("unit") ?? "", range, quantity: quantity) {
                    warnings.append(remark)
                }
            }
            if let leaf = try rain.optional("rain_rate")?.object() {
                for (t, value, unit) in try series(leaf) {
                    var o = byTime[t] ?? record(t)
                    o.precipRateMmh = try EcowittReader.read(value, unit: unit, quantity: .rainRate, range: Plausibility.precipRateMmh)
                    byTime[t] = o
                }
            }
            if let leaf = try rain.optional("daily")?.object() {
                var readings: [RainCounters.Reading] = []
                for (t, value, unit) in try series(leaf) {
                    if let mm = try EcowittReader.read(value, unit: unit, quantity: .rain, range: Plausibility.precipMm) {
                        readings.append(RainCounters.Reading(at: t, counterMm: mm))
                    }
                }
                for d in RainCounters.hourlyWindows(readings.sorted { $0.at < $1.at }) {
                    var o = byTime[d.at] ?? record(d.at)
                    o.precipMm = Convert.round(d.amountMm, 4)
                    o.precipWindowH = d.windowH
                    byTime[d.at] = o
                }
            }
        }
        return byTime.keys.sorted().compactMap { byTime[$0] }
    }

    /// A leaf's `(time, value, unit)` entries; a key that is not Unix seconds is the reply's fault.
    static func series(_ leaf: Field) throws(DecodeFailure) -> [(Int64, Field, String)] {
        let unit = try leaf.optionalString("unit") ?? ""
        guard let list = try leaf.optional("list")?.object() else { return [] }
        var out: [(Int64, Field, String)] = []
        for key in list.value.keys {
            guard let t = Int64(key) else {
                throw DecodeFailure(.wrongType, "key '\(Sanitize.printable(String(key.prefix(40))))' of '\(list.path)' is not a Unix time", fieldPath: list.path)
            }
            guard let f = list.optional(key) else { continue }
            try f.checkInstant(t)
            out.append((t, f, unit))
        }
        return out
    }
}
