import Testing
import WeatherCore
@testable import WeatherAnalytics

/// `TruthSources` breaks coverage ties by the truth priorities the products declare
/// (`ProductCatalog`, filled from the decoders by the pipeline), never by a list of its own.
struct TruthPriorityTests {
    static let current = SourceName(provider: "openweathermap", product: "current")
    static let archive = SourceName(provider: "open-meteo", product: "archive")
    static let history = SourceName(provider: "darksky", product: "timemachine")
    static let other = SourceName(provider: "acme", product: "observed")

    func ranking(_ products: ProductCatalog, days: [SourceName: [DailyObserved]]? = nil) -> [SourceName] {
        let tied = [Self.current, Self.archive, Self.history, Self.other].map { ($0, [day("ny", "2024-05-01")]) }
        let t = TruthSources(locationID: "ny", reference: [], allowSelfReference: false,
                             series: [:], days: days ?? Dictionary(uniqueKeysWithValues: tied), products: products)
        return t.ranking["2024-05-01"] ?? []
    }

    @Test func tiedSourcesFollowTheDeclaredPriorities() {
        let declared = ProductCatalog([.observed("openweathermap", "current", truthPriority: 30),
                                       .observed("darksky", "timemachine", truthPriority: 50),
                                       .observed("open-meteo", "archive", truthPriority: 60)])
        #expect(ranking(declared) == [Self.current, Self.history, Self.archive, Self.other], "undeclared products last")
        let reversed = ProductCatalog([.observed("open-meteo", "archive", truthPriority: 10),
                                       .observed("darksky", "timemachine", truthPriority: 20),
                                       .observed("openweathermap", "current", truthPriority: 30)])
        #expect(ranking(reversed) == [Self.archive, Self.history, Self.current, Self.other])
        #expect(ranking(declared).map(\.description) == ["openweathermap/current", "darksky/timemachine", "open-meteo/archive", "acme/observed"])
    }

    /// Nowcast and forecast declarations carry no priority: they do not rank.
    @Test func withoutDeclaredPrioritiesTiedSourcesGoByName() {
        #expect(ranking(ProductCatalog()) == [Self.other, Self.history, Self.archive, Self.current])
        #expect(ranking(ProductCatalog([.nowcast("openweathermap", "current")])) == [Self.other, Self.history, Self.archive, Self.current])
    }

    /// A priority only breaks ties: a complete day of a lower-priority source still wins.
    @Test func coverageComesBeforePriority() {
        let declared = ProductCatalog([.observed("openweathermap", "current", truthPriority: 30),
                                       .observed("open-meteo", "archive", truthPriority: 60)])
        let days = [Self.current: [day("ny", "2024-05-01", complete: false)], Self.archive: [day("ny", "2024-05-01")]]
        #expect(ranking(declared, days: days) == [Self.archive, Self.current])
    }

    /// An Open-Meteo archive model (`archive:era5`) answers to `archive` in `reference`, but ranks
    /// by its own product, which declares no priority (as before priorities were declared).
    @Test func archiveModelsRankAsUndeclaredProducts() {
        let era5 = SourceName(provider: "open-meteo", product: "archive:era5")
        let declared = ProductCatalog([.observed("open-meteo", "archive", truthPriority: 60)])
        let days = [era5: [day("ny", "2024-05-01")], Self.archive: [day("ny", "2024-05-01")]]
        #expect(ranking(declared, days: days) == [Self.archive, era5])
        #expect(era5.isNamed(by: "open-meteo/archive") && era5.isOwn(of: "open-meteo", "archive"))
        // Own means the same provider and the product before its colon, exactly.
        #expect(!era5.isOwn(of: "open-meteo", "arch") && !era5.isOwn(of: "open-meteo", "archive:era5")
                && !era5.isOwn(of: "open-meteo", "archive:") && !era5.isOwn(of: "meteo", "archive"))
        let plain = SourceName(provider: "openweathermap", product: "current")
        #expect(plain.isOwn(of: "openweathermap", "current") && !plain.isOwn(of: "openweathermap", "current:x")
                && !plain.isOwn(of: "openweathermap", "curren"))
    }

    /// The aggregate's truth reads `AggregateOptions.products`.
    @Test func theAggregateReadsTheCatalogueFromItsOptions() {
        var options = AggregateOptions()
        options.products = ProductCatalog([.observed("open-meteo", "archive", truthPriority: 1), .observed("openweathermap", "current", truthPriority: 2)])
        let points = hourly(from: "2024-05-01T00:00:00Z", hours: 24)
        let observations = [Self.current, Self.archive].flatMap { source in
            points.map { TruthObservation(source: source, role: .observed, point: $0) }
        }
        let t = TruthSources(locationID: "x", observations: observations, options: options, rule: ZoneRule(zone: "UTC"))
        #expect(t.ranking["2024-05-01"] == [Self.archive, Self.current])
        #expect(t.dailyTruth.first?.truthSource == "open-meteo/archive")
    }
}

/// Two stations of equal standing: a climate report's day (reported extremes, no hours) comes
/// before a day rebuilt from hourly readings, though the readings cover more hours.
struct ReportedDayPreferenceTests {
    @Test func aReportedDayComesBeforeHourlyReadingsOfEqualStanding() {
        let cli = SourceName(provider: "iem", product: "cli", station: "KDSM")
        let metar = SourceName(provider: "metar", product: "observations", station: "KDSM")
        var hourly = day("dsm", "2024-04-02", max: 18.3, min: 5)
        hourly.truthBasis = TruthBasis.hourly.rawValue
        var reported = day("dsm", "2024-04-02", max: 18.9, min: 4.4)
        (reported.truthBasis, reported.hoursCovered, reported.nObs) = (TruthBasis.dailySummary.rawValue, 0, 1)
        let products = ProductCatalog([.observed("metar", "observations", truthPriority: 20), .observed("iem", "cli", truthPriority: 11)])
        for (cliKm, metarKm) in [(1.0, 1.0), (0.0, 0.0)] {
            let t = TruthSources(locationID: "dsm", reference: [], allowSelfReference: false, series: [:],
                                 days: [metar: [hourly], cli: [reported]], distanceKm: [cli: cliKm, metar: metarKm], products: products)
            #expect(t.ranking["2024-04-02"] == [cli, metar])
            #expect(t.dailyTruth.first?.tempMaxC == 18.9 && t.dailyTruth.first?.truthBasis == "daily_summary")
        }
        // Standing still comes first: the nearer station's readings win over a farther report.
        let t = TruthSources(locationID: "dsm", reference: [], allowSelfReference: false, series: [:],
                             days: [metar: [hourly], cli: [reported]], distanceKm: [cli: 30, metar: 1], products: products)
        #expect(t.ranking["2024-04-02"] == [metar, cli])
    }
}
