/// The name under which a forecast source is scored, compared, selected and matched: the feed
/// (`open-meteo/forecast`, `open-meteo/forecast/icon_d2`), and for day values the aggregate
/// derived from a sub-daily product the period they came from (`open-meteo/forecast (from hour)`).
/// A provider's own daily product and the days made from its hourly one are two sources, never
/// merged, so a reader sees whether one beats the other.
///
/// Declared here once, as Swift and as SQL, because everything that groups by source (scores,
/// comparisons, rankings, the report) must spell it the same way.
public enum SourceIdentity {
    /// `derived_from` of a day derived from hourly forecasts.
    public static let fromHour = ForecastPeriod.hour.rawValue
    /// `derived_from` of a day derived from 3-hourly forecasts.
    public static let fromThreeHours = ForecastPeriod.threeHours.rawValue

    /// `provider/product[/model]`, then ` (from hour)` or ` (from 3h)` for a derived day.
    public static func name(provider: String, product: String, model: String?, derivedFrom: String?) -> String {
        let feed = Feed(provider: provider, product: product, model: model.flatMap { $0.isEmpty ? nil : $0 }).name
        guard let derivedFrom, !derivedFrom.isEmpty else { return feed }
        return feed + " (from " + derivedFrom + ")"
    }

    /// The same name as an SQL expression over a row's `provider`, `product`, `model` and
    /// `derived_from` columns (qualified by `table` when given, e.g. `p`).
    public static func sql(_ table: String? = nil) -> String {
        let q = table.map { $0 + "." } ?? ""
        return "\(q)provider || '/' || \(q)product || COALESCE('/' || NULLIF(\(q)model, ''), '')"
            + " || COALESCE(' (from ' || NULLIF(\(q)derived_from, '') || ')', '')"
    }
}
