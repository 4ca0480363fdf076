import WeatherJSON
import WeatherCore

/// Turns one raw document into records: parse, unwrap an envelope, detect the format by shape,
/// decode. Pure: the same bytes and context always give the same result.
public enum DocumentDecoder {
    public static func decode(_ bytes: [UInt8], context: DecodeContext = DecodeContext()) -> Result<DecodedDocument, DecodeFailure> {
        if bytes.isEmpty || bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return .failure(DecodeFailure(.empty, "empty document"))
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: bytes)
        } catch {
            let (line, column) = error.lineAndColumn(in: bytes)
            var message = "\(error.reason) at line \(line), column \(column) (byte \(error.offset) of the document)"
            if looksLikeHTML(bytes) { message = "not JSON but an HTML page (an error page saved as data?); " + message }
            let reason: RejectReason
            switch error.kind {
            case .unexpectedEnd: reason = .truncatedInput
            case .tooLarge, .tooManyValues: reason = .tooLarge
            default: reason = .invalidJSON
            }
            return .failure(DecodeFailure(reason, message, offset: error.offset))
        }
        do {
            return .success(try decode(Field(document.root), context: context))
        } catch {
            return .failure(error)
        }
    }

    static func decode(_ root: Field, context: DecodeContext) throws(DecodeFailure) -> DecodedDocument {
        let envelope = try Envelope.unwrap(root)
        let body = envelope?.response ?? root
        if let failure = ProviderErrorBody.detect(body) { throw failure }
        let input = DecodeInput(body: body, envelope: envelope, context: context)
        let v = body.value
        var doc: DecodedDocument
        if OWMGeocodingDecoder.matches(v) {
            doc = try OWMGeocodingDecoder.decode(input)
            doc.detectedBy = v.kind == .array ? "an array of places with name, lat, lon, country" : "an object with name, lat, lon, country"
            return doc
        }
        guard v.kind == .object else {
            if v.kind == .array && v.count == 0 {
                var empty = DecodedDocument(format: OWMGeocodingDecoder.format)
                empty.detectedBy = "an empty array (a geocoding reply with no match)"
                empty.warnings.append("no places in this geocoding reply")
                return empty
            }
            throw DecodeFailure(.unknownFormat, "a top-level \(v.kind) is not a known weather format", fieldPath: body.path.isEmpty ? nil : body.path)
        }
        if OWMCurrentDecoder.matches(v) {
            let (units, source) = OWMUnits.resolve(envelope: envelope, context: context)
            doc = try OWMCurrentDecoder.decode(body, units: units, unitsSource: source, locationHint: envelope?.locationID)
            doc.detectedBy = "keys coord, main, weather, dt"
        } else if OWMForecast5Decoder.matches(v) {
            let (units, source) = OWMUnits.resolve(envelope: envelope, context: context)
            doc = try OWMForecast5Decoder.decode(input, units: units, unitsSource: source)
            doc.detectedBy = "a list of items with dt and main, and city"
        } else if OpenMeteoDecoder.matches(v) {
            doc = try OpenMeteoDecoder.decode(input)
            doc.detectedBy = "latitude, longitude, utc_offset_seconds and column blocks with *_units"
                + (doc.format == OpenMeteoDecoder.archiveFormat ? "; archive by URL, name or times long before the issue time" : "")
        } else if OWMOneCallDecoder.matches(v) {
            let (units, source) = OWMUnits.resolve(envelope: envelope, context: context)
            doc = try OWMOneCallDecoder.decode(input, units: units, unitsSource: source)
            doc.detectedBy = doc.format == OWMOneCallDecoder.historyFormat
                ? "lat, lon and a data array or past hourly points (history)" : "lat, lon and current/minutely/hourly/daily blocks"
        } else if DarkSkyDecoder.matches(v) {
            doc = try DarkSkyDecoder.decode(input)
            doc.detectedBy = "latitude, longitude, timezone and currently/hourly/daily blocks"
                + (doc.format == DarkSkyDecoder.historyFormat ? "; one day of hourly points (Time Machine)" : "")
        } else if WeatherKitDecoder.matches(v) {
            doc = try WeatherKitDecoder.decode(input)
            doc.detectedBy = "WeatherKit data sets (currentWeather, forecastDaily, forecastHourly, forecastNextHour)"
        } else {
            let keys = v.keys.prefix(12).map { Sanitize.printable($0) }.joined(separator: ", ")
            throw DecodeFailure(.unknownFormat, "no known format has these keys: \(keys.isEmpty ? "(none)" : keys)")
        }
        if envelope != nil { doc.detectedBy += " (inside an envelope)" }
        return doc
    }

    static func looksLikeHTML(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(64), as: UTF8.self).lowercased()
        return head.contains("<html") || head.contains("<!doctype")
    }
}

/// Error replies that providers send with a 4xx/5xx status, saved by collectors as data.
enum ProviderErrorBody {
    static func detect(_ body: Field) -> DecodeFailure? {
        let v = body.value
        guard v.kind == .object else { return nil }
        // OpenWeatherMap: {"cod": 401, "message": "..."}; `cod` is a number or a string.
        if let cod = v["cod"], let message = v["message"]?.string, v["main"] == nil, v["list"] == nil {
            let code = cod.int.map(String.init) ?? cod.string ?? "?"
            if code != "200" {
                return DecodeFailure(.providerError, "OpenWeatherMap error \(code): \(Sanitize.printable(message))", fieldPath: "cod")
            }
        }
        // WeatherKit: {"status": 404, "error": "..."} (or "reason").
        if let status = v["status"]?.int, status >= 400, let error = v["error"]?.string ?? v["reason"]?.string {
            return DecodeFailure(.providerError, "WeatherKit error \(status): \(Sanitize.printable(error))", fieldPath: "status")
        }
        return nil
    }
}
