/// The shared weather-condition vocabulary across providers.
///
/// Each provider's table of raw codes lives beside its decoder (`WeatherProviders/<provider>/`);
/// the raw provider code is always kept beside the mapped value, so a mapping can be revised later.
public enum Condition: String, Sendable, CaseIterable {
    case clear, partlyCloudy = "partly-cloudy", cloudy, fog, drizzle, rain, snow, sleet
    case thunderstorm, wind, haze, other
}
