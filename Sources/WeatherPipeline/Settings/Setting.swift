import WeatherJSON

/// One setting, declared once: its pipeline key, its command-line flag (the same name with
/// dashes), the type and range of its values, its default and a one-line help.
///
/// The pipeline-file parser, the commands' option parsers, `--help` and docs/SETTINGS.md all
/// read this declaration, and both parsers hand the value to the same `apply`, so a range or a
/// message cannot differ between them. `Target` is the value the setting changes
/// (`IngestSettings` for an input, `AggregateOptions` for the aggregate stage); the default is
/// read from `Target.defaults`, where it is written.
public struct Setting<Target: SettingsGroup>: Sendable {
    /// The pipeline key: a top-level key, an input object's key, or a dotted path into an
    /// object (`envelope.body`).
    public let key: String
    /// The value's name in the usage line (`SHARE`); nil: a switch that takes no value.
    public let valueName: String?
    /// What a value is (`number`, `whole number`, `true/false`, `text`, …).
    public let type: String
    /// The values accepted, as the reference and the messages state them.
    public let range: String
    /// The default, as the reference and `--help` show it (read from `Target.defaults`).
    public let defaultText: String
    public let help: String
    /// Old flag names still accepted (users' scripts), never shown in `--help`.
    public let deprecatedFlags: [String]
    /// The flag may be given several times (a pipeline array).
    public let repeatable: Bool
    /// A valid value as one would type it on the command line, and as pipeline JSON.
    public let example: (text: String, json: String)
    /// A refused value (out of range or malformed), as command-line text and as JSON.
    public let refused: (text: String, json: String)?
    /// Keys that must be set for this one to mean anything (`envelope.fetched_at` needs `envelope.body`).
    public let requires: [String]
    let applyValue: @Sendable (inout Target, SettingValue) throws(SettingProblem) -> Void

    /// `--daily-min-coverage` for `daily_min_coverage`, `--envelope-fetched-at` for `envelope.fetched_at`.
    public var flag: String { Setting.flag(for: key) }

    public static func flag(for key: String) -> String {
        "--" + String(key.map { $0 == "_" || $0 == "." ? "-" : $0 })
    }

    /// Sets `target` from a value, or fails with what is wrong (the caller adds the setting's name).
    public func apply(_ value: SettingValue, to target: inout Target) throws(SettingProblem) {
        try applyValue(&target, value)
    }

    init(key: String, valueName: String?, type: String, range: String, defaultText: String, help: String,
         deprecatedFlags: [String] = [], repeatable: Bool = false, example: (text: String, json: String),
         refused: (text: String, json: String)?, requires: [String] = [],
         apply: @escaping @Sendable (inout Target, SettingValue) throws(SettingProblem) -> Void) {
        self.key = key
        self.valueName = valueName
        self.type = type
        self.range = range
        self.defaultText = defaultText
        self.help = help
        self.deprecatedFlags = deprecatedFlags
        self.repeatable = repeatable
        self.example = example
        self.refused = refused
        self.requires = requires
        self.applyValue = apply
    }
}

/// A value whose defaults are the settings' defaults (`Setting.defaultText` reads them here).
public protocol SettingsGroup: Sendable {
    static var defaults: Self { get }
}

/// A setting's value as either parser read it: command-line text, or a typed JSON value.
///
/// A command-line value is `word`: text that a number setting reads as a number. A pipeline
/// file's string stays a `string`, which a number setting refuses (`"3"` is not `3` in JSON).
public indirect enum SettingValue: Sendable, Equatable {
    case word(String)
    case string(String)
    case number(Double)
    case bool(Bool)
    case list([SettingValue])
    case object([Member])
    case null

    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: SettingValue
    }

    /// A pipeline file's value.
    public init(_ json: JSONValue) {
        switch json.kind {
        case .string: self = .string(json.string ?? "")
        case .number: self = .number(json.number ?? 0)
        case .bool: self = .bool(json.bool ?? false)
        case .array: self = .list(json.elements.map(SettingValue.init))
        case .object: self = .object(json.members.map { Member(key: $0.key, value: SettingValue($0.value)) })
        default: self = .null
        }
    }

    /// Text, from the command line or a JSON string.
    public var text: String? {
        switch self {
        case .word(let s), .string(let s): return s
        default: return nil
        }
    }

    /// `'text'` as a message quotes a refused value, or the JSON kind for a value of the wrong kind.
    var shown: String {
        switch self {
        case .word(let s), .string(let s): return "'" + s + "'"
        case .number(let n): return SettingFormat.number(n)
        case .bool(let b): return b ? "true" : "false"
        case .list: return "an array"
        case .object: return "an object"
        case .null: return "null"
        }
    }
}

/// What is wrong with a value: the message, and where inside the value (`[0]`, `.mode`).
public struct SettingProblem: Error, Sendable, Equatable {
    public var message: String
    /// Appended to the key in a pipeline file's message (`reference[0]`, `pairing.nws`).
    public var at: String
    /// The key of another setting this one needs, named by the caller in its own dialect.
    public var needs: String?

    public init(_ message: String, at: String = "", needs: String? = nil) {
        self.message = message
        self.at = at
        self.needs = needs
    }
}

/// Numbers as the reference and the messages write them: `1`, `0.75`, `9007199254740991`.
enum SettingFormat {
    static func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e16 { return String(Int64(v)) }
        return String(v)
    }
}

/// A range of numbers, possibly open below (`above 0, at most 1`).
public struct NumberRange: Sendable, Equatable {
    public var lower: Double
    public var lowerIncluded: Bool
    public var upper: Double?

    public static func from(_ lower: Double, to upper: Double? = nil) -> NumberRange {
        NumberRange(lower: lower, lowerIncluded: true, upper: upper)
    }

    public static func above(_ lower: Double, atMost upper: Double? = nil) -> NumberRange {
        NumberRange(lower: lower, lowerIncluded: false, upper: upper)
    }

    public func contains(_ v: Double) -> Bool {
        (lowerIncluded ? v >= lower : v > lower) && upper.map { v <= $0 } ?? v.isFinite
    }

    /// `0…12`, `above 0, at most 1`, `above 0`.
    public var text: String {
        if lowerIncluded, let upper { return SettingFormat.number(lower) + "…" + SettingFormat.number(upper) }
        let low = (lowerIncluded ? "at least " : "above ") + SettingFormat.number(lower)
        return upper.map { low + ", at most " + SettingFormat.number($0) } ?? low
    }
}
