import WeatherCore

/// A JSON shape no built-in decoder knows, described in a format file (docs/FORMATS.md) and read
/// by `DeclaredFormatDecoder`: a home logger's, a regional network's or a national service's
/// JSON gets in without a release of wxpipe.
///
/// It is parsed and checked whole before anything is ingested (`DeclaredFormat.parse`), so a
/// decode never meets a format fault: what it meets is the document's.
public struct DeclaredFormat: Sendable, Hashable {
    /// `provider/product` (`backyard/logger`), stored as the records' format.
    public let name: String
    public let provider: String
    public let product: String
    /// The format file it was read from, as given (named by `inspect` and in messages).
    public let file: String
    /// FNV-1a 64 of the file's bytes, in hex: part of the input's settings fingerprint, so a
    /// changed format file re-reads the inputs it applies to.
    public let digest: String
    /// Observed (records are what happened) or forecast.
    public let role: ProductRole
    /// Top-level keys a document must all have to be in this format.
    let match: [String]
    /// The array of records; `$` for a document that is itself one record (NDJSON loggers).
    let records: DeclaredPath
    let time: DeclaredTime
    let location: DeclaredLocation
    let values: [DeclaredValue]
    /// Forecasts only: where the issue time is, when the document says.
    let issued: DeclaredTime?
    /// Forecasts only: the length of each record's period and what its time marks.
    let period: DeclaredPeriod?

    /// Two formats are the same when they have the same name and bytes: what the fingerprint holds.
    public static func == (a: DeclaredFormat, b: DeclaredFormat) -> Bool {
        a.name == b.name && a.digest == b.digest && a.file == b.file
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(digest)
    }

    /// `backyard/logger@1f0c…`: how the fingerprint names it (content, not place: a moved
    /// format file with the same bytes does not re-read anything).
    var fingerprintText: String { name + "@" + digest }
}

/// A dotted path (`station.lat`, `data[0].readings`). Record paths start from the record and
/// document paths from the document; a leading `$.` starts from the document in either place,
/// and `@.` from the record (a per-record station in a document path such as `location.id`).
struct DeclaredPath: Sendable, Hashable, CustomStringConvertible {
    enum Base: Sendable, Hashable { case document, record }
    enum Step: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    let base: Base
    let steps: [Step]
    /// As written in the format file.
    let text: String

    var description: String { text }

    /// The value at this path, or nil when a step is absent or null (missing is NULL).
    func resolve(record: Field, document: Field) -> Field? {
        var f = base == .document ? document : record
        for step in steps {
            switch step {
            case .key(let k):
                guard f.value.kind == .object, let next = f.optional(k) else { return nil }
                f = next
            case .index(let i):
                guard f.value.kind == .array, i < f.value.count, let items = try? f.array(), !items[i].value.isNull else { return nil }
                f = items[i]
            }
        }
        return f
    }

    /// The path of a step that is absent, for a reject (`readings[3].t`).
    func missingPath(record: Field, document: Field) -> String {
        let start = base == .document ? document.path : record.path
        let rest = text.hasPrefix("$.") || text.hasPrefix("@.") ? String(text.dropFirst(2)) : text
        return start.isEmpty ? rest : start + "." + rest
    }
}

/// How one record's instant is written.
struct DeclaredTime: Sendable, Hashable {
    enum Encoding: String, Sendable, CaseIterable {
        /// `2024-05-01T06:00:00Z` or with an offset; an instant without one is refused (use `local`).
        case iso8601
        /// Unix seconds.
        case unix
        /// Unix milliseconds (JavaScript loggers).
        case unixMs = "unix_ms"
        /// A wall clock without offset (`2024-05-01 06:00`, `2024-05-01`), in `zone` or at the
        /// offset read from `offsetPath`.
        case local
    }

    let path: DeclaredPath
    let encoding: Encoding
    /// `local`: the IANA zone of the wall clocks.
    let zone: String?
    /// `local`: where the UTC offset of the wall clocks is, in `offsetScale` seconds per unit.
    let offsetPath: DeclaredPath?
    let offsetScale: Double
}

/// Where a record is: the place's id, coordinates, name and zone. Each is a document path
/// unless it starts with `@.`; coordinates may also be numbers written in the format file.
struct DeclaredLocation: Sendable, Hashable {
    enum Coordinate: Sendable, Hashable {
        case path(DeclaredPath)
        case fixed(Double)
    }

    var id: DeclaredPath?
    var latitude: Coordinate?
    var longitude: Coordinate?
    var name: DeclaredPath?
    var country: DeclaredPath?
    /// The place's IANA zone, for local days (written with every observation as `timezone`).
    var timeZone: DeclaredPath?
}

/// One column of the record and where its value is.
struct DeclaredValue: Sendable, Hashable {
    /// The store's column (`temp_c`).
    let column: String
    let path: DeclaredPath
    /// The unit as written (`°F`), nil: the column's own.
    let unit: String?
    /// Observed accumulations and extremes: the window the value covers, ending at the record's time.
    let periodHours: Double?
}

/// A forecast record's period: its length, and whether `time` marks its start, its end or an
/// instant inside it (the period then centred on it; a day period is the local day containing it).
struct DeclaredPeriod: Sendable, Hashable {
    enum Marks: String, Sendable, CaseIterable { case start, end, instant }

    let length: ForecastPeriod
    let marks: Marks

    /// The lengths a format may declare, with their seconds (a day is a local day, its length
    /// taken from the calendar).
    static let lengths: [(name: String, period: ForecastPeriod, seconds: Int64)] = [
        ("hour", .hour, 3600), ("3h", .threeHours, 10_800), ("day", .day, 86_400),
    ]
}
