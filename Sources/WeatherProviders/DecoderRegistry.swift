import WeatherJSON

/// The formats wxpipe reads, as an ordered list that `DocumentDecoder` asks in turn.
///
/// Order is detection precedence: the first decoder that says `yes` wins, so a narrower shape
/// goes before a broader one it could be mistaken for.
struct DecoderRegistry: Sendable {
    private(set) var decoders: [any FormatDecoder]
    /// Formats from format files (docs/FORMATS.md), asked only when no built-in decoder
    /// recognises a body: a format file cannot take replies from the decoder written for them.
    private(set) var declared: [any FormatDecoder] = []
    /// Each decoder's `detectionKeys`, beside it: read without opening the decoder's existential.
    private var keys: DetectionKeyTable

    init(_ decoders: [any FormatDecoder]) {
        self.decoders = decoders
        keys = DetectionKeyTable(decoders.map(\.detectionKeys))
    }

    /// This registry with an input's declared formats after its decoders, in the order given.
    func declaring(_ formats: [DeclaredFormat]) -> DecoderRegistry {
        var registry = self
        registry.declared = formats.map(DeclaredFormatDecoder.init)
        return registry
    }

    /// Every provider format, one line each.
    static let standard = DecoderRegistry([
        NCEIAccessDecoder(),     // bare arrays of rows with DATE and STATION: before AccuWeather's and geocoding's arrays
        NCEICDODecoder(),
        IEMObHistoryDecoder(),
        IEMDailyDecoder(),
        IEMCLIDecoder(),
        ACISStnDataDecoder(),
        ACISMultiStnDataDecoder(),
        MeteostatDecoder(),      // `meta` with `data`: before Weatherbit's and One Call's `data`
        SynopticDecoder(),
        AmbientDecoder(),        // bare arrays of devices or dateutc readings; {"error"} naming apiKey: before Weatherbit's {"error"}
        AccuWeatherDecoder(),    // bare arrays of hours or conditions with Epoch* keys: before geocoding's top-level arrays
        OWMGeocodingDecoder(),   // top-level arrays and bare place objects: before anything keyed by lat/lon
        OWMCurrentDecoder(),
        OWMForecast5Decoder(),
        WeatherbitDecoder(),     // `data` beside `lat`/`lon`: before One Call history 3.0
        MeteosourceDecoder(),    // `data` beside `lat`/`lon` strings: before One Call history 3.0
        TomorrowIODecoder(),
        BrightSkyDecoder(),
        VisualCrossingDecoder(),
        MetOfficeDecoder(),      // a GeoJSON FeatureCollection: before the NWS decoders
        TWCDecoder(),
        OpenMeteoDecoder(),
        OWMOneCallDecoder(),
        PirateWeatherDecoder(),  // Dark Sky's format with Pirate-only flags and fields: before Dark Sky
        DarkSkyDecoder(),
        WeatherKitDecoder(),
        NetatmoDecoder(),        // {"error": {"code" < 1000, "message"}}: before WeatherAPI.com's four-digit codes
        WeatherAPIDecoder(),
        METNorwayDecoder(),
        NWSProblemDecoder(),     // api.weather.gov problem+json error bodies → provider_error
        NWSObservationDecoder(),
        NWSForecastDecoder(),
        METARDecoder(),
        WUPWSDecoder(),
        EcowittDecoder(),
    ])

    /// Adds a decoder at the end, or just before the decoder of format `before`.
    mutating func register(_ decoder: any FormatDecoder, before format: String? = nil) {
        if let format, let i = decoders.firstIndex(where: { $0.format == format }) {
            decoders.insert(decoder, at: i)
            keys.insert(decoder.detectionKeys, at: i)
        } else {
            decoders.append(decoder)
            keys.append(decoder.detectionKeys)
        }
    }

    /// The decoder for `body`: the first that says `yes`, else the most confident `likely`
    /// (earlier wins a tie), else the first declared format that matches, else nil. A decoder
    /// whose `detectionKeys` the body lacks is not asked: it would say `no`.
    func decoder(for body: JSONValue) -> (any FormatDecoder)? {
        builtIn(for: body, usingKeys: true) ?? declared.first { $0.detect(body) == .yes }
    }

    /// `usingKeys: false` asks every decoder, for the tests that hold the keys to what the
    /// decoders' `detect` says.
    func builtIn(for body: JSONValue, usingKeys: Bool) -> (any FormatDecoder)? {
        var best: (index: Int, confidence: Double)?
        var found: Int?
        let ask = { (i: Int) -> Bool in
            switch decoders[i].detect(body) {
            case .yes: found = i; return true
            case .likely(let c): if c > (best?.confidence ?? 0) { best = (i, c) }
            case .no: break
            }
            return false
        }
        if usingKeys {
            keys.forEachAdmitted(body, ask)
        } else {
            for i in decoders.indices where ask(i) { break }
        }
        return (found ?? best?.index).map { decoders[$0] }
    }

    var formats: [String] { decoders.map(\.format) }
}
