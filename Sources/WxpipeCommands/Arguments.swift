import WeatherCore

/// A command-line option: its name, whether it takes a value, its help and default. Each
/// option is declared once, as a `static let` of its command (or of a shared group); parsing,
/// `--help` and the usage line are all derived from that declaration, and values are looked up
/// by it, never by a repeated name.
public struct OptionSpec: Sendable {
    public var name: String
    public var valueName: String?
    public var help: String
    public var defaultValue: String?
    public var repeatable: Bool
    /// Shown without brackets in the usage line; a missing required option is a usage error.
    public var required: Bool
    /// Old names still accepted for this option (deprecated: `--help` shows only `name`).
    public var aliases: [String]

    public init(_ name: String, value: String? = nil, help: String, default defaultValue: String? = nil,
                repeatable: Bool = false, required: Bool = false, aliases: [String] = []) {
        self.name = name
        self.valueName = value
        self.help = help
        self.defaultValue = defaultValue
        self.repeatable = repeatable
        self.required = required
        self.aliases = aliases
    }

    /// An option whose value is one case of `T`: the value name lists the cases (`csv|sqlite`).
    public static func choice<T: RawRepresentable & CaseIterable>(_ name: String, _: T.Type, help: String,
                                                                  default defaultValue: T? = nil) -> OptionSpec
    where T.RawValue == String {
        OptionSpec(name, value: T.allCases.map(\.rawValue).joined(separator: "|"), help: help, default: defaultValue?.rawValue)
    }

    /// How the option appears in a usage line: `--db FILE`, `[--units SYSTEM]`, `[--table NAME ...]`.
    var usage: String {
        var s = name + (valueName.map { " " + $0 } ?? "")
        if repeatable { s += " ..." }
        return required ? s : "[" + s + "]"
    }
}

/// A usage error: printed as `error: …`, then the usage, exit 2.
public struct UsageError: Error, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Parsed arguments of one command: option values and positional arguments.
public struct ParsedArguments {
    public var values: [String: [String]] = [:]
    public var flags: Set<String> = []
    public var positional: [String] = []

    public func value(_ option: OptionSpec) -> String? { values[option.name]?.last }
    public func all(_ option: OptionSpec) -> [String] { values[option.name] ?? [] }
    public func has(_ option: OptionSpec) -> Bool { flags.contains(option.name) }

    /// Parses `args` against `specs`; `--name value` and `--name=value` both work, `--` ends options.
    public static func parse(_ args: [String], specs: [OptionSpec]) throws(UsageError) -> ParsedArguments {
        var out = ParsedArguments()
        var i = 0
        var optionsDone = false
        while i < args.count {
            let arg = args[i]
            i += 1
            if optionsDone || !arg.hasPrefix("--") || arg == "-" {
                if !optionsDone, arg.hasPrefix("-"), arg != "-" {
                    throw UsageError("unknown option '\(arg)'")
                }
                out.positional.append(arg)
                continue
            }
            if arg == "--" { optionsDone = true; continue }
            var name = arg
            var inline: String?
            if let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            guard let spec = specs.first(where: { $0.name == name || $0.aliases.contains(name) }) else {
                throw UsageError("unknown option '\(name)'")
            }
            name = spec.name
            if spec.valueName != nil {
                let value: String
                if let inline { value = inline } else {
                    guard i < args.count else { throw UsageError("option '\(name)' needs a value (\(spec.valueName!))") }
                    value = args[i]
                    i += 1
                }
                if !spec.repeatable, out.values[name] != nil { throw UsageError("option '\(name)' given twice") }
                out.values[name, default: []].append(value)
            } else {
                if inline != nil { throw UsageError("option '\(name)' takes no value") }
                out.flags.insert(name)
            }
        }
        return out
    }
}

// MARK: Typed values, each with the usage error a user sees.

extension ParsedArguments {
    /// The value of a required option.
    public func required(_ option: OptionSpec) throws(UsageError) -> String {
        guard let v = value(option) else { throw UsageError("missing \(option.name)" + (option.valueName.map { " " + $0 } ?? "")) }
        return v
    }

    /// The value of an option that names one case of `T`; `nil` when the option is absent.
    public func choice<T: RawRepresentable & CaseIterable>(_ option: OptionSpec, _: T.Type = T.self) throws(UsageError) -> T?
    where T.RawValue == String {
        guard let text = value(option) else { return nil }
        guard let v = T(rawValue: text) else {
            throw UsageError("\(option.name) must be \(ParsedArguments.alternatives(T.allCases.map(\.rawValue))), not '\(Sanitize.printable(text))'")
        }
        return v
    }

    /// A number in `range`; `nil` when the option is absent.
    public func number(_ option: OptionSpec, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text = value(option) else { return nil }
        guard let v = Double(text), range.contains(v) else {
            throw UsageError("\(option.name) must be a number in \(range.lowerBound)…\(range.upperBound), not '\(Sanitize.printable(text))'")
        }
        return v
    }

    /// Fails when positional arguments were given to a command that takes none.
    public func noPositional() throws(UsageError) {
        if let first = positional.first { throw UsageError("unexpected argument '\(Sanitize.printable(first))'") }
    }

    /// "a", "a or b", "a, b or c".
    static func alternatives(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
