import WeatherCore

/// Pirate Weather's accumulations, which Dark Sky did not have: `liquidAccumulation`,
/// `snowAccumulation` and `iceAccumulation` over the hour or the day, in cm (si, ca, uk) or in (us).
/// https://docs.pirateweather.net/en/latest/API/#liquidaccumulation
enum PirateWeatherAccumulations {
    /// Snow depth per depth of water: "A 1:10 snowfall ratio is used" (`precipAccumulation`).
    static let snowToLiquidRatio = 10.0

    /// Snowfall is `snowAccumulation` only: `precipAccumulation` adds rain in with the snow's depth.
    /// A day's amount is liquid + ice + the snow's water when the reply has them; for an hour the
    /// Dark Sky reading (the liquid-equivalent rate over one hour) stands.
    static func amend(_ point: Field, _ period: ForecastPeriod, _ units: DarkSkyUnits, _ f: inout Forecast) throws(DecodeFailure) {
        f.snowfallCm = try point.quantity("snowAccumulation", units.snowCm, Plausibility.snowfallCm)
        guard period == .day else { return }
        let liquid = try point.quantity("liquidAccumulation", units.accumulationMm, Plausibility.precipMm)
        let ice = try point.quantity("iceAccumulation", units.accumulationMm, Plausibility.precipMm)
        guard let liquid else { return }
        let snowWater = Convert.cmToMm(f.snowfallCm ?? 0) / snowToLiquidRatio
        f.precipMm = liquid + (ice ?? 0) + snowWater
        f.precipEstimated = false
    }
}

extension DarkSkyUnits {
    /// An accumulation (cm, or in for `us`) as mm.
    func accumulationMm(_ v: Double) -> Double { self == .us ? Convert.inchesToMm(v) : Convert.cmToMm(v) }
}
