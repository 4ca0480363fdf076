import WeatherCore

/// A service that answers in Dark Sky's format: Dark Sky itself, or one that kept its format
/// (Pirate Weather). The reply is read by the same code (`DarkSkyDecoder.decode(_:dialect:)`);
/// a dialect names its records and adds what only it sends.
struct DarkSkyDialect: Sendable {
    /// The records' provider (`darksky`, `pirateweather`).
    var provider: String
    var forecastFormat: String
    var historyFormat: String
    /// The dialect's own `flags.units` names for Dark Sky's systems.
    var unitAliases: [String: DarkSkyUnits] = [:]
    /// Reads the fields of an hourly or daily point beyond Dark Sky's, after the Dark Sky reading.
    var amend: @Sendable (_ point: Field, _ period: ForecastPeriod, _ units: DarkSkyUnits, _ forecast: inout Forecast) throws(DecodeFailure) -> Void
        = { _, _, _, _ in }

    static let darkSky = DarkSkyDialect(provider: "darksky", forecastFormat: DarkSkyDecoder.format, historyFormat: DarkSkyDecoder.historyFormat)
}
