import WeatherJSON
import WeatherCore

/// How sure a decoder is, from a body's shape alone, that the body is in its format.
enum Detection: Sendable, Equatable {
    /// Not this format.
    case no
    /// Possibly this format, with a confidence in (0, 1): when no decoder says `yes`, the most
    /// confident one decodes (for shapes that overlap, such as a provider's look-alike API).
    case likely(Double)
    /// Certainly this format: the first decoder in the registry that says so decodes.
    case yes
}

/// One provider format: recognise a body by its shape, decode it into records, say why it was
/// recognised, and declare the products it emits. Adding a provider is a folder with one type
/// conforming to this, plus one line in `DecoderRegistry.standard` (docs/ARCHITECTURE.md,
/// "Adding a provider").
protocol FormatDecoder: Sendable {
    /// The format's stable name (`openweathermap/current`), stored with every record. A decoder
    /// whose replies come in variants names the variant on the decoded document
    /// (`openweathermap/onecall` → `openweathermap/timemachine`).
    var format: String { get }

    /// Every product whose records this format emits, each with its role (observed, nowcast,
    /// forecast), an observed product's truth priority and the settings it reads. Ingest decides
    /// observation roles from these, the aggregate ranks truth sources by them
    /// (`ProductCatalog.standard`); a format that emits no records (places, error bodies) declares none.
    var products: [ProductDeclaration] { get }

    /// Recognises the (unwrapped) body by its keys; must be cheap and must not throw.
    func detect(_ body: JSONValue) -> Detection

    /// The names `detect` needs to say anything but `.no`, for the registry to rule the format
    /// out without asking it; nil (the default) asks it about every body.
    var detectionKeys: DetectionKeys? { get }

    func decode(_ input: DecodeInput) throws(DecodeFailure) -> DecodedDocument

    /// Why this body was recognised, for `wxpipe inspect` (`DecodedDocument.detectedBy`).
    func recognition(of document: DecodedDocument, body: JSONValue) -> String
}

extension FormatDecoder {
    var detectionKeys: DetectionKeys? { nil }
}
