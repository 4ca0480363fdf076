// swift-tools-version:6.0
import PackageDescription

/// wxpipe: an offline pipeline for archived weather-API responses.
///
/// Targets follow the stages (see docs/ARCHITECTURE.md); dependencies point one way only:
/// JSON/Core → Ingest/Providers/Store → Pipeline → the `wxpipe` command.
let package = Package(
    name: "wxpipe",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "wxpipe", targets: ["wxpipe"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "WeatherJSON"),
        .target(name: "WeatherCore"),
        .target(name: "WeatherIngest", dependencies: ["WeatherCore", "CZlib"]),
        .target(name: "WeatherProviders", dependencies: ["WeatherCore", "WeatherJSON"]),
        .target(name: "WeatherStore", dependencies: ["WeatherCore", "CSQLite"]),
        .target(name: "WeatherExport", dependencies: ["WeatherCore", "WeatherStore", "CZlib"]),
        .target(name: "WeatherAnalytics", dependencies: ["WeatherCore", "WeatherStore"]),
        .target(name: "WeatherReport", dependencies: ["WeatherCore", "WeatherStore"]),
        .target(name: "WeatherPipeline",
                dependencies: ["WeatherCore", "WeatherJSON", "WeatherIngest", "WeatherProviders", "WeatherStore", "WeatherAnalytics",
                               "WeatherExport", "WeatherReport"]),
        .target(name: "WxpipeCommands", dependencies: ["WeatherPipeline", "WeatherCore", "WeatherAnalytics", "WeatherExport", "WeatherProviders"]),
        .executableTarget(name: "wxpipe", dependencies: ["WxpipeCommands"]),
        .executableTarget(name: "wxbench", dependencies: ["WeatherJSON"]),
        .executableTarget(name: "wxfuzz", dependencies: ["WeatherCore", "WeatherIngest", "WeatherProviders"]),
        // Temporary folders, the built binary, running programs and the Python checks: one copy for every test target.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "WeatherJSONTests", dependencies: ["WeatherJSON"]),
        .testTarget(name: "WeatherCoreTests", dependencies: ["WeatherCore"]),
        .testTarget(name: "WeatherIngestTests", dependencies: ["TestSupport", "WeatherIngest", "WeatherCore"]),
        .testTarget(name: "WeatherProvidersTests", dependencies: ["TestSupport", "WeatherProviders", "WeatherJSON", "WeatherCore"]),
        .testTarget(name: "WeatherStoreTests", dependencies: ["TestSupport", "WeatherStore", "WeatherCore"]),
        .testTarget(name: "WeatherExportTests", dependencies: ["TestSupport", "WeatherExport", "WeatherStore", "WeatherCore"]),
        .testTarget(name: "WxpipeCommandsTests", dependencies: ["TestSupport", "WxpipeCommands", "WeatherPipeline", "WeatherExport", "WeatherAnalytics", "WeatherCore", "WeatherStore", "WeatherProviders"]),
        .testTarget(name: "WeatherPipelineTests", dependencies: ["TestSupport", "WeatherPipeline", "WeatherStore", "WeatherCore", "WeatherIngest", "WeatherExport",
                                                             "WeatherAnalytics"]),
        .testTarget(name: "WeatherAnalyticsTests", dependencies: ["TestSupport", "WeatherAnalytics", "WeatherStore", "WeatherCore"]),
        .testTarget(name: "WeatherReportTests", dependencies: ["TestSupport", "WeatherReport", "WeatherAnalytics", "WeatherStore", "WeatherCore"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "WeatherStore"]),
    ],
    swiftLanguageModes: [.v6]
)
