import WeatherAnalytics
import WeatherCore
import WeatherProviders

extension AggregateOptions {
    /// These options with what the registered decoders declare of their products
    /// (`ProductCatalog.standard`), unless the caller gave a catalogue: the analytics read
    /// provider knowledge as data and never import the providers.
    var withDeclaredProducts: AggregateOptions {
        guard products.isEmpty else { return self }
        var options = self
        options.products = .standard
        return options
    }
}
