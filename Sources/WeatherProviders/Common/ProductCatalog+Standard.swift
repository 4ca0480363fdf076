import WeatherCore

extension ProductCatalog {
    /// The products of every registered format (`DecoderRegistry.standard`), as each decoder
    /// declares them in its provider's folder: what ingest and the aggregate know of providers.
    public static let standard = ProductCatalog(DecoderRegistry.standard.decoders.flatMap(\.products))
}

extension ObservationRole {
    /// The role of an observation of this provider and product: `declared` when the input says
    /// (a pipeline input's `"role"`), else as its format declares the product
    /// (`ProductCatalog.observationRole`: nowcast for the current block of a forecast reply,
    /// observed for everything else).
    public static func decide(provider: String, product: String, declared: ObservationRole? = nil) -> ObservationRole {
        if let declared { return declared }
        return ProductCatalog.standard.observationRole(provider: provider, product: product)
    }
}
