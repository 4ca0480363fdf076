import Foundation
import Testing
import WeatherCore
@testable import WeatherProviders

/// What each decoder declares of its products (`FormatDecoder.products`), read by ingest for
/// observation roles and by the aggregate for truth priorities (`ProductCatalog.standard`).
struct ProductDeclarationTests {
    static let declarations = ProductCatalog.standard.declarations

    @Test func theStandardCatalogueIsEveryRegisteredDecodersProducts() {
        #expect(ProductCatalog.standard.declarations == DecoderRegistry.standard.decoders.flatMap(\.products))
        #expect(!ProductCatalog.standard.isEmpty)
    }

    /// A format emits its own product (`openweathermap/current` emits `current`), unless it emits
    /// no records at all (places, error bodies).
    @Test func everyFormatThatEmitsRecordsDeclaresItsOwnProduct() {
        for decoder in DecoderRegistry.standard.decoders where !decoder.products.isEmpty {
            #expect(decoder.products.contains { $0.feed.productName == decoder.format }, "\(decoder.format)")
        }
        let silent = DecoderRegistry.standard.decoders.filter(\.products.isEmpty).map(\.format)
        #expect(silent.contains("openweathermap/geocoding") && silent.contains("nws/problem"))
    }

    @Test func everyObservedProductHasATruthPriorityAndNoOtherDoes() {
        for d in Self.declarations {
            #expect((d.role == .observed) == (d.truthPriority != nil), "\(d.feed) \(d.role)")
        }
    }

    @Test func noTwoProductsShareATruthPriority() {
        let priorities = Self.declarations.compactMap(\.truthPriority)
        #expect(Set(priorities).count == priorities.count, "\(priorities.sorted())")
    }

    /// A product is declared once per role, and its observations are either truth or nowcasts.
    @Test func eachProductIsDeclaredOncePerRoleAndObservationsHaveOneRole() {
        let keys = Self.declarations.map { "\($0.feed) \($0.role)" }
        #expect(Set(keys).count == keys.count, "\(keys)")
        let observed = Set(Self.declarations.filter { $0.role == .observed }.map(\.feed))
        let nowcast = Set(Self.declarations.filter { $0.role == .nowcast }.map(\.feed))
        #expect(observed.isDisjoint(with: nowcast))
    }

    @Test func declaredSettingsAreInputSettings() {
        let names = Set(IngestSettings().entries.map(\.name))
        for d in Self.declarations {
            for setting in d.settings { #expect(names.contains(setting), "\(d.feed): \(setting)") }
        }
    }

    /// Today's ranking, pinned: station observations (NWS quality-controlled, then METAR), OWM
    /// current weather, the history products, the Open-Meteo archive. A new provider's products
    /// may come anywhere among them (this test needs no edit for one); these keep their order.
    @Test func truthOrderAndNowcastsAreTheDocumentedOnes() {
        let documented = ["nws/observations", "metar/observations", "openweathermap/current", "openweathermap/timemachine",
                          "darksky/timemachine", "open-meteo/archive"]
        #expect(ProductCatalog.standard.truthOrder.map(\.productName).filter(documented.contains) == documented)
        let nowcasts = Set(Self.declarations.filter { $0.role == .nowcast }.map(\.feed.productName))
        #expect(nowcasts.isSuperset(of: ["darksky/forecast", "open-meteo/forecast", "openweathermap/onecall", "weatherkit/weather"]))
        #expect(ObservationRole.decide(provider: "openweathermap", product: "onecall") == .nowcast)
        #expect(ObservationRole.decide(provider: "openweathermap", product: "current") == .observed)
        #expect(ObservationRole.decide(provider: "open-meteo", product: "archive:era5") == .observed)
        #expect(ObservationRole.decide(provider: "open-meteo", product: "forecast", declared: .observed) == .observed)
    }

    /// Every record the shipped replies decode into belongs to a declared product, in its role:
    /// observations to an observed or nowcast product (Open-Meteo archive models `archive:era5`
    /// to `archive`), forecasts to a forecast product.
    @Test func everyDecodedRecordIsOfADeclaredProductInItsRole() throws {
        var seen = Set<String>()
        for file in try jsonFilesByFolder(in: providerFixtures) {
            let bytes = try sample(file)
            guard case .success(let doc) = DocumentDecoder.decode(bytes, context: DecodeContext(sourceName: file)) else { continue }
            for o in doc.observations {
                let feed = Feed(provider: o.provider, product: o.feed.baseProduct)
                let role = Self.declarations.first { $0.feed == feed && $0.role != .forecast }?.role
                #expect(role != nil, "\(file): observations of \(o.feed) are not declared")
                #expect(role.map { $0.rawValue } == ObservationRole.decide(provider: o.provider, product: o.product).rawValue, "\(file)")
                seen.insert("\(feed) \(role?.rawValue ?? "-")")
            }
            for f in doc.forecasts {
                let declared = Self.declarations.contains { $0.feed == f.feed.productFeed && $0.role == .forecast }
                #expect(declared, "\(file): forecasts of \(f.feed.productName) are not declared")
                seen.insert("\(f.feed.productName) forecast")
            }
        }
        #expect(seen.count >= 10, "\(seen.sorted())")
    }
}
