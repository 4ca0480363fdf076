import WeatherCore

/// The unit system of exported values, and every conversion the export applies, in one place.
///
/// The store holds canonical metric units, named by column suffix (`temp_c`, `precip_mm`,
/// `wind_speed_ms`, …). An output in another system converts each column whose suffix is listed
/// in `conversions` and renames it to the new unit (`temp_f`, `precip_in`, `wind_speed_mph`).
public enum Units: String, Sendable, CaseIterable {
    /// The canonical units of the store: °C, mm, cm, m/s, hPa, metres.
    case metric
    /// US customary: °F, in, mph, inHg, miles; columns renamed (`temp_f`, `precip_in`).
    case imperial

    /// The conversions from the store's units; empty for metric (the store as it is).
    public var conversions: [UnitConversion] {
        switch self {
        case .metric: return []
        case .imperial: return UnitConversion.toImperial
        }
    }

    /// The conversion for a column or variable name, by its unit suffix; nil when it has none.
    public func conversion(for name: String) -> UnitConversion? {
        conversions.first { name.hasSuffix($0.fromSuffix) }
    }

    /// `name` with its unit suffix replaced by the output unit's (unchanged when not converted).
    public func rename(_ name: String) -> String {
        guard let c = conversion(for: name) else { return name }
        return String(name.dropLast(c.fromSuffix.count)) + c.toSuffix
    }
}

/// One unit conversion: from a column suffix of the store to the output unit's suffix.
///
/// `value` converts a measurement; differences (errors, biases) use `scale` alone, as a
/// difference of two temperatures has no offset.
public struct UnitConversion: Sendable {
    public var fromSuffix: String
    public var toSuffix: String
    public var value: @Sendable (Double) -> Double
    public var scale: Double

    public func difference(_ x: Double) -> Double { x * scale }

    /// The factors are WeatherCore's `UnitFactor`, the table the decoders convert in with.
    /// Longer suffixes come first so `_mmh` is not read as `_mm` + `h`. The closures divide
    /// where the factor is a divisor, so exported digits stay the same as they always were.
    static let toImperial: [UnitConversion] = [
        UnitConversion(fromSuffix: "_c", toSuffix: "_f", value: { $0 * 9 / 5 + 32 }, scale: 9.0 / 5),
        UnitConversion(fromSuffix: "_mmh", toSuffix: "_inh", value: { $0 / UnitFactor.mmPerInch }, scale: 1 / UnitFactor.mmPerInch),
        UnitConversion(fromSuffix: "_mm", toSuffix: "_in", value: { $0 / UnitFactor.mmPerInch }, scale: 1 / UnitFactor.mmPerInch),
        UnitConversion(fromSuffix: "_cm", toSuffix: "_in", value: { $0 / UnitFactor.cmPerInch }, scale: 1 / UnitFactor.cmPerInch),
        UnitConversion(fromSuffix: "_ms", toSuffix: "_mph", value: { $0 / UnitFactor.msPerMph }, scale: 1 / UnitFactor.msPerMph),
        UnitConversion(fromSuffix: "_hpa", toSuffix: "_inhg", value: { $0 * UnitFactor.inHgPerHPa }, scale: UnitFactor.inHgPerHPa),
        UnitConversion(fromSuffix: "_m", toSuffix: "_mi", value: { $0 / UnitFactor.metresPerMile }, scale: 1 / UnitFactor.metresPerMile),
    ]
}
