import WeatherCore

/// The settings of one input that change the records its documents give. Their `fingerprint`
/// is stored with each source: the skip key is the input's content hash together with it, so
/// the same bytes read with other settings are ingested again and replace the earlier reading.
///
/// The decoders read it whole, embedded in `DecodeContext`. To add a setting: add a property,
/// append one entry to `entries` and declare it in the pipeline's `SettingsCatalog`. An entry whose value is the default is left out of the fingerprint, so
/// adding a setting does not change the fingerprint of inputs that do not use it (and does not
/// re-ingest them).
public struct IngestSettings: Sendable, Equatable, Hashable {
    /// Units of OpenWeatherMap bodies that do not state them; nil: the decoders' rule.
    public var units: UnitSystem?
    /// Reject a whole document for one implausible or wrongly typed value (`--strict-values`)
    /// instead of setting the value aside.
    public var strictValues: Bool
    /// Observed, forecast, or decided by shape (a pipeline input's `"role"`, `--role`).
    public var role: DocumentRole
    /// IANA zone of wall-clock times in file names (`"file_time_zone"`, `--file-time-zone`).
    public var fileTimeZone: String?
    /// The one source of issue times, when forced (`"issued_at"`, `--issued-at`).
    public var issuedAtSource: IssueTimeSource?
    /// The collector's own wrapper (`"envelope"`, `--envelope-body` …).
    public var envelope: EnvelopeMapping?
    /// NWS quality-control letters whose values are kept (`"nws_qc_accept"`, `--nws-qc-accept`);
    /// nil: the decoder's default (V, C, S, Z, G).
    public var nwsQCAccept: Set<String>?
    /// Where this input's replies are for when they say nowhere themselves (`"place"`,
    /// `--place LAT,LON`): AccuWeather, The Weather Company and Tomorrow.io's `/v4/timelines`
    /// are asked by location key or coordinates and echo neither; an Ambient Weather device
    /// whose owner set no coordinates and Ecowitt's realtime and history replies name none. A
    /// reply's own place, or its envelope URL's, wins.
    public var place: Place?
    /// The pipeline's declared stations (locations with a `station`), set by the ingest runner
    /// for every input: station archives that name only a station are placed by it.
    public var stations: StationDirectory?
    /// The zone of the stations whose daily summaries this input holds when no declared location
    /// gives one (`"station_time_zone"`, `--station-time-zone`): a day's window needs it.
    public var stationTimeZone: String?
    /// Shapes no built-in decoder knows, from format files (`"formats"`, `--format-file`;
    /// docs/FORMATS.md), read after the built-in decoders in the order given.
    public var formats: [DeclaredFormat]

    /// Coordinates in degrees.
    public struct Place: Sendable, Hashable {
        public var latitude: Double
        public var longitude: Double

        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }

        /// `LAT,LON` in degrees, within ±90 and ±180; nil otherwise.
        public init?(_ text: String) {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.filter { $0 != " " } }
            guard parts.count == 2, let la = Double(parts[0]), let lo = Double(parts[1]),
                  Plausibility.contains(Plausibility.latitude, la), Plausibility.contains(Plausibility.longitude, lo) else { return nil }
            self.init(latitude: la, longitude: lo)
        }

        var text: String { "\(latitude),\(longitude)" }
    }

    public init(units: UnitSystem? = nil, strictValues: Bool = false, role: DocumentRole = .auto, fileTimeZone: String? = nil,
                issuedAtSource: IssueTimeSource? = nil, envelope: EnvelopeMapping? = nil, nwsQCAccept: Set<String>? = nil,
                place: Place? = nil, stations: StationDirectory? = nil, stationTimeZone: String? = nil,
                formats: [DeclaredFormat] = []) {
        self.units = units
        self.strictValues = strictValues
        self.role = role
        self.fileTimeZone = fileTimeZone
        self.issuedAtSource = issuedAtSource
        self.envelope = envelope
        self.nwsQCAccept = nwsQCAccept
        self.place = place
        self.stations = stations
        self.stationTimeZone = stationTimeZone
        self.formats = formats
    }

    /// The role stored with this input's observations when the input declares one: an
    /// `observed` input is truth, the observations of a `forecast` input are nowcasts, never
    /// truth by default (docs/VERIFICATION.md). nil: decided by format.
    public var observationRole: ObservationRole? {
        switch role {
        case .auto: return nil
        case .observed: return .observed
        case .forecast: return .nowcast
        }
    }

    /// Every setting as `(name, value)`, in a fixed order; nil for a setting left at its default.
    /// Append new settings at the end.
    var entries: [(name: String, value: String?)] {
        [("units", units?.rawValue),
         ("strict_values", strictValues ? "true" : nil),
         ("role", role == .auto ? nil : role.rawValue),
         ("file_time_zone", fileTimeZone),
         ("issued_at", issuedAtSource?.rawValue),
         ("envelope", envelope.map { [$0.body, $0.fetchedAt ?? "", $0.url ?? ""].map(IngestSettings.escape).joined(separator: ",") }),
         ("nws_qc_accept", nwsQCAccept.map { $0.sorted().joined(separator: "") }),
         ("place", place?.text),
         ("stations", stations.flatMap { $0.isEmpty ? nil : $0.text }),
         ("station_time_zone", stationTimeZone),
         ("formats", formats.isEmpty ? nil : formats.map(\.fingerprintText).joined(separator: ","))]
    }

    /// A stable text naming every setting that is not at its default, `name=value` joined by
    /// `;` in the order of `entries` (`units=metric`); empty when all are defaults. Readable in
    /// the `sources` table, and equal for equal settings on every machine and in every version.
    public var fingerprint: String {
        entries.compactMap { entry in entry.value.map { "\(entry.name)=\(IngestSettings.escape($0))" } }.joined(separator: ";")
    }

    /// Values are user text (a zone name, a key path): `;`, `=`, `,` and `\` are escaped so
    /// that two different settings never give the same fingerprint.
    public static func escape(_ value: String) -> String {
        var out = ""
        for c in value {
            if c == "\\" || c == ";" || c == "=" || c == "," { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
