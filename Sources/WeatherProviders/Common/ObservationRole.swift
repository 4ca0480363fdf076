import WeatherCore

extension ObservationRole {
    /// Products whose observations are the current block of a forecast reply: the model's own
    /// estimate of "now", made by the same run as the forecast beside it (docs/VERIFICATION.md).
    /// Everything else a decoder emits as an observation reports what happened: OWM current
    /// weather, One Call history (`timemachine`), Dark Sky Time Machine, the Open-Meteo archive.
    static let nowcastProducts: Set<String> = [
        "openweathermap/onecall",   // One Call `current`
        "darksky/forecast",         // Dark Sky `currently`
        "weatherkit/weather",       // WeatherKit `currentWeather`
        "open-meteo/forecast",      // Open-Meteo `current` / `current_weather`
    ]

    /// The role of an observation of this provider and product: `declared` when the input says
    /// (a pipeline input's `"role"`), else by format.
    public static func decide(provider: String, product: String, declared: ObservationRole? = nil) -> ObservationRole {
        if let declared { return declared }
        return nowcastProducts.contains(provider + "/" + product) ? .nowcast : .observed
    }
}
