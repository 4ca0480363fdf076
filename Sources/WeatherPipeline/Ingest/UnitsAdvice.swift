import WeatherCore

/// What the summary says when an input looks read with the wrong units: most of its rejects
/// are implausible values under the units assumed, and decode under another system. The fix
/// is named, because the store re-ingests an input read with other settings.
public struct UnitsAdvice: Sendable, Equatable {
    /// The input as given (a file or a folder).
    public var input: String
    /// The units the input was read with: `--units` (or the input's `units`), nil when none was
    /// given and each format read its own default (Kelvin for OpenWeatherMap, US units for
    /// Visual Crossing, metric for Tomorrow.io, …).
    public var assumed: UnitSystem?
    /// The formats of the rejects that decode under other units, counted: what the default was.
    public var formats: [String: Int] = [:]
    public var documents = 0
    public var rejected = 0
    /// Rejected documents that decode under another unit system, by that system.
    public var decodesUnder: [UnitSystem: Int] = [:]

    public init(input: String, assumed: UnitSystem?) {
        self.input = input
        self.assumed = assumed
    }

    /// Adds the counts of one more source of the same input.
    mutating func add(_ other: UnitsAdvice) {
        documents += other.documents
        rejected += other.rejected
        for (units, n) in other.decodesUnder { decodesUnder[units, default: 0] += n }
        for (format, n) in other.formats { formats[format, default: 0] += n }
    }

    /// The system most rejects decode under, when that is more than half of the input's rejects.
    public var suggested: (units: UnitSystem, documents: Int)? {
        let best = decodesUnder.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.rawValue < $1.key.rawValue }.first
        guard let best, rejected > 0, best.value * 2 > rejected else { return nil }
        return (best.key, best.value)
    }

    /// "147 of 150 documents in archive/ look like metric, not Kelvin: …", or nil.
    public var message: String? {
        guard let (units, n) = suggested else { return nil }
        return "\(n) of \(documents) documents in \(Sanitize.printable(input)) look like \(UnitsAdvice.name(units)), "
            + "not \(assumedName): ingest with --units \(units.rawValue) (in a pipeline file: \"units\": "
            + "\"\(units.rawValue)\" on this input); the store will re-ingest them"
    }

    /// What the values were read as: the units given, else the formats' default — Kelvin when
    /// they are all OpenWeatherMap's, else "the provider's default units".
    var assumedName: String {
        if let assumed { return UnitsAdvice.name(assumed) }
        return !formats.isEmpty && formats.keys.allSatisfy { $0.hasPrefix("openweathermap/") } || formats.isEmpty
            ? UnitsAdvice.name(.standard) : "the provider's default units"
    }

    static func name(_ units: UnitSystem) -> String {
        units == .standard ? "Kelvin" : units.rawValue
    }
}
