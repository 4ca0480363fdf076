import WeatherJSON
import WeatherCore

/// Turns one raw document into records: parse, unwrap an envelope, detect the format by shape,
/// decode. Pure: the same bytes and context always give the same result.
public enum DocumentDecoder {
    public static func decode(_ bytes: [UInt8], context: DecodeContext = DecodeContext()) -> Result<DecodedDocument, DecodeFailure> {
        decode(bytes, context: context, registry: context.formats.isEmpty ? .standard : DecoderRegistry.standard.declaring(context.formats))
    }

    static func decode(_ bytes: [UInt8], context: DecodeContext, registry: DecoderRegistry) -> Result<DecodedDocument, DecodeFailure> {
        if bytes.isEmpty || bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return .failure(DecodeFailure(.empty, "empty document"))
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: bytes)
        } catch {
            return .failure(syntaxFailure(error, in: bytes))
        }
        do {
            return .success(try decode(Field(document.root), context: context, registry: registry))
        } catch {
            return .failure(error)
        }
    }

    /// Unwraps an envelope, turns provider error bodies into rejects, then lets the first
    /// registered decoder that recognises the body decode it.
    static func decode(_ root: Field, context: DecodeContext, registry: DecoderRegistry) throws(DecodeFailure) -> DecodedDocument {
        let envelope = try Envelope.find(root, mapping: context.envelope) { value in
            registry.decoder(for: value) != nil || ProviderErrorBody.detect(Field(value)) != nil
        }
        let body = envelope?.response ?? root
        if let failure = ProviderErrorBody.detect(body) { throw failure }
        guard let decoder = registry.decoder(for: body.value) else { throw unknownFormat(body, declared: context.formats) }
        if let zone = context.fileTimeZone, !LocalTime.isKnownZone(zone) {
            throw DecodeFailure(.unknownFormat, "the time zone for file names '\(Sanitize.printable(zone))' is not an IANA zone known here")
        }
        var doc = try checkingValues(strict: context.strictValues, reading: [root.value.document, body.value.document]) { () throws(DecodeFailure) in
            try decoder.decode(DecodeInput(body: body, envelope: envelope, context: context))
        }
        doc.detectedBy = decoder.recognition(of: doc, body: body.value)
        if let forced = context.issuedAtSource, let f = doc.forecasts.first(where: { $0.issuedAtSource != forced }) {
            throw DecodeFailure(.missingField, "the issue time is forced to come from \(forced.rawValue), but this document has none "
                                + "(it would come from \(f.issuedAtSource.rawValue))")
        }
        if let envelope {
            doc.detectedBy += envelope.shape.map { " (inside an envelope: \($0))" } ?? " (inside an envelope)"
            doc.warnings += envelope.remarks
        }
        return doc
    }

    /// Runs one decode with its value checks (`ValueQuarantine`): implausible or wrongly typed
    /// values are set aside unless `strict`; a quantity with no plausible value rejects.
    /// `documents` are those the decode reads values from (an envelope's, and the reply's when
    /// the envelope held it as text): their marks say which quantities had a plausible value.
    static func checkingValues(strict: Bool, reading documents: [JSONDocument],
                               _ decode: () throws(DecodeFailure) -> DecodedDocument) throws(DecodeFailure) -> DecodedDocument {
        let quarantine = ValueQuarantine(strict: strict)
        for document in documents { _ = document.takeMarks() }
        let result: Result<DecodedDocument, DecodeFailure> = ValueQuarantine.bound(quarantine) {
            Result { () throws(DecodeFailure) in try decode() }
        }
        for document in documents { quarantine.passed |= document.takeMarks() }
        var doc = try result.get()
        if let reject = quarantine.verdict() { throw reject }
        doc.quarantined = quarantine.values
        return doc
    }

    /// The reject for a body no decoder recognises: it names the keys it saw, and with format
    /// files the keys each declared format looks for (a format file's `match` mistyped shows here).
    static func unknownFormat(_ body: Field, declared: [DeclaredFormat]) -> DecodeFailure {
        var failure = unknownFormat(body)
        if !declared.isEmpty {
            failure.message += "; nor do the declared formats' keys match ("
                + declared.map { "\($0.name): \($0.match.joined(separator: ", "))" }.joined(separator: "; ") + ")"
        }
        return failure
    }

    static func unknownFormat(_ body: Field) -> DecodeFailure {
        let v = body.value
        guard v.kind == .object else {
            return DecodeFailure(.unknownFormat, "a top-level \(v.kind) is not a known weather format", fieldPath: body.path.isEmpty ? nil : body.path)
        }
        let keys = v.keys.prefix(12).map { Sanitize.printable($0) }.joined(separator: ", ")
        return DecodeFailure(.unknownFormat, "no known format has these keys: \(keys.isEmpty ? "(none)" : keys)")
    }

    static func syntaxFailure(_ error: JSONSyntaxError, in bytes: [UInt8]) -> DecodeFailure {
        let (line, column) = error.lineAndColumn(in: bytes)
        var message = "\(error.reason) at line \(line), column \(column) (byte \(error.offset) of the document)"
        if looksLikeHTML(bytes) { message = "not JSON but an HTML page (an error page saved as data?); " + message }
        let reason: RejectReason
        switch error.kind {
        case .unexpectedEnd: reason = .truncatedInput
        case .tooLarge, .tooManyValues: reason = .tooLarge
        default: reason = .invalidJSON
        }
        return DecodeFailure(reason, message, offset: error.offset)
    }

    static func looksLikeHTML(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(64), as: UTF8.self).lowercased()
        return head.contains("<html") || head.contains("<!doctype")
    }
}

/// Error replies that providers send with a 4xx/5xx status, saved by collectors as data.
enum ProviderErrorBody {
    /// The names each error body needs, hashed once: every document is asked (`JSONNames`).
    static let openWeatherMapNames = JSONNames(["cod", "message"])
    static let weatherKitNames = JSONNames(["status"])

    static func detect(_ body: Field) -> DecodeFailure? {
        let v = body.value
        guard v.kind == .object else { return nil }
        // OpenWeatherMap: {"cod": 401, "message": "..."}; `cod` is a number or a string.
        if v.mayHaveAll(openWeatherMapNames), let cod = v["cod"], let message = v["message"]?.string, v["main"] == nil, v["list"] == nil {
            let code = cod.int.map(String.init) ?? cod.string ?? "?"
            if code != "200" {
                return DecodeFailure(.providerError, "OpenWeatherMap error \(code): \(Sanitize.printable(message))", fieldPath: "cod")
            }
        }
        // WeatherKit: {"status": 404, "error": "..."} (or "reason").
        if v.mayHaveAll(weatherKitNames), let status = v["status"]?.int, status >= 400, let error = v["error"]?.string ?? v["reason"]?.string {
            return DecodeFailure(.providerError, "WeatherKit error \(status): \(Sanitize.printable(error))", fieldPath: "status")
        }
        return nil
    }
}
