import Testing
import WeatherCore

/// `UnitFactor`, `Convert` and `UnitSystem`, each against a value worked out by hand from the
/// definitions: 1 in = 2.54 cm, 1 ft = 12 in, 1 mi = 5280 ft, 1 kn = 1 nautical mile (1852 m) per
/// hour, 0 °C = 273.15 K, °F = °C × 9/5 + 32, 1 inHg = 25.4 mm × 13.5951 g/cm³ × 9.80665 m/s².
struct UnitConversionTests {
    /// Equal to within a few units in the last place of `expected`.
    func close(_ value: Double, _ expected: Double, relative: Double = 1e-12) -> Bool {
        abs(value - expected) <= relative * max(1, abs(expected))
    }

    @Test func factorsFollowFromTheirDefinitions() {
        let metresPerFoot = 12 * 2.54 / 100
        #expect(close(UnitFactor.metresPerMile, 5280 * metresPerFoot))
        #expect(close(UnitFactor.msPerMph, 5280 * metresPerFoot / 3600))
        #expect(UnitFactor.mmPerInch == 25.4 && UnitFactor.cmPerInch == 2.54)
        #expect(close(UnitFactor.msPerKnot, 1852.0 / 3600))
        #expect(UnitFactor.kmhPerMs == 3.6)
        #expect(UnitFactor.kelvinOffset == 273.15)
        // 25.4 mm of mercury: 0.0254 m × 13595.1 kg/m³ × 9.80665 m/s² = 3386.39 Pa.
        #expect(close(UnitFactor.hPaPerInHg, 0.0254 * 13595.1 * 9.80665 / 100, relative: 1e-5))
        // The display factor is the inverse, rounded to 4 significant digits as services print it.
        #expect(close(UnitFactor.inHgPerHPa, 1 / UnitFactor.hPaPerInHg, relative: 1e-4))
    }

    @Test func temperatures() {
        #expect(Convert.fahrenheitToCelsius(32) == 0)
        #expect(Convert.fahrenheitToCelsius(212) == 100)
        #expect(Convert.fahrenheitToCelsius(-40) == -40)
        #expect(close(Convert.fahrenheitToCelsius(98.6), 37))
        #expect(close(Convert.fahrenheitToCelsius(50.5), 18.5 * 5 / 9), "10.2777…: never rounded")
        #expect(UnitSystem.standard.celsius(273.15) == 0)
        #expect(close(UnitSystem.standard.celsius(285.514), 12.364))
        #expect(UnitSystem.metric.celsius(12.364) == 12.364)
        #expect(UnitSystem.imperial.celsius(212) == 100)
    }

    @Test func speedsLengthsAndPressures() {
        #expect(close(Convert.mphToMs(10), 4.4704))
        #expect(close(Convert.kmhToMs(36), 10))
        #expect(close(Convert.knotsToMs(10), 5.144444444444445))
        #expect(close(Convert.inchesToMm(0.01), 0.254))
        #expect(close(Convert.inchesToCm(12), 30.48))
        #expect(close(Convert.milesToMetres(10), 16093.44))
        // The standard atmosphere: 29.92 inHg is 1013.2 hPa.
        #expect(abs(Convert.inHgToHPa(29.92) - 1013.2) < 0.05)
        #expect(close(Convert.fractionToPercent(0.42), 42))
        #expect(UnitSystem.imperial.metresPerSecond(1) == UnitFactor.msPerMph)
        #expect(UnitSystem.metric.metresPerSecond(7.5) == 7.5 && UnitSystem.standard.metresPerSecond(7.5) == 7.5)
    }

    @Test func smallAmountsAreKeptWhole() {
        // Drizzle: 0.002 in is 0.0508 mm, not 0.05 (rounding to 2 decimals biased totals by up to 9 %).
        #expect(close(Convert.inchesToMm(0.002), 0.0508))
        #expect(Convert.inchesToMm(0.002) != Convert.round(Convert.inchesToMm(0.002), 2))
    }

    @Test func roundingForPeople() {
        #expect(Convert.round(1.23456, 2) == 1.23)
        #expect(Convert.round(1.23456, 3) == 1.235)
        #expect(Convert.round(1.23456, 1) == 1.2)
        #expect(Convert.round(1.23456, 4) == 1.2346)
        #expect(Convert.round(1.5, 0) == 2)
        #expect(Convert.round(-1.25, 1) == -1.3, "halves round away from zero")
        #expect(Convert.round(12.5, 0) == 13)
    }

    @Test func unitNamesAndSystems() {
        #expect(UnitSystem.allCases.map(\.rawValue) == ["standard", "metric", "imperial"])
        #expect(UnitSystem.standard.temperatureName == "Kelvin")
        #expect(UnitSystem.metric.temperatureName == "°C")
        #expect(UnitSystem.imperial.temperatureName == "°F")
        #expect(UnitSystem(rawValue: "kelvin") == nil)
        #expect(Set(UnitsSource.allCases.map(\.rawValue)) == ["flags", "metadata", "units_block", "envelope_url", "input", "default"])
    }
}
