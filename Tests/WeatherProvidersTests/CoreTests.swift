import Testing
import WeatherCore

struct CoreTests {
    @Test func iso8601RoundTrips() {
        #expect(UTCTime.iso8601(0) == "1970-01-01T00:00:00Z")
        #expect(UTCTime.iso8601(1588047748) == "2020-04-28T04:22:28Z")
        #expect(UTCTime.iso8601(951782400) == "2000-02-29T00:00:00Z")
        #expect(UTCTime.iso8601(-1) == "1969-12-31T23:59:59Z")
        for t: Int64 in [0, 1588047748, 951782400, 4102444799, -86401] {
            #expect(UTCTime.parseISO8601(UTCTime.iso8601(t)) == t)
        }
        #expect(UTCTime.parseISO8601("2024-05-01T08:00:00+02:00") == UTCTime.parseISO8601("2024-05-01T06:00:00Z"))
        #expect(UTCTime.parseISO8601("2024-05-01T06:00:00.123Z") == 1714543200)
        #expect(UTCTime.parseISO8601("2024-05-01T06:00") == nil)
        let local: Int64? = UTCTime.parseISO8601("2024-05-01T06:00", assumingOffset: 3600)
        #expect(local == Int64(1714539600))
        #expect(UTCTime.parseISO8601("2024-13-01T06:00:00Z") == nil)
        #expect(UTCTime.date(1714521600 - 1, offset: 3600) == "2024-05-01")
    }

    @Test func conversions() {
        #expect(UnitSystem.standard.celsius(273.15) == 0)
        #expect(approx(UnitSystem.standard.celsius(281.87), 8.72))
        #expect(UnitSystem.imperial.celsius(212) == 100)
        #expect(approx(UnitSystem.imperial.metresPerSecond(10), 4.47))
        #expect(UnitSystem.metric.celsius(-3.5) == -3.5)
        #expect(Convert.inchesToMm(1) == 25.4)
    }

    @Test func locationsMatchByRadiusDeclaredFirst() {
        var r = LocationRegistry()
        r.add(Location(id: "london", latitude: 51.5085, longitude: -0.1257, radiusKm: 25, declared: true))
        #expect(r.resolve(latitude: 51.51, longitude: -0.13) == .existing("london"))
        // Heathrow is ~23 km away: still London.
        #expect(r.resolve(latitude: 51.47, longitude: -0.45).id == "london")
        guard case .created(let paris) = r.resolve(latitude: 48.8566, longitude: 2.3522, name: "Paris") else {
            Issue.record("Paris is new"); return
        }
        #expect(paris.id == "48.86N_2.35E")
        #expect(r.resolve(latitude: 48.85, longitude: 2.35) == .existing("48.86N_2.35E"))
        #expect(r.resolve(latitude: 10, longitude: 10, hint: "declared-by-envelope").id == "declared-by-envelope")
        #expect(LocationRegistry.coordinateID(latitude: -33.87, longitude: -73.99) == "33.87S_73.99W")
        let d = Location(id: "x", latitude: 51.5085, longitude: -0.1257).distanceKm(toLatitude: 48.8566, longitude: 2.3522)
        #expect(abs(d - 343.5) < 1.5)
    }

    @Test func sanitizeEscapesTerminalControls() {
        #expect(Sanitize.printable("a\u{1B}[31mred\nb") == "a\\u{1B}[31mred\\nb")
        #expect(Sanitize.printable("Москва") == "Москва")
    }
}
