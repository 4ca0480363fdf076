import Testing
import WeatherCore

/// `Feed`: the one way a provider's product, model, period and station are named and compared.
struct FeedTests {
    @Test func namesAreProviderSlashProductAndModel() {
        let current = Feed(provider: "openweathermap", product: "current")
        #expect(current.productName == "openweathermap/current" && current.name == "openweathermap/current")
        #expect("\(current)" == "openweathermap/current")
        let icon = Feed(provider: "open-meteo", product: "forecast", model: "icon_d2", period: .hour)
        #expect(icon.productName == "open-meteo/forecast" && icon.name == "open-meteo/forecast/icon_d2" && icon.description == icon.name)
        let station = Feed(provider: "nws", product: "observations", station: "KNYC")
        #expect(station.name == "nws/observations", "the station is not part of the name")
        #expect(icon.productFeed == Feed(provider: "open-meteo", product: "forecast"))
    }

    @Test func archiveModelsBelongToTheirBaseProduct() {
        #expect(Feed(provider: "open-meteo", product: "archive:era5").baseProduct == "archive")
        #expect(Feed(provider: "open-meteo", product: "archive").baseProduct == "archive")
    }

    @Test func recordsKnowTheirFeed() {
        var o = Observation(provider: "metar", product: "observations", observedAt: 0, latitude: 1, longitude: 2)
        o.stationID = "KLGA"
        #expect(o.feed == Feed(provider: "metar", product: "observations", station: "KLGA"))
        var f = Forecast(provider: "open-meteo", product: "forecast", latitude: 1, longitude: 2, issuedAt: 0, issuedAtSource: .body,
                         period: .day, validFrom: 0, validTo: 86400)
        f.model = "gfs_seamless"
        #expect(f.feed == Feed(provider: "open-meteo", product: "forecast", model: "gfs_seamless", period: .day))
        #expect(f.feed.name == "open-meteo/forecast/gfs_seamless")
    }

    @Test func feedsOrderByProviderProductModelPeriodStation() {
        let feeds = [Feed(provider: "b", product: "a"), Feed(provider: "a", product: "b", model: "m"), Feed(provider: "a", product: "b"),
                     Feed(provider: "a", product: "a", station: "K")]
        #expect(feeds.sorted().map { "\($0.name) \($0.station ?? "")" } == ["a/a K", "a/b ", "a/b/m ", "b/a "])
    }
}
