import Foundation
import WeatherAnalytics
import WeatherProviders

/// The settings whose values have structure: lists of sources, the envelope's paths, the
/// issue selection, per-provider pairing and the threshold list. Each reads command-line text
/// and pipeline JSON into the same value, through the same checks.
extension SettingsCatalog {
    /// `envelope.body`, `envelope.fetched_at`, `envelope.url`: a pipeline input's `"envelope"`
    /// object, `--envelope-body` … on the command line; the last two need the body.
    static func envelope(_ name: String, value: String, defaultText: String, help: String, example: String) -> Setting<IngestSettings> {
        let key = "envelope." + name
        return Setting(key: key, valueName: value, type: "text", range: "a dotted key path", defaultText: defaultText, help: help,
                       example: (example, "\"" + example + "\""), refused: name == "body" ? ("", "\"\"") : nil,
                       requires: name == "body" ? [] : ["envelope.body"]) { settings, value throws(SettingProblem) in
            guard let path = value.text else { throw SettingProblem("must be a string, not \(value.shown)") }
            if name == "body" {
                guard !path.isEmpty else { throw SettingProblem("must be the key path of the reply inside the wrapper, not ''") }
                settings.envelope = EnvelopeMapping(body: path, fetchedAt: settings.envelope?.fetchedAt, url: settings.envelope?.url)
                return
            }
            guard var envelope = settings.envelope else { throw SettingProblem("needs", needs: "envelope.body") }
            if name == "url" { envelope.url = path } else { envelope.fetchedAt = path }
            settings.envelope = envelope
        }
    }

    /// `reference` (`provider/product`) and `compare` (also `provider/product/model`): a
    /// pipeline array, a repeated flag.
    static func sources(_ key: String, _ path: WritableKeyPath<AggregateOptions, [String]> & Sendable, models: Bool, defaultText: String,
                        help: String) -> Setting<AggregateOptions> {
        let name = models ? "PROVIDER/PRODUCT[/MODEL]" : "PROVIDER/PRODUCT"
        return Setting(key: key, valueName: name, type: "list of sources", range: name.lowercased(), defaultText: defaultText, help: help,
                       repeatable: true, example: ("openweathermap/current", "[\"openweathermap/current\"]"),
                       refused: ("openweathermap", "[\"openweathermap\"]")) { options, value throws(SettingProblem) in
            options[keyPath: path] = try parseSources(value, models: models)
        }
    }

    /// A list of `provider/product[/model]` names (a location's `reference` too).
    public static func parseSources(_ value: SettingValue, models: Bool) throws(SettingProblem) -> [String] {
        let shape = models ? "provider/product[/model]" : "provider/product"
        guard case .list(let items) = value else { throw SettingProblem("must be an array of \"\(shape)\" strings") }
        var out: [String] = []
        for (k, item) in items.enumerated() {
            let parts = item.text?.split(separator: "/", omittingEmptySubsequences: false) ?? []
            guard let s = item.text, parts.count == 2 || (models && parts.count == 3), parts.allSatisfy({ !$0.isEmpty }) else {
                throw SettingProblem("must be a \"\(shape)\" string such as \"openweathermap/current\", not \(item.shown)", at: "[\(k)]")
            }
            out.append(s)
        }
        return out
    }

    /// `issue_selection`: `all`, `first_of_day`, `latest_before` or `latest_before HH:MM`; a
    /// pipeline file may also write `{"mode": …, "cutoff": "HH:MM"}`.
    public static let issueSelection = Setting<AggregateOptions>(
        key: "issue_selection", valueName: "MODE", type: "choice", range: "all, first_of_day, latest_before, latest_before HH:MM",
        defaultText: AggregateOptions.defaults.issueSelection.label,
        help: "Which forecasts of one case are scored: all, first_of_day, or latest_before [HH:MM] (the last issued before that local time).",
        example: ("latest_before 12:00", "\"latest_before 12:00\""), refused: ("latest_before 25:00", "\"latest_before 25:00\"")
    ) { options, value throws(SettingProblem) in
        options.issueSelection = try parseIssueSelection(value)
    }

    static func parseIssueSelection(_ value: SettingValue) throws(SettingProblem) -> IssueSelection {
        let expected = "must be \"all\", \"first_of_day\", \"latest_before\" or \"latest_before HH:MM\" (local time)"
        var mode: String, cutoff: String?
        if let s = value.text {
            let parts = s.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard parts.count == 1 || parts.count == 2 else { throw SettingProblem(expected + ", not " + value.shown) }
            mode = parts[0]
            cutoff = parts.count == 2 ? parts[1] : nil
        } else if case .object(let members) = value {
            for m in members where !["mode", "cutoff"].contains(m.key) { throw SettingProblem("unknown key (known: mode, cutoff)", at: "." + m.key) }
            guard let m = members.first(where: { $0.key == "mode" })?.value else { throw SettingProblem("missing", at: ".mode") }
            guard let text = m.text else { throw SettingProblem("must be a string, not \(m.shown)", at: ".mode") }
            mode = text
            if let c = members.first(where: { $0.key == "cutoff" })?.value {
                guard let text = c.text else { throw SettingProblem("must be a string, not \(c.shown)", at: ".cutoff") }
                cutoff = text
            }
        } else {
            throw SettingProblem(expected)
        }
        switch mode {
        case "all", "first_of_day":
            guard cutoff == nil else { throw SettingProblem("a cutoff time goes only with latest_before") }
            return mode == "all" ? .all : .firstOfDay
        case "latest_before":
            guard let c = cutoff else { return .latestBefore(minuteOfDay: IssueSelection.defaultCutoffMinute) }
            guard let minutes = IssueSelection.parseClock(c) else { throw SettingProblem("cutoff '\(c)' is not a local time HH:MM (00:00…24:00)") }
            return .latestBefore(minuteOfDay: minutes)
        default:
            throw SettingProblem(expected + ", not '\(mode)'")
        }
    }

    /// `pairing`: one mode for every source, or modes per `provider` or `provider/product`
    /// (`*` sets the default): a JSON object in a pipeline file, `nws=window,*=calendar_day` as text.
    static let pairing = Setting<AggregateOptions>(
        key: "pairing", valueName: "MODE", type: "choice, or a map of sources to choices",
        range: "calendar_day, window; or SOURCE=MODE,…", defaultText: AggregateOptions.defaults.pairing.rawValue,
        help: "How day forecasts meet the truth: calendar_day (local days) or window (the forecast's own window); nws=window sets one provider's.",
        example: ("nws=window,*=calendar_day", "{\"nws\": \"window\", \"*\": \"calendar_day\"}"), refused: ("windowed", "\"windowed\"")
    ) { options, value throws(SettingProblem) in
        let modes = PairingMode.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
        func mode(_ v: SettingValue, at: String) throws(SettingProblem) -> PairingMode {
            guard let s = v.text, let m = PairingMode(rawValue: s) else { throw SettingProblem("must be \(modes), not \(v.shown)", at: at) }
            return m
        }
        var members: [SettingValue.Member]
        switch value {
        case .object(let m): members = m
        case .word(let s) where s.contains("="), .string(let s) where s.contains("="):
            members = []
            for entry in s.split(separator: ",") {
                let pair = entry.split(separator: "=", maxSplits: 1).map(String.init)
                guard pair.count == 2 else { throw SettingProblem("must be SOURCE=MODE entries such as nws=window, not '\(entry)'") }
                members.append(SettingValue.Member(key: pair[0], value: .word(pair[1])))
            }
        default:
            options.pairing = try mode(value, at: "")
            return
        }
        for member in members {
            let m = try mode(member.value, at: "." + member.key)
            if member.key == "*" { options.pairing = m; continue }
            let parts = member.key.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty }) else {
                throw SettingProblem("must name a provider or a \"provider/product\"", at: "." + member.key)
            }
            options.providerPairing[member.key] = m
        }
    }

    /// `precip_thresholds_mm`: a JSON array of amounts, `0.2,1,5,10` as text.
    static let precipThresholds = Setting<AggregateOptions>(
        key: "precip_thresholds_mm", valueName: "MM,MM,…", type: "list of numbers", range: "each above 0",
        defaultText: AggregateOptions.defaults.precipThresholdsMm.map(SettingFormat.number).joined(separator: ","),
        help: "Amounts of the precip_thresholds contingency tables.", example: ("0.5,2", "[0.5, 2]"), refused: ("0,1", "[0, 1]")
    ) { options, value throws(SettingProblem) in
        let rule = "must be positive amounts in mm, such as 0.2,1,5,10 ([0.2, 1, 5, 10] in a pipeline file)"
        let values: [Double?]
        switch value {
        case .word(let s): values = s.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        case .list(let items): values = items.map { if case .number(let n) = $0 { return n } else { return nil } }
        default: throw SettingProblem(rule + ", not " + value.shown)
        }
        guard !values.isEmpty, values.allSatisfy({ ($0 ?? 0) > 0 && ($0 ?? 0).isFinite }) else { throw SettingProblem(rule + ", not " + value.shown) }
        options.precipThresholdsMm = values.compactMap { $0 }
    }
}
