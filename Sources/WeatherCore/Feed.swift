/// One stream of records as the store keys it (`feeds`): a provider's product, and where they
/// apply the forecast model (multi-model Open-Meteo replies), the forecast period and the
/// reporting station. Two records of one feed are comparable; two feeds are never mixed.
///
/// `productName` and `name` are the one way a feed is written for people and settings
/// (`reference`, `compare`, `pairing`, `daily_observed.truth_source`).
public struct Feed: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var provider: String
    public var product: String
    /// The forecast model (`icon_d2`); nil for a reply's only model and for observations.
    public var model: String?
    /// The forecast period; nil for observations.
    public var period: ForecastPeriod?
    /// The station id (`KNYC`) of station observations; nil otherwise.
    public var station: String?

    public init(provider: String, product: String, model: String? = nil, period: ForecastPeriod? = nil, station: String? = nil) {
        self.provider = provider
        self.product = product
        self.model = model
        self.period = period
        self.station = station
    }

    /// `provider/product` (`openweathermap/current`): the product, whatever its model, period or station.
    public var productName: String { provider + "/" + product }

    /// `provider/product`, or `provider/product/model` for one model of a multi-model reply
    /// (`open-meteo/forecast/icon_d2`), as `compare` names forecast sources.
    public var name: String { model.map { productName + "/" + $0 } ?? productName }

    public var description: String { name }

    /// The product before a `:`: Open-Meteo archive models (`archive:era5`) are products of
    /// `archive`, and answer to its name.
    public var baseProduct: String {
        guard let colon = product.firstIndex(of: ":") else { return product }
        return String(product[..<colon])
    }

    /// The feed of the product alone (no model, period or station): what products are declared as.
    public var productFeed: Feed { Feed(provider: provider, product: product) }

    public static func < (a: Feed, b: Feed) -> Bool {
        (a.provider, a.product, a.model ?? "", a.period?.rawValue ?? "", a.station ?? "")
            < (b.provider, b.product, b.model ?? "", b.period?.rawValue ?? "", b.station ?? "")
    }
}

extension Observation {
    /// The observation's feed: its provider's product and, for station observations, the station.
    public var feed: Feed { Feed(provider: provider, product: product, station: stationID) }
}

extension Forecast {
    /// The forecast's feed: its provider's product, model and period.
    public var feed: Feed { Feed(provider: provider, product: product, model: model, period: period) }
}
