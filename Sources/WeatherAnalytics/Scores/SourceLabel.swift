import WeatherCore

/// The one definition of "a source" that comparisons and rankings tell apart: provider, product
/// and model (`open-meteo/forecast/gfs`). The SQL expression and the Swift name must agree;
/// a further part of a source's identity is added here, in both, and nowhere else.
public enum SourceLabel {
    /// The source of a `forecast_pairs` row, as SQL over its columns.
    public static let sql = "provider || '/' || product || COALESCE('/' || model, '')"

    /// The same name from the parts.
    public static func name(provider: String, product: String, model: String?) -> String {
        Feed(provider: provider, product: product, model: model?.isEmpty == true ? nil : model).name
    }
}
