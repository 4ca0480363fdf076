import WeatherCore

/// Point values shared by observations and forecasts while decoding: every provider fills one
/// per data point and applies it to the record it makes.
struct PointValues {
    var tempC, feelsLikeC, dewPointC, pressureHpa, humidityPct, cloudCoverPct, visibilityM, uvIndex: Double?
    var windSpeedMs, windGustMs, windDirDeg: Double?
    var condition: Condition?
    var conditionCode, conditionText: String?

    func apply(to o: inout Observation) {
        o.tempC = tempC; o.feelsLikeC = feelsLikeC; o.dewPointC = dewPointC; o.pressureHpa = pressureHpa
        o.humidityPct = humidityPct; o.cloudCoverPct = cloudCoverPct; o.visibilityM = visibilityM; o.uvIndex = uvIndex
        o.windSpeedMs = windSpeedMs; o.windGustMs = windGustMs; o.windDirDeg = windDirDeg
        o.condition = condition; o.conditionCode = conditionCode; o.conditionText = conditionText
    }

    func apply(to f: inout Forecast) {
        f.tempC = tempC; f.feelsLikeC = feelsLikeC; f.dewPointC = dewPointC; f.pressureHpa = pressureHpa
        f.humidityPct = humidityPct; f.cloudCoverPct = cloudCoverPct; f.visibilityM = visibilityM; f.uvIndex = uvIndex
        f.windSpeedMs = windSpeedMs; f.windGustMs = windGustMs; f.windDirDeg = windDirDeg
        f.condition = condition; f.conditionCode = conditionCode; f.conditionText = conditionText
    }
}
