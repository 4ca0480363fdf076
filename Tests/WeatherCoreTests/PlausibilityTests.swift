import Testing
import WeatherCore

/// `Plausibility`: the ranges outside which a canonical value is rejected, never clamped.
struct PlausibilityTests {
    @Test func theReadmesExampleRanges() {
        // README, Reject reasons: temperature −90…60 °C, humidity 0…100 %, precipitation ≥ 0.
        #expect(Plausibility.tempC.low == -90 && Plausibility.tempC.high == 60 && Plausibility.tempC.unit == "°C")
        #expect(Plausibility.humidityPct.low == 0 && Plausibility.humidityPct.high == 100)
        #expect(Plausibility.precipMm.low == 0)
    }

    @Test func boundsAreInclusive() {
        for range in Plausibility.all {
            #expect(Plausibility.contains(range, range.low) && Plausibility.contains(range, range.high), "\(range.field)")
            #expect(Plausibility.contains(range, (range.low + range.high) / 2), "\(range.field)")
            #expect(!Plausibility.contains(range, range.low - 0.001 * max(1, abs(range.low))), "\(range.field)")
            #expect(!Plausibility.contains(range, range.high + 0.001 * max(1, abs(range.high))), "\(range.field)")
        }
    }

    @Test func notANumberAndInfinitiesAreNeverPlausible() {
        for range in Plausibility.all {
            #expect(!Plausibility.contains(range, .nan), "\(range.field)")
            #expect(!Plausibility.contains(range, .infinity) && !Plausibility.contains(range, -.infinity), "\(range.field)")
        }
    }

    /// 290 "°C" is Kelvin read as metric; 140 % humidity is the fixtures' implausible input.
    @Test func typicalMistakesAreCaught() {
        #expect(!Plausibility.contains(Plausibility.tempC, 290))
        #expect(Plausibility.contains(Plausibility.tempC, UnitSystem.standard.celsius(290)))
        #expect(!Plausibility.contains(Plausibility.humidityPct, 140))
        #expect(!Plausibility.contains(Plausibility.precipMm, -0.1))
        #expect(!Plausibility.contains(Plausibility.pressureHpa, 29.92), "inHg read as hPa")
        #expect(Plausibility.contains(Plausibility.pressureHpa, Convert.inHgToHPa(29.92)))
        #expect(!Plausibility.contains(Plausibility.cloudCoverPct, 101) && !Plausibility.contains(Plausibility.cloudCoverPct, -1))
        #expect(!Plausibility.contains(Plausibility.latitude, 91) && !Plausibility.contains(Plausibility.longitude, -180.5))
    }

    @Test func everyRangeHasABitOfItsOwn() {
        let bits = Plausibility.all.map(\.bit)
        #expect(Set(bits).count == bits.count)
        // 63 is kept for Open-Meteo's weather code (ValueQuarantine).
        #expect(bits.allSatisfy { $0 >= 0 && $0 < 63 })
        #expect(Set(Plausibility.all.map(\.field)).count == Plausibility.all.count)
        #expect(Plausibility.all.allSatisfy { $0.low < $0.high })
    }
}
