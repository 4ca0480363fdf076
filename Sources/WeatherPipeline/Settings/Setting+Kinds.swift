/// The kinds of settings: each builder states the checks once, for both parsers.
extension Setting {
    /// A number in `range` (`daily_min_coverage`).
    static func number(_ key: String, _ path: WritableKeyPath<Target, Double> & Sendable, _ range: NumberRange, value: String,
                       help: String, deprecatedFlags: [String] = [], example: Double, refused: Double) -> Setting {
        let rule = "must be a number " + (range.lowerIncluded && range.upper != nil ? "in " : "") + range.text
        return Setting(key: key, valueName: value, type: "number", range: range.text,
                       defaultText: SettingFormat.number(Target.defaults[keyPath: path]), help: help, deprecatedFlags: deprecatedFlags,
                       example: (SettingFormat.number(example), SettingFormat.number(example)),
                       refused: (SettingFormat.number(refused), SettingFormat.number(refused))) { target, value throws(SettingProblem) in
            let v: Double
            switch value {
            case .number(let n): v = n
            case .word(let s): guard let n = Double(s) else { throw SettingProblem(rule + ", not " + value.shown) }; v = n
            default: throw SettingProblem("must be a number, not \(value.shown)")
            }
            guard range.contains(v) else { throw SettingProblem(rule + ", not " + value.shown) }
            target[keyPath: path] = v
        }
    }

    /// A whole number in `range` (`bootstrap_samples`).
    static func whole(_ key: String, _ path: WritableKeyPath<Target, Int> & Sendable, _ range: ClosedRange<Int>, value: String,
                      help: String, example: Int, refused: String) -> Setting {
        let text = String(range.lowerBound) + "…" + String(range.upperBound)
        let rule = "must be a whole number in " + text
        return Setting(key: key, valueName: value, type: "whole number", range: text, defaultText: String(Target.defaults[keyPath: path]),
                       help: help, example: (String(example), String(example)), refused: (refused, refused)) { target, value throws(SettingProblem) in
            let v: Int?
            switch value {
            case .number(let n): v = n == n.rounded() && abs(n) < 1e16 ? Int(n) : nil
            case .word(let s): v = Int(s)
            default: throw SettingProblem("must be a whole number, not \(value.shown)")
            }
            guard let v, range.contains(v) else { throw SettingProblem(rule + ", not " + value.shown) }
            target[keyPath: path] = v
        }
    }

    /// A switch: a flag without a value, `true` or `false` in a pipeline file.
    static func toggle(_ key: String, _ path: WritableKeyPath<Target, Bool> & Sendable, help: String) -> Setting {
        Setting(key: key, valueName: nil, type: "true/false", range: "true, false", defaultText: Target.defaults[keyPath: path] ? "true" : "false",
                help: help, example: ("", "true"), refused: ("yes", "\"yes\"")) { target, value throws(SettingProblem) in
            guard case .bool(let b) = value else { throw SettingProblem("must be true or false, not \(value.shown)") }
            target[keyPath: path] = b
        }
    }

    /// One of named values (`units`); `aliases` are further names accepted for a value.
    static func choice<V: Sendable>(_ key: String, _ path: WritableKeyPath<Target, V> & Sendable, _ choices: [(String, V)],
                                    aliases: [(String, V)] = [], value: String, defaultText: String, help: String) -> Setting {
        let names = choices.map(\.0)
        let rule = "must be " + SettingFormat.alternatives(names)
        let all = choices + aliases
        return Setting(key: key, valueName: value, type: "choice", range: names.joined(separator: ", "), defaultText: defaultText,
                       help: help, example: (names[0], "\"" + names[0] + "\""),
                       refused: ("bogus", "\"bogus\"")) { target, value throws(SettingProblem) in
            guard let text = value.text, let v = all.first(where: { $0.0 == text })?.1 else {
                throw SettingProblem(rule + ", not " + value.shown)
            }
            target[keyPath: path] = v
        }
    }

    /// Text that `parse` accepts or refuses (`file_time_zone`): nil from `parse` is refused with `rule`.
    static func text<V: Sendable>(_ key: String, _ path: WritableKeyPath<Target, V?> & Sendable, value: String, range: String,
                                  defaultText: String, help: String, rule: String, example: String, refused: String,
                                  parse: @escaping @Sendable (String) -> V?) -> Setting {
        Setting(key: key, valueName: value, type: "text", range: range, defaultText: defaultText, help: help,
                example: (example, "\"" + example + "\""), refused: (refused, "\"" + refused + "\"")) { target, value throws(SettingProblem) in
            guard let text = value.text else { throw SettingProblem("must be a string, not \(value.shown)") }
            guard let v = parse(text) else { throw SettingProblem(rule + ", not " + value.shown) }
            target[keyPath: path] = v
        }
    }
}

extension SettingFormat {
    /// "a", "a or b", "a, b or c".
    static func alternatives(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
