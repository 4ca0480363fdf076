import WeatherCore

/// `elevation_correction`: whether forecast temperatures are brought to the truth's elevation
/// before they are compared (docs/VERIFICATION.md, "Elevation").
///
/// A model forecasts for its grid cell, whose mean elevation can be tens or hundreds of metres
/// from the station's: air cools with height, so a grid cell 300 m above a valley station reads
/// about 2 °C colder without any error of the model. Off by default, because the standard lapse
/// rate is itself a model (inversions on calm nights run the other way).
public enum ElevationCorrection: String, Sendable, Equatable, CaseIterable {
    /// Forecasts are compared as the provider gave them.
    case none
    /// Temperatures are corrected by the standard atmosphere's 6.5 K per km of elevation difference.
    case lapseRate = "lapse_rate"

    /// The standard atmosphere's lapse rate (ICAO), K per metre.
    public static let lapseRateKPerM = 0.0065

    /// The correction (°C) that brings a temperature forecast for `forecastElevationM` to a truth at
    /// `truthElevationM`: positive when the forecast's point is higher (warmer below). Nil when off
    /// or when either elevation is unknown — then nothing is corrected, and the pair says so.
    public func correctionC(forecastElevationM: Double?, truthElevationM: Double?) -> Double? {
        guard self == .lapseRate, let f = forecastElevationM, let t = truthElevationM else { return nil }
        return Convert.round(ElevationCorrection.lapseRateKPerM * (f - t), 3)
    }

    /// The verified variables that are temperatures.
    static let temperatures: Set<String> = ["temp_c", "temp_max_c", "temp_min_c"]
}

extension Pairing {
    /// Corrects the temperature pairs' forecasts to their truth source's elevation, recording the
    /// correction in `elevationCorrectionC` (`elevation_correction_c`); precipitation is left as it is.
    mutating func correctElevation(_ mode: ElevationCorrection, forecastElevationM: Double?, truth: TruthSources) {
        guard mode != .none, forecastElevationM != nil else { return }
        for k in pairs.indices where ElevationCorrection.temperatures.contains(pairs[k].variable) {
            let p = pairs[k]
            let source = SourceName(provider: p.truthProvider ?? "", product: p.truthProduct ?? "", station: p.truthStation ?? "")
            guard let c = mode.correctionC(forecastElevationM: forecastElevationM, truthElevationM: truth.elevationM[source]) else { continue }
            pairs[k].forecast = p.forecast + c
            pairs[k].elevationCorrectionC = c
        }
    }
}
