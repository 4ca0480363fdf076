/// What the records of a product are, as the decoder that emits them declares it.
public enum ProductRole: String, Sendable, CaseIterable {
    /// Observations of what happened (a station, a current-weather reply, a history or reanalysis
    /// product): the truth by default.
    case observed
    /// Observations that are the current block of a forecast reply: the model's own estimate of
    /// "now", made by the same run as the forecast beside it; stored, never the truth by default.
    case nowcast
    /// Forecasts.
    case forecast
}

/// One product a decoder emits, declared beside the decoder in its provider's folder
/// (`FormatDecoder.products`): its role, its standing as truth and the settings it reads.
///
/// `truthPriority` breaks ties between observed products whose days are covered alike (lower
/// first; docs/VERIFICATION.md, "What is truth"). The values are spaced so that a new product
/// slots in without renumbering: station observations 10–29 (quality-controlled before raw
/// reports of the same station), station-backed analyses 30–39, history products 40–59,
/// reanalyses 60 and later.
public struct ProductDeclaration: Sendable, Hashable {
    public var feed: Feed
    public var role: ProductRole
    /// Observed products only: the rank among observed products when coverage ties.
    public var truthPriority: Int?
    /// The input settings (`IngestSettings` entries, by pipeline key: `units`, `nws_qc_accept`)
    /// that change this product's records beyond those every format reads.
    public var settings: [String]

    public init(provider: String, product: String, role: ProductRole, truthPriority: Int? = nil, settings: [String] = []) {
        self.feed = Feed(provider: provider, product: product)
        self.role = role
        self.truthPriority = truthPriority
        self.settings = settings
    }

    /// Observations that report what happened, ranked `truthPriority` among them.
    public static func observed(_ provider: String, _ product: String, truthPriority: Int, settings: [String] = []) -> ProductDeclaration {
        ProductDeclaration(provider: provider, product: product, role: .observed, truthPriority: truthPriority, settings: settings)
    }

    /// The current block of a forecast reply.
    public static func nowcast(_ provider: String, _ product: String, settings: [String] = []) -> ProductDeclaration {
        ProductDeclaration(provider: provider, product: product, role: .nowcast, settings: settings)
    }

    public static func forecast(_ provider: String, _ product: String, settings: [String] = []) -> ProductDeclaration {
        ProductDeclaration(provider: provider, product: product, role: .forecast, settings: settings)
    }
}

/// Every declared product, as the stages that need provider knowledge read it: ingest decides
/// observation roles with it, the aggregate ranks truth sources with it. The providers fill it
/// (`ProductCatalog.standard` in WeatherProviders, from the registered decoders); the pipeline
/// hands it to the analytics (`AggregateOptions.products`), so neither module imports the other.
public struct ProductCatalog: Sendable, Equatable {
    public let declarations: [ProductDeclaration]
    private let nowcasts: Set<Feed>
    private let priorities: [Feed: Int]

    public init(_ declarations: [ProductDeclaration] = []) {
        self.declarations = declarations
        nowcasts = Set(declarations.filter { $0.role == .nowcast }.map(\.feed))
        var priorities: [Feed: Int] = [:]
        for d in declarations { if let p = d.truthPriority { priorities[d.feed] = min(priorities[d.feed] ?? p, p) } }
        self.priorities = priorities
    }

    public static func == (a: ProductCatalog, b: ProductCatalog) -> Bool { a.declarations == b.declarations }

    public var isEmpty: Bool { declarations.isEmpty }

    /// The role of an observation of `provider`'s `product`: `nowcast` when that product is
    /// declared so, else `observed` (a product none declares reports what happened, as
    /// Open-Meteo archive models `archive:era5` do).
    public func observationRole(provider: String, product: String) -> ObservationRole {
        nowcasts.contains(Feed(provider: provider, product: product)) ? .nowcast : .observed
    }

    /// The declared truth priority of `provider`'s `product` (exactly that product); nil when none is declared.
    public func truthPriority(provider: String, product: String) -> Int? {
        priorities[Feed(provider: provider, product: product)]
    }

    /// The observed products, best truth first.
    public var truthOrder: [Feed] {
        priorities.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map(\.key)
    }
}
