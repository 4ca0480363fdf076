import WeatherCore
import WeatherProviders

/// The settings of one input that change the records its documents give (today the units of
/// OpenWeatherMap bodies). Their `fingerprint` is stored with each source: the skip key is the
/// input's content hash together with it, so the same bytes read with other settings are
/// ingested again and replace the earlier reading.
///
/// To add a setting (role, file time zone, issue-time source, envelope mapping, strict values):
/// add a property, append one entry to `entries`, and pass it on in `decodeContext`. An entry
/// whose value is the default is left out of the fingerprint, so adding a setting does not
/// change the fingerprint of inputs that do not use it (and does not re-ingest them).
public struct IngestSettings: Sendable, Equatable, Hashable {
    /// Units of OpenWeatherMap bodies that do not state them; nil: the decoders' rule.
    public var units: UnitSystem?

    public init(units: UnitSystem? = nil) {
        self.units = units
    }

    /// Every setting as `(name, value)`, in a fixed order; nil for a setting left at its default.
    /// Append new settings at the end.
    var entries: [(name: String, value: String?)] {
        [("units", units?.rawValue)]
    }

    /// A stable text naming every setting that is not at its default, `name=value` joined by
    /// `;` in the order of `entries` (`units=metric`); empty when all are defaults. Readable in
    /// the `sources` table, and equal for equal settings on every machine and in every version.
    public var fingerprint: String {
        entries.compactMap { entry in entry.value.map { "\(entry.name)=\(IngestSettings.escape($0))" } }.joined(separator: ";")
    }

    /// The decoders' view of these settings for one document.
    func decodeContext(sourceName: String, modifiedAt: Int64?, ingestTime: Int64) -> DecodeContext {
        DecodeContext(owmUnits: units, sourceName: sourceName, modifiedAt: modifiedAt, ingestTime: ingestTime)
    }

    /// Values are user text (a zone name, a key path): `;`, `=` and `\` are escaped so that two
    /// different settings never give the same fingerprint.
    static func escape(_ value: String) -> String {
        var out = ""
        for c in value {
            if c == "\\" || c == ";" || c == "=" { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
