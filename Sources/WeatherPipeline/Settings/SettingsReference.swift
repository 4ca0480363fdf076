import Foundation

/// docs/SETTINGS.md, written from `SettingsCatalog`: what a user can set, in a pipeline file
/// and on the command line. `SettingsCatalogTests` fails when the checked-in page differs.
public enum SettingsReference {
    /// The whole page, in Markdown.
    public static var markdown: String {
        var s = """
        # Settings

        <!-- Generated from Sources/WeatherPipeline/Settings/SettingsCatalog.swift: do not edit by hand.
             Regenerate with `make docs`. -->

        Every setting is one declaration (`SettingsCatalog`), read by the pipeline-file parser, by the
        commands and by this page. A pipeline key is the command-line flag of the same name with dashes
        (`daily_min_coverage` ⇔ `--daily-min-coverage`; a dotted key is a nested object:
        `"envelope": {"body": "data"}` ⇔ `--envelope-body data`). Both read a value through the same
        checks and refuse the same values, naming the key or the flag and the valid range
        (`wxpipe run` and the commands exit 2).

        ## Input settings

        The keys of an input object in a pipeline file (`"inputs": [{"path": …, "units": "metric"}]`) and
        the options of `wxpipe ingest`. They change the records a document gives: an input read before
        with other settings is ingested again (docs/ARCHITECTURE.md, "Idempotency").


        """
        s += table(SettingsCatalog.input)
        s += "| `\(FormatFiles.key)` | `\(FormatFiles.flag) FILE` (repeatable) | list of files | format files, relative to the pipeline file | none | "
            + FormatFiles.help + " Also a pipeline's top-level key; declared beside this table, since its values are files read when the pipeline or the command line is parsed. |\n"
        s += """

        ## Aggregate settings

        The top-level keys of a pipeline file and the options of `wxpipe aggregate` (rules in
        docs/VERIFICATION.md and docs/STATISTICS.md).


        """
        s += table(SettingsCatalog.aggregate)
        let deprecated = (SettingsCatalog.input.map { ($0.flag, $0.deprecatedFlags) } + SettingsCatalog.aggregate.map { ($0.flag, $0.deprecatedFlags) })
            .flatMap { flag, old in old.map { "`\($0)` (now `\(flag)`)" } }
        s += "\n## Old flag names\n\nStill accepted, not shown in `--help`: " + (deprecated + [
            "`--issue-cutoff HH:MM` (now `--issue-selection 'latest_before HH:MM'`)",
        ]).joined(separator: ", ") + ".\n"
        return s
    }

    static func table<T>(_ settings: [Setting<T>]) -> String {
        var s = "| key | flag | type | range | default | help |\n|---|---|---|---|---|---|\n"
        for setting in settings {
            let flag = "`" + setting.flag + (setting.valueName.map { " " + $0 } ?? "") + "`" + (setting.repeatable ? " (repeatable)" : "")
            let cells = ["`\(setting.key)`", flag, setting.type, setting.range, setting.defaultText, setting.help]
            s += "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n"
        }
        return s
    }
}
