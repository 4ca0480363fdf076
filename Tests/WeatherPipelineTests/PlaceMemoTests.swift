import Testing
import WeatherCore
@testable import WeatherPipeline

/// The writer reuses what a place resolved to only while the registry is unchanged: a location
/// added since (nearer, or declared) must be seen by the next record.
@Suite struct PlaceMemoTests {
    let london = PlaceInfo(latitude: 51.5, longitude: -0.12, name: "London", country: "GB")

    @Test func anEntryHoldsOnlyForItsRevision() {
        var memo = PlaceMemo()
        memo.remember(london, id: "london", revision: 3)
        #expect(memo.id(of: london, revision: 3) == "london")
        #expect(memo.id(of: london, revision: 4) == nil)
        var renamed = london
        renamed.name = "Londres"
        #expect(memo.id(of: renamed, revision: 3) == nil)
        memo.remember(renamed, id: "london", revision: 4)
        #expect(memo.id(of: london, revision: 4) == nil)  // entries of the earlier revision are gone
    }

    @Test func aFullMemoStartsAgainAndPlacesAtOnePointReplaceEachOther() {
        var memo = PlaceMemo()
        let places = (0...PlaceMemo.capacity).map { PlaceInfo(latitude: Double($0), longitude: 0) }
        for (k, p) in places.enumerated() { memo.remember(p, id: "p\(k)", revision: 0) }
        #expect(memo.id(of: places[0], revision: 0) == nil)
        #expect(memo.id(of: places[PlaceMemo.capacity], revision: 0) == "p\(PlaceMemo.capacity)")
        var named = places[PlaceMemo.capacity]
        named.name = "Somewhere"
        #expect(memo.id(of: named, revision: 0) == nil)  // same point, other place
        memo.remember(named, id: "s", revision: 0)
        #expect(memo.id(of: named, revision: 0) == "s")
        #expect(memo.id(of: places[PlaceMemo.capacity], revision: 0) == nil)
    }

    @Test func addingALocationChangesTheRevision() {
        var registry = LocationRegistry()
        let before = registry.revision
        _ = registry.resolve(latitude: 51.5, longitude: -0.12)  // creates
        let afterCreate = registry.revision
        #expect(afterCreate != before)
        _ = registry.resolve(latitude: 51.5, longitude: -0.12)  // finds: no change
        #expect(registry.revision == afterCreate)
        registry.add(Location(id: "home", latitude: 51.51, longitude: -0.12))
        #expect(registry.revision != afterCreate)
    }
}
