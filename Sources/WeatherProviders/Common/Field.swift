import WeatherJSON
import WeatherCore

/// A JSON value together with its path in the document (`main.temp`, `weather[0].id`), so that
/// every decoding error can say exactly which field was wrong.
public struct Field: Sendable {
    public let value: JSONValue
    /// Path of the parent and this field's own name: the full path is only joined when an
    /// error needs it, which keeps string building off the hot path.
    private let parentPath: String
    private let name: String
    /// An array element's index (`name` is then the array's path), -1 otherwise: formatting
    /// `hourly.temperature_2m[123]` for each of thousands of numbers cost a tenth of a decode.
    private let index: Int

    public init(_ value: JSONValue, path: String = "") {
        self.value = value
        self.parentPath = ""
        self.name = path
        self.index = -1
    }

    private init(_ value: JSONValue, parent: String, name: String, index: Int = -1) {
        self.value = value
        self.parentPath = parent
        self.name = name
        self.index = index
    }

    /// `main.temp`, `weather[0].id`, or "" for the root.
    public var path: String {
        let base = parentPath.isEmpty ? name : parentPath + "." + name
        return index < 0 ? base : base + "[\(index)]"
    }

    func childPath(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// A member that may be absent; `null` counts as absent.
    public func optional(_ key: String) -> Field? {
        guard let v = value[key], !v.isNull else { return nil }
        return Field(v, parent: path, name: key)
    }

    public func required(_ key: String) throws(DecodeFailure) -> Field {
        guard let v = value[key] else {
            throw DecodeFailure(.missingField, "required field '\(childPath(key))' is missing", fieldPath: childPath(key))
        }
        if v.isNull {
            throw DecodeFailure(.missingField, "required field '\(childPath(key))' is null", fieldPath: childPath(key))
        }
        return Field(v, parent: path, name: key)
    }

    func typeError(_ expected: String) -> DecodeFailure {
        DecodeFailure(.wrongType, "field '\(path)' should be \(expected) but is \(value.kind) \(Sanitize.printable(String(value.rawText.prefix(40))))",
                      fieldPath: path)
    }

    /// The object, its path joined once here: its members then take it as it is, instead of
    /// joining it again for each member (the decoders read a dozen members per object).
    public func object() throws(DecodeFailure) -> Field {
        guard value.kind == .object else { throw typeError("an object") }
        return parentPath.isEmpty && index < 0 ? self : Field(value, parent: "", name: path)
    }

    public func number() throws(DecodeFailure) -> Double {
        guard let n = value.number else { throw typeError("a number") }
        return n
    }

    public func integer() throws(DecodeFailure) -> Int64 {
        guard let n = value.number, n == n.rounded(), abs(n) < 9e15 else { throw typeError("an integer") }
        return Int64(n)
    }

    public func string() throws(DecodeFailure) -> String {
        guard let s = value.string else { throw typeError("a string") }
        return s
    }

    public func array() throws(DecodeFailure) -> [Field] {
        guard value.kind == .array else { throw typeError("an array") }
        // An object or array element carries its joined path (`hourly[3]`), so its members do
        // not join it again; a number or string carries the array's path and its index, and
        // `hourly.temperature_2m[123]` is formatted only if an error names it.
        let p = path
        return value.elements.enumerated().map { k, element in Field.element(element, k, arrayPath: p) }
    }

    /// The `Field` that `array()` makes for element `k` of an array whose path is `arrayPath`:
    /// for readers that visit the elements themselves and make a `Field` only for an error.
    static func element(_ element: JSONValue, _ k: Int, arrayPath p: String) -> Field {
        switch element.kind {
        case .object, .array: return Field(element, parent: "", name: DecimalText.indexed(p, k))
        default: return Field(element, parent: "", name: p, index: k)
        }
    }

    /// A member that may be absent (or null); a number, read without making its `Field`
    /// unless it is of another type, to throw.
    public func optionalNumber(_ key: String) throws(DecodeFailure) -> Double? {
        guard let member = value[key], !member.isNull else { return nil }
        if let n = member.number { return n }
        return try optional(key)?.number()
    }
    public func requiredNumber(_ key: String) throws(DecodeFailure) -> Double { try required(key).number() }
    /// A member that may be absent (or null); a string, read without making its `Field` (its
    /// path) unless it is of another type, to throw.
    public func optionalString(_ key: String) throws(DecodeFailure) -> String? {
        guard let member = value[key], !member.isNull else { return nil }
        if let s = member.string { return s }
        return try optional(key)?.string()
    }

    /// Checks a canonical value against a plausibility range; the message names the field, the
    /// raw value, the converted value and the assumption behind the conversion.
    public func check(_ converted: Double, _ range: Plausibility.Range, raw: Double, assumption: String? = nil) throws(DecodeFailure) {
        guard !Plausibility.contains(range, converted) else { return }
        var message = "field '\(path)' = \(raw)"
        // Shown to 6 decimals: full-precision conversions print 12.364000000000033 otherwise.
        if converted != raw { message += " is \(Convert.round(converted, 6)) \(range.unit)," }
        message += " outside the plausible \(range.field) range \(range.low)…\(range.high) \(range.unit)"
        if let assumption { message += " (\(assumption))" }
        throw DecodeFailure(.implausibleValue, message, fieldPath: path)
    }
}
