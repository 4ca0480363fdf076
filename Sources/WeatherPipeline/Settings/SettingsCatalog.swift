import WeatherAnalytics
import WeatherCore
import WeatherProviders

/// Every setting of wxpipe, declared once: the pipeline file (`PipelineFile`), the commands
/// (`ingest`, `aggregate`), `--help` and docs/SETTINGS.md are read from these two tables.
///
/// A setting is a pipeline key and the flag of the same name (`daily_min_coverage` ⇔
/// `--daily-min-coverage`); to add one, add its property with its default to `IngestSettings`
/// or `AggregateOptions` and one entry here, then regenerate docs/SETTINGS.md.
public enum SettingsCatalog {
    /// The settings of one input: an input object's keys in a pipeline file, `ingest`'s options.
    public static let input: [Setting<IngestSettings>] = [
        .choice("units", \.units, UnitSystem.allCases.map { ($0.rawValue, Optional($0)) }, value: "SYSTEM",
                defaultText: UnitSystem.standard.rawValue,
                help: "Units of OpenWeatherMap bodies whose envelope has no URL: standard (Kelvin), metric or imperial."),
        .choice("role", \.role, [("observed", .observed), ("forecast", .forecast), ("auto", .auto)], aliases: [("nowcast", .forecast)],
                value: "ROLE", defaultText: IngestSettings.defaults.role.rawValue,
                help: "observed (every time step is truth, e.g. a past_days folder), forecast, or auto (by format)."),
        .text("file_time_zone", \.fileTimeZone, value: "ZONE", range: "an IANA time zone", defaultText: "UTC",
              help: "IANA zone of wall-clock times in file names, e.g. America/New_York.",
              rule: "must be an IANA time zone known here", example: "America/New_York", refused: "Mars/Olympus") {
            LocalTime.isKnownZone($0) ? $0 : nil
        },
        .choice("issued_at", \.issuedAtSource, [("file_name", .fileName), ("mtime", .modificationTime), ("envelope", .envelope), ("body", .body)],
                value: "SOURCE", defaultText: "envelope, body, file name, mtime",
                help: "The one source of issue times: file_name, mtime, envelope or body."),
        envelope("body", value: "PATH", defaultText: "recognised by shape",
                 help: "Key path of the reply inside the collector's wrapper, e.g. data.", example: "data"),
        envelope("fetched_at", value: "PATH", defaultText: "none", help: "Key path of the fetch time in the wrapper.", example: "fetchedAt"),
        envelope("url", value: "PATH", defaultText: "none", help: "Key path of the request URL in the wrapper.", example: "request.url"),
        .toggle("strict_values", \.strictValues,
                help: "Reject a document for one implausible or mistyped value instead of setting the value aside."),
        .text("nws_qc_accept", \.nwsQCAccept, value: "LETTERS", range: "letters of V, C, S, Z, G, Q, X, B", defaultText: "VCSZG",
              help: "NWS quality-control flags whose values are kept, e.g. VCSZ (X and Q are dropped by default).",
              rule: "must be MADIS QC letters such as VCSZ (from V, C, S, Z, G, Q, X, B)", example: "VCSZ", refused: "VW",
              parse: IngestSettings.parseQCLetters),
        .text("place", \.place, value: "LAT,LON", range: "latitude,longitude in degrees", defaultText: "the reply's own",
              help: "Where this input's replies are for when they say nowhere (AccuWeather, The Weather Company, Tomorrow.io /v4/timelines, Ambient Weather and Ecowitt stations).",
              rule: "must be LAT,LON in degrees, e.g. 40.7143,-74.006", example: "40.7143,-74.006", refused: "north",
              parse: IngestSettings.Place.init),
        .text("station_time_zone", \.stationTimeZone, value: "ZONE", range: "an IANA time zone", defaultText: "the station's location's",
              help: "IANA zone of the stations whose daily summaries this input holds (an ACIS county query) when no declared location gives one.",
              rule: "must be an IANA time zone known here", example: "America/Chicago", refused: "Mars/Olympus") {
            LocalTime.isKnownZone($0) ? $0 : nil
        },
    ]

    /// The rules of the aggregate stage: a pipeline file's top-level keys, `aggregate`'s options.
    public static let aggregate: [Setting<AggregateOptions>] = [
        sources("reference", \.reference, models: false, defaultText: "every observed observation",
                help: "Observations taken as the truth, in priority order."),
        sources("compare", \.compare, models: true, defaultText: "every source",
                help: "Only these forecast sources are scored (provider/product or provider/product/model)."),
        .number("daily_min_coverage", \.dailyMinCoverage, .above(0, atMost: 1), value: "SHARE",
                help: "Share of a day's hours with data for the day to be complete.", deprecatedFlags: ["--min-coverage"],
                example: 0.5, refused: 2),
        .toggle("include_incomplete_days", \.includeIncompleteDays, help: "Pair day forecasts with incomplete days too."),
        .number("match_window_minutes", \.matchWindowMinutes, .above(0, atMost: 720), value: "N",
                help: "Hourly forecasts pair with the nearest observation within N minutes.", example: 45, refused: 721),
        .number("precip_threshold_mm", \.precipThresholdMm, .above(0), value: "MM",
                help: "Precipitation event threshold (amount >= MM).", example: 1, refused: 0),
        .toggle("homogeneous", \.homogeneous, help: "Score only cases (location, target, lead) every compared provider has."),
        .toggle("allow_self_reference", \.allowSelfReference, help: "Let a provider/product be verified against its own observations."),
        issueSelection,
        .number("day_window_tolerance_hours", \.dayWindowToleranceHours, .from(0, to: 12), value: "H",
                help: "How far a day forecast's window may be from the local day.", example: 2.5, refused: 13),
        pairing,
        .number("window_min_coverage", \.windowMinCoverage, .above(0, atMost: 1), value: "SHARE",
                help: "Share of a window's hours with a temperature for a window pair.", example: 0.9, refused: 1.5),
        .choice("elevation_correction", \.elevationCorrection, [("lapse_rate", .lapseRate), ("none", ElevationCorrection.none)],
                value: "MODE", defaultText: ElevationCorrection.none.rawValue,
                help: "lapse_rate: correct forecast temperatures by 6.5 K/km to the truth's elevation, when both elevations are known."),
        .whole("bootstrap_samples", \.bootstrap.samples, 1...100_000, value: "N", help: "Resamples behind every 95 % interval.",
               example: 200, refused: "1.5"),
        .whole("bootstrap_block_days", \.bootstrap.blockLengthDays, 1...365, value: "DAYS",
               help: "Consecutive target dates per bootstrap block.", example: 7, refused: "0"),
        .whole("bootstrap_seed", \.bootstrapSeed, 0...9_007_199_254_740_991, value: "N",
               help: "Seed of the intervals (runs are reproducible).", example: 42, refused: "-1"),
        precipThresholds,
        .number("issue_alignment_hours", \.issueAlignmentHours, .from(0, to: 240), value: "H",
                help: "Compared or ranked sources' issues of one case may differ by at most H hours; other cases are dropped and counted.",
                example: 6, refused: -1),
        .choice("p_adjustment", \.pAdjustment, [("bh", PAdjustment.bh), ("holm", .holm), ("none", .none)], value: "METHOD",
                defaultText: AggregateOptions.defaults.pAdjustment.rawValue,
                help: "How the p-values of a family of comparisons (variable, lead, locations) are adjusted: holm, bh or none."),
    ]

    /// The input setting of `key` (`inspect` reads `units` with it).
    public static func inputSetting(_ key: String) -> Setting<IngestSettings>? { input.first { $0.key == key } }

    /// The keys of both tables, in order.
    public static var keys: [String] { input.map(\.key) + aggregate.map(\.key) }
}

extension IngestSettings: SettingsGroup {
    public static var defaults: IngestSettings { IngestSettings() }
}

extension AggregateOptions: SettingsGroup {
    public static var defaults: AggregateOptions { AggregateOptions() }

    /// `bootstrap.seed` as the whole number a pipeline file can hold exactly (at most 2^53 − 1).
    var bootstrapSeed: Int {
        get { Int(clamping: bootstrap.seed) }
        set { bootstrap.seed = UInt64(newValue) }
    }
}
