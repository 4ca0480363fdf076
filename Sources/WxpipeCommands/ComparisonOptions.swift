import WeatherAnalytics
import WeatherCore
import WeatherPipeline

/// The options `compare` and `rank` share: which variable, lead and location, and (for
/// `compare`) the two comparison settings of the aggregate, declared once in `SettingsCatalog`.
enum ComparisonOptions {
    static let db = OptionSpec("--db", value: "FILE", help: "The store to read.", required: true)
    static let variable = OptionSpec("--variable", value: "V", help: "Only this variable (temp_max_c, temp_min_c, precip_mm, temp_c, …).")
    static let lead = OptionSpec("--lead", value: "DAYS|BIN", help: "Only this lead: whole days (1), or an hour bin ("
                                 + ForecastPair.leadBins.map(\.0).prefix(3).joined(separator: ", ") + ", …; a trailing h is allowed).")
    static let location = OptionSpec("--location", value: "ID", help: "Only this location id.")
    /// `issue_alignment_hours` and `p_adjustment` as flags (`--issue-alignment-hours`, `--p-adjustment`).
    static let settings = SettingsCatalog.aggregate.filter { ["issue_alignment_hours", "p_adjustment"].contains($0.key) }

    /// The filter of `--variable`, `--lead` and `--location` (and `sources`).
    static func filter(_ args: ParsedArguments, sources: [String] = []) throws(UsageError) -> ComparisonFilter {
        var filter = ComparisonFilter(sources: sources, variable: args.value(variable), location: args.value(location))
        if let text = args.value(lead) {
            let bin = text.hasSuffix("h") ? String(text.dropLast()) : text
            if ForecastPair.leadBins.contains(where: { $0.0 == bin }) {
                filter.leadBin = bin
            } else if let days = Int(text), (0...60).contains(days) {
                filter.leadDays = days
            } else {
                throw UsageError("--lead must be a whole number of days (0…60) or an hour bin ("
                                 + ForecastPair.leadBins.map(\.0).joined(separator: ", ") + "), not '\(Sanitize.printable(text))'")
            }
        }
        return filter
    }
}
