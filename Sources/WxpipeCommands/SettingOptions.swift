import WeatherCore
import WeatherPipeline

/// The settings of `SettingsCatalog` as command-line options: the flag, value name, help and
/// default come from the one declaration, and a given value goes to the same `apply` as a
/// pipeline file's, so both accept and refuse the same values.
extension Setting {
    /// The option of this setting (its deprecated flags as aliases).
    var option: OptionSpec {
        OptionSpec(flag, value: valueName, help: help, default: valueName == nil ? nil : defaultText, repeatable: repeatable,
                   aliases: deprecatedFlags)
    }

    /// The value given on the command line: a switch is `true`, a repeated option a list; nil when absent.
    func given(in args: ParsedArguments) -> SettingValue? {
        let spec = option
        if valueName == nil { return args.has(spec) ? .bool(true) : nil }
        if repeatable {
            let all = args.all(spec)
            return all.isEmpty ? nil : .list(all.map(SettingValue.word))
        }
        return args.value(spec).map(SettingValue.word)
    }

    /// A refusal as the command line says it: `--daily-min-coverage must be a number …, not '2'`.
    func usageError(_ problem: SettingProblem) -> UsageError {
        if let needs = problem.needs { return UsageError("\(flag) needs \(Setting.flag(for: needs))") }
        return UsageError("\(flag) \(Sanitize.printable(problem.message))")
    }
}

extension ParsedArguments {
    /// Applies every setting of `catalog` that was given to `target`, in declaration order.
    func apply<T>(_ catalog: [Setting<T>], to target: inout T) throws(UsageError) {
        for setting in catalog {
            guard let value = setting.given(in: self) else { continue }
            do throws(SettingProblem) { try setting.apply(value, to: &target) } catch { throw setting.usageError(error) }
        }
    }
}
