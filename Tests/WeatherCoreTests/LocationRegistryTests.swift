import Testing
import WeatherCore

/// `LocationRegistry` and `Location`: which place a record belongs to (docs/PROVIDERS.md, Locations).
struct LocationRegistryTests {
    static let london = Location(id: "london", name: "London", country: "GB", latitude: 51.5085, longitude: -0.1257,
                                 timeZone: "Europe/London", radiusKm: 25, declared: true)

    /// 1° of latitude is 6371.0088 km × π/180 = 111.195 km on the mean sphere.
    static let kmPerDegree = 111.1950802335329

    @Test func distancesOnTheMeanSphere() {
        #expect(abs(Self.london.distanceKm(toLatitude: 51.5085, longitude: -0.1257)) < 1e-9)
        #expect(abs(Self.london.distanceKm(toLatitude: 52.5085, longitude: -0.1257) - Self.kmPerDegree) < 1e-6)
        // London to Paris (48.8566 N, 2.3522 E) by the haversine formula, worked out in Python.
        #expect(abs(Self.london.distanceKm(toLatitude: 48.8566, longitude: 2.3522) - 343.58367976) < 1e-6)
        // Antipodes: half the circumference.
        let origin = Location(id: "o", latitude: 0, longitude: 0)
        #expect(abs(origin.distanceKm(toLatitude: 0, longitude: 180) - 180 * Self.kmPerDegree) < 1e-6)
    }

    @Test func aPointInsideTheRadiusJoinsTheLocation() {
        var registry = LocationRegistry()
        registry.add(Self.london)
        // 0.2° north: 22.2 km, inside 25 km.
        #expect(registry.resolve(latitude: 51.7085, longitude: -0.1257) == .existing("london"))
        // 0.3° north: 33.4 km, outside: a new location named after its coordinates.
        let far = registry.resolve(latitude: 51.8085, longitude: -0.1257)
        #expect(far.id == "51.81N_0.13W")
        guard case .created(let made) = far else { Issue.record("\(far)"); return }
        #expect(!made.declared && made.radiusKm == 25 && registry.location(id: made.id) == made)
    }

    @Test func theNearestDeclaredLocationWins() {
        var registry = LocationRegistry()
        registry.add(Location(id: "west", latitude: 50, longitude: 0, radiusKm: 50, declared: true))
        registry.add(Location(id: "east", latitude: 50, longitude: 0.4, radiusKm: 50, declared: true))
        // Both radii hold these points; each joins the nearer centre.
        #expect(registry.resolve(latitude: 50, longitude: 0.15) == .existing("west"))
        #expect(registry.resolve(latitude: 50, longitude: 0.25) == .existing("east"))
        // The same coordinates again take the same answer (the exact-coordinate cache).
        #expect(registry.resolve(latitude: 50, longitude: 0.15) == .existing("west"))
    }

    @Test func aDeclaredLocationBeatsANearerLearnedOne() {
        var registry = LocationRegistry()
        registry.add(Location(id: "learned", latitude: 50, longitude: 0.1, radiusKm: 25))
        registry.add(Location(id: "declared", latitude: 50, longitude: 0.3, radiusKm: 25, declared: true))
        // 7 km from the learned centre, 7.2 km from the declared one.
        #expect(registry.resolve(latitude: 50, longitude: 0.2) == .existing("declared"))
        // Outside every declared radius the nearest learned location is used.
        #expect(registry.resolve(latitude: 50, longitude: -0.1) == .existing("learned"))
    }

    @Test func addingALocationCanMoveCachedCoordinates() {
        var registry = LocationRegistry()
        let first = registry.resolve(latitude: 40.7, longitude: -74.0)
        guard case .created = first else { Issue.record("\(first)"); return }
        #expect(registry.resolve(latitude: 40.7, longitude: -74.0) == .existing(first.id))
        // A pipeline then declares New York: the same coordinates now belong to it.
        registry.add(Location(id: "new-york", latitude: 40.7143, longitude: -74.006, radiusKm: 25, declared: true))
        #expect(registry.resolve(latitude: 40.7, longitude: -74.0) == .existing("new-york"))
    }

    @Test func aHintNamesTheLocation() {
        var registry = LocationRegistry()
        registry.add(Self.london)
        // An envelope's location id wins over coordinates, even far away ones.
        #expect(registry.resolve(latitude: -33.87, longitude: 151.21, hint: "london") == .existing("london"))
        let made = registry.resolve(latitude: -33.87, longitude: 151.21, hint: "sydney", name: "Sydney", timeZone: "Australia/Sydney")
        guard case .created(let sydney) = made else { Issue.record("\(made)"); return }
        #expect(sydney.id == "sydney" && sydney.name == "Sydney" && sydney.timeZone == "Australia/Sydney")
        #expect(registry.locations.map(\.id) == ["london", "sydney"])
    }

    @Test func declaredLocationsReplaceLearnedOnesOfTheSameID() {
        var registry = LocationRegistry()
        registry.add(Location(id: "x", latitude: 1, longitude: 1))
        registry.add(Location(id: "x", name: "Declared", latitude: 1.01, longitude: 1, declared: true))
        #expect(registry.locations.count == 1 && registry.location(id: "x")?.name == "Declared")
    }

    @Test func coordinateIDs() {
        #expect(LocationRegistry.coordinateID(latitude: 51.5085, longitude: -0.1257) == "51.51N_0.13W")
        #expect(LocationRegistry.coordinateID(latitude: -33.8679, longitude: 151.2073) == "33.87S_151.21E")
        #expect(LocationRegistry.coordinateID(latitude: 42.9832406, longitude: -81.243372) == "42.98N_81.24W")
        #expect(LocationRegistry.coordinateID(latitude: 10, longitude: 20) == "10N_20E")
        // A value that rounds to zero has no hemisphere to name: N and E.
        #expect(LocationRegistry.coordinateID(latitude: -0.001, longitude: -0.004) == "0N_0E")
    }

    @Test func twoNewPlacesWithTheSameRoundedNameGetASuffix() {
        var registry = LocationRegistry(defaultRadiusKm: 0.1)
        #expect(registry.resolve(latitude: 10.001, longitude: 10.001).id == "10N_10E")
        // 0.6 km away: outside the 0.1 km radius, and the same name at 2 decimals.
        #expect(registry.resolve(latitude: 10.004, longitude: 9.996).id == "10N_10E-2")
        #expect(registry.resolve(latitude: 9.998, longitude: 10.004).id == "10N_10E-3")
    }

    @Test func coordinateNamesAndZoneCities() {
        for name in ["51.51N_0.13W", "33.87S_151.21E", "10N_10E-2", "0N_0E"] { #expect(LocationRegistry.isCoordinateName(name), "\(name)") }
        for name in ["London", "51.51N", "51.51X_0.13W", "51.51N_0.13W-x", "N_E", ""] {
            #expect(!LocationRegistry.isCoordinateName(name), "\(name)")
        }
        #expect(LocationRegistry.cityName(ofZone: "Europe/Berlin") == "Berlin")
        #expect(LocationRegistry.cityName(ofZone: "America/Argentina/Buenos_Aires") == "Buenos Aires")
        #expect(LocationRegistry.cityName(ofZone: "Etc/GMT+5") == nil)
        #expect(LocationRegistry.cityName(ofZone: "UTC") == nil && LocationRegistry.cityName(ofZone: nil) == nil)
    }

    @Test func whichNamesALocationTakes() {
        let unnamed = Location(id: "a", latitude: 1, longitude: 1)
        #expect(unnamed.acceptsName("Anywhere") && !unnamed.acceptsName("") && !unnamed.acceptsName(nil))
        let byCoordinates = Location(id: "1N_1E", name: "1N_1E", latitude: 1, longitude: 1)
        #expect(byCoordinates.acceptsName("Real Place") && !byCoordinates.acceptsName("2N_2E"))
        // A real name is never replaced, and a declared location keeps the pipeline's name.
        let named = Location(id: "b", name: "Londres", latitude: 1, longitude: 1)
        #expect(!named.acceptsName("London"))
        #expect(!Self.london.acceptsName("City of London"))
        let declaredByCoordinates = Location(id: "c", name: "1N_1E", latitude: 1, longitude: 1, declared: true)
        #expect(!declaredByCoordinates.acceptsName("Real Place"))
    }
}
