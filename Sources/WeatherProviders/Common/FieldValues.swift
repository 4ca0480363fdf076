import WeatherCore

/// Typed readers over `Field` that every provider uses: quantities in canonical units with
/// plausibility checks, instants, coordinates, UTC offsets.
extension Field {
    /// An optional number converted to canonical units and checked for plausibility.
    /// The common case — a plausible number — is read without making the member's `Field` (its
    /// path); anything else takes the full path below, which names the field in its message.
    func quantity(_ key: String, _ convert: (Double) -> Double = { $0 }, _ range: Plausibility.Range,
                  assumption: String? = nil) throws(DecodeFailure) -> Double? {
        guard let member = value[key], !member.isNull else { return nil }
        if let raw = member.number {
            let v = convert(raw)
            if Plausibility.contains(range, v) {
                ValueQuarantine.notePassed(range, in: value.document)
                return v
            }
        }
        guard let f = optional(key) else { return nil }
        return try f.quantityValue(convert, range, assumption: assumption)
    }

    /// This field as a quantity: converted, checked, and on failure set aside (nil, see
    /// `ValueQuarantine`) unless the document is decoded strictly. `notePassed: false` leaves
    /// counting plausible values to the caller (column readers count a whole column at once).
    func quantityValue(_ convert: (Double) -> Double = { $0 }, _ range: Plausibility.Range,
                       assumption: String? = nil, notePassed: Bool = true) throws(DecodeFailure) -> Double? {
        do {
            let raw = try number()
            let v = convert(raw)
            try check(v, range, raw: raw, assumption: assumption)
            if notePassed { ValueQuarantine.notePassed(range, in: value.document) }
            return v
        } catch {
            try ValueQuarantine.absorb(error, at: self, range: range)
            return nil
        }
    }

    /// An optional 0–1 fraction as a percentage (Dark Sky, WeatherKit).
    func fractionPercent(_ key: String, _ range: Plausibility.Range = Plausibility.humidityPct) throws(DecodeFailure) -> Double? {
        try quantity(key, Convert.fractionToPercent, range)
    }

    /// An optional Unix-seconds instant. A plausible one is read without making the member's
    /// `Field`; any other value goes through it, whose message names the field.
    func instant(_ key: String) throws(DecodeFailure) -> Int64? {
        guard let member = value[key], !member.isNull else { return nil }
        if let n = member.number, n == n.rounded(), abs(n) < 9e15, Self.isPlausibleInstant(Int64(n)) { return Int64(n) }
        guard let f = optional(key) else { return nil }
        let t = try f.integer()
        try f.checkInstant(t)
        return t
    }

    func requiredInstant(_ key: String) throws(DecodeFailure) -> Int64 {
        let f = try required(key)
        let t = try f.integer()
        try f.checkInstant(t)
        return t
    }

    /// An ISO 8601 instant with `Z` or an offset (WeatherKit).
    func isoInstant(_ key: String) throws(DecodeFailure) -> Int64? {
        try optional(key)?.isoInstantValue()
    }

    func requiredISOInstant(_ key: String) throws(DecodeFailure) -> Int64 {
        try required(key).isoInstantValue()
    }

    /// This field as an ISO 8601 instant with `Z` or an offset.
    func isoInstantValue() throws(DecodeFailure) -> Int64 {
        let text = try string()
        guard let t = UTCTime.parseISO8601(text) else {
            throw DecodeFailure(.wrongType, "field '\(path)' is not an ISO 8601 instant: \(Sanitize.printable(String(text.prefix(40))))", fieldPath: path)
        }
        return t
    }

    /// Latitude and longitude under the given keys, checked.
    func coordinates(lat: String, lon: String) throws(DecodeFailure) -> (Double, Double) {
        let latField = try required(lat)
        let lonField = try required(lon)
        let la = try latField.number()
        let lo = try lonField.number()
        try latField.check(la, Plausibility.latitude, raw: la)
        try lonField.check(lo, Plausibility.longitude, raw: lo)
        return (la, lo)
    }

    /// This field as a GeoJSON position, `[lon, lat]` or `[lon, lat, altitude]` (NWS, MET
    /// Norway), returned as (lat, lon), checked.
    func geoJSONPosition() throws(DecodeFailure) -> (Double, Double) {
        let c = try array()
        guard c.count >= 2 else { throw typeError("[lon, lat]") }
        let lon = try c[0].number(), lat = try c[1].number()
        try c[1].check(lat, Plausibility.latitude, raw: lat)
        try c[0].check(lon, Plausibility.longitude, raw: lon)
        return (lat, lon)
    }

    /// The altitude of a GeoJSON position `[lon, lat, altitude]` in metres (MET Norway, Met
    /// Office: the elevation the forecast is for), checked; nil for `[lon, lat]` or a null third element.
    func geoJSONAltitude() throws(DecodeFailure) -> Double? {
        let c = try array()
        guard c.count >= 3, c[2].value.kind != .null else { return nil }
        let alt = try c[2].number()
        try c[2].check(alt, Plausibility.elevationM, raw: alt)
        return alt
    }

    /// An optional UTC offset (seconds, or hours for Dark Sky's `offset`), checked to be within
    /// ±14 h: the widest offsets in use (Kiribati +14, Baker Island −12).
    func utcOffset(_ key: String, inHours: Bool = false) throws(DecodeFailure) -> Int? {
        guard let member = value[key], !member.isNull else { return nil }
        if let raw = member.number {
            let seconds = inHours ? raw * 3600 : raw
            if seconds.isFinite, abs(seconds) <= 14 * 3600 { return Int(seconds.rounded()) }
        }
        guard let f = optional(key) else { return nil }
        let raw = try f.number()
        let seconds = inHours ? raw * 3600 : raw
        guard seconds.isFinite, abs(seconds) <= 14 * 3600 else {
            throw DecodeFailure(.implausibleValue, "field '\(f.path)' = \(raw) is not a UTC offset (±14 h)", fieldPath: f.path)
        }
        return Int(seconds.rounded())
    }

    /// The items of an optional array member (absent → empty).
    func items(_ key: String) throws(DecodeFailure) -> [Field] {
        guard let f = optional(key) else { return [] }
        return try f.array()
    }

    static func isPlausibleInstant(_ t: Int64) -> Bool { t >= -3_786_825_600 && t < 4_102_444_800 }

    /// Instants before 1850 (older than any reanalysis behind history APIs; Dark Sky's Time
    /// Machine reaches the 1940s) or after 2100 are typos or wrong fields.
    func checkInstant(_ t: Int64) throws(DecodeFailure) {
        guard Self.isPlausibleInstant(t) else {
            throw DecodeFailure(.implausibleValue, "field '\(path)' = \(t) is not a plausible Unix time (1850–2100)", fieldPath: path)
        }
    }
}
