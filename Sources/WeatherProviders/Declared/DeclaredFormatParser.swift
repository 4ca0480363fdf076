import WeatherJSON
import WeatherCore

/// What is wrong with a format file: the file, the key (`values.temp_c.unit`) and the fault.
/// `ingest`, `run` and `inspect` exit 2 with it before anything is read.
public struct FormatFileError: Error, Sendable, CustomStringConvertible, Equatable {
    public var file: String
    /// The dotted key at fault; nil for the file as a whole (unreadable, not JSON).
    public var key: String?
    public var fault: String

    public init(file: String, key: String?, fault: String) {
        self.file = file
        self.key = key
        self.fault = fault
    }

    public var description: String {
        "format file \(file): " + (key.map { "key '\($0)': " } ?? "") + fault
    }
}

extension DeclaredFormat {
    /// The store's column names a format may be checked against: the `observations` and
    /// `forecasts` declarations, handed in by the caller that sees the store.
    public struct Columns: Sendable {
        public var observations: [String]
        public var forecasts: [String]

        public init(observations: [String], forecasts: [String]) {
            self.observations = observations
            self.forecasts = forecasts
        }
    }

    static let topKeys = ["format", "description", "match", "role", "records", "time", "location", "values", "issued", "period"]
    static let timeKeys = ["path", "encoding", "zone", "offset_path", "offset_unit"]
    static let locationKeys = ["id", "lat", "lon", "name", "country", "timezone"]
    static let valueKeys = ["path", "unit", "period_hours"]
    static let periodKeys = ["length", "time_marks"]
    static let offsetUnits: [(String, Double)] = [("seconds", 1), ("minutes", 60), ("hours", 3600)]

    /// Parses and checks a whole format file: every fault is named by its key, and a format that
    /// parses decodes without format errors (only the documents' own).
    public static func parse(_ bytes: [UInt8], file: String, columns: Columns) throws(FormatFileError) -> DeclaredFormat {
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: bytes)
        } catch {
            let (line, column) = error.lineAndColumn(in: bytes)
            throw FormatFileError(file: file, key: nil, fault: "not JSON: \(error.reason) at line \(line), column \(column)")
        }
        var p = Parser(file: file)
        return try p.format(document.root, bytes: bytes, columns: columns)
    }

    /// The provider names of the built-in decoders, which a declared format may not take: its
    /// records would otherwise mix with that provider's feeds and truth priorities.
    static var builtInProviders: Set<String> {
        Set(DecoderRegistry.standard.decoders.map { String($0.format.prefix { $0 != "/" }) })
            .union(ProductCatalog.standard.declarations.map(\.feed.provider))
    }

    struct Parser {
        let file: String

        func fail(_ key: String?, _ fault: String) -> FormatFileError { FormatFileError(file: file, key: key, fault: fault) }

        func object(_ v: JSONValue, _ key: String?, known: [String]) throws(FormatFileError) -> JSONValue {
            guard v.kind == .object else { throw fail(key, "must be an object, not \(v.kind)") }
            for k in v.keys where !known.contains(k) {
                let full = key.map { $0 + "." + k } ?? k
                throw fail(full, "unknown key (known: \(known.joined(separator: ", ")))")
            }
            return v
        }

        func string(_ v: JSONValue?, _ key: String, required: Bool = false) throws(FormatFileError) -> String? {
            guard let v, !v.isNull else {
                if required { throw fail(key, "missing") }
                return nil
            }
            guard let s = v.string else { throw fail(key, "must be a string, not \(v.kind)") }
            guard !s.isEmpty else { throw fail(key, "must not be empty") }
            return s
        }

        /// A dotted path; `document` says where a path without `$.`/`@.` starts.
        func path(_ v: JSONValue?, _ key: String, document: Bool, required: Bool = false) throws(FormatFileError) -> DeclaredPath? {
            guard let text = try string(v, key, required: required) else { return nil }
            return try path(text, key, document: document)
        }

        func path(_ text: String, _ key: String, document: Bool) throws(FormatFileError) -> DeclaredPath {
            var base: DeclaredPath.Base = document ? .document : .record
            var body = Substring(text)
            if body.hasPrefix("$.") { base = .document; body = body.dropFirst(2) }
            else if body.hasPrefix("@.") { base = .record; body = body.dropFirst(2) }
            var steps: [DeclaredPath.Step] = []
            for part in body.split(separator: ".", omittingEmptySubsequences: false) {
                var name = part
                var indexes: [Int] = []
                while name.hasSuffix("]"), let open = name.lastIndex(of: "[") {
                    guard let i = Int(name[name.index(after: open)..<name.index(before: name.endIndex)]), i >= 0 else {
                        throw fail(key, "'\(Sanitize.printable(text))' has an index that is not a whole number ≥ 0")
                    }
                    indexes.insert(i, at: 0)
                    name = name[..<open]
                }
                guard !name.isEmpty else {
                    throw fail(key, "'\(Sanitize.printable(text))' is not a dotted path (an empty step)")
                }
                steps.append(.key(String(name)))
                steps += indexes.map(DeclaredPath.Step.index)
            }
            return DeclaredPath(base: base, steps: steps, text: text)
        }

        mutating func format(_ root: JSONValue, bytes: [UInt8], columns: Columns) throws(FormatFileError) -> DeclaredFormat {
            let top = try object(root, nil, known: DeclaredFormat.topKeys)
            _ = try string(top["description"], "description")
            guard let name = try string(top["format"], "format", required: true) else { throw fail("format", "missing") }
            let parts = name.split(separator: "/", omittingEmptySubsequences: false)
            let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-_.")
            guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(allowed.contains) }) else {
                throw fail("format", "must be \"provider/product\" in lower-case letters, digits, '-', '_' or '.', such as \"backyard/logger\", not '\(Sanitize.printable(name))'")
            }
            let provider = String(parts[0]), product = String(parts[1])
            if DeclaredFormat.builtInProviders.contains(provider) {
                throw fail("format", "'\(provider)' is a built-in provider of wxpipe: give your format a provider name of its own")
            }
            let role = try self.role(top["role"])
            let match = try self.match(top["match"])
            guard let records = try path(top["records"], "records", document: true, required: true) else { throw fail("records", "missing") }
            let recordsPath = records.text == "$" ? DeclaredPath(base: .document, steps: [], text: "$") : records
            guard let timeValue = top["time"] else { throw fail("time", "missing: where each record's time is and how it is written") }
            let time = try self.time(timeValue, "time", document: false)
            let location = try self.location(top["location"])
            let values = try self.values(top["values"], role: role, columns: role == .forecast ? columns.forecasts : columns.observations)
            var issued: DeclaredTime?
            var period: DeclaredPeriod?
            if role == .forecast {
                if let v = top["issued"] { issued = try self.time(v, "issued", document: true) }
                guard let pv = top["period"] else { throw fail("period", "missing: a forecast format says its period (hour, 3h or day)") }
                period = try self.period(pv)
            } else {
                if top["issued"] != nil { throw fail("issued", "is only for \"role\": \"forecast\"") }
                if top["period"] != nil { throw fail("period", "is only for \"role\": \"forecast\"") }
            }
            return DeclaredFormat(name: name, provider: provider, product: product, file: file, digest: DeclaredFormat.digest(bytes),
                                  role: role, match: match, records: recordsPath, time: time, location: location, values: values,
                                  issued: issued, period: period)
        }

        func role(_ v: JSONValue?) throws(FormatFileError) -> ProductRole {
            guard let text = try string(v, "role") else { return .observed }
            switch text {
            case "observed": return .observed
            case "forecast": return .forecast
            default: throw fail("role", "must be \"observed\" or \"forecast\", not '\(Sanitize.printable(text))'")
            }
        }

        func match(_ v: JSONValue?) throws(FormatFileError) -> [String] {
            guard let v else { throw fail("match", "missing: the top-level keys that identify the shape") }
            guard v.kind == .array else { throw fail("match", "must be an array of top-level keys, not \(v.kind)") }
            var keys: [String] = []
            for (k, item) in v.elements.enumerated() {
                guard let s = item.string, !s.isEmpty else { throw fail("match[\(k)]", "must be a key name (a non-empty string)") }
                keys.append(s)
            }
            guard !keys.isEmpty else { throw fail("match", "is empty: name at least one top-level key, or every document would match") }
            return keys
        }

        func time(_ v: JSONValue, _ key: String, document: Bool) throws(FormatFileError) -> DeclaredTime {
            let t = try object(v, key, known: DeclaredFormat.timeKeys)
            guard let path = try path(t["path"], key + ".path", document: document, required: true) else { throw fail(key + ".path", "missing") }
            guard let encodingText = try string(t["encoding"], key + ".encoding", required: true) else { throw fail(key + ".encoding", "missing") }
            guard let encoding = DeclaredTime.Encoding(rawValue: encodingText) else {
                throw fail(key + ".encoding", "must be \(DeclaredTime.Encoding.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), not '\(Sanitize.printable(encodingText))'")
            }
            let zone = try string(t["zone"], key + ".zone")
            let offsetPath = try self.path(t["offset_path"], key + ".offset_path", document: document)
            let unitText = try string(t["offset_unit"], key + ".offset_unit")
            if encoding == .local {
                if zone == nil && offsetPath == nil { throw fail(key + ".zone", "missing: a local time needs \"zone\" (an IANA zone) or \"offset_path\"") }
                if zone != nil && offsetPath != nil { throw fail(key + ".offset_path", "goes without \"zone\": give one of them") }
            } else {
                if zone != nil { throw fail(key + ".zone", "is only for \"encoding\": \"local\" (\(encoding.rawValue) times carry their own offset)") }
                if offsetPath != nil { throw fail(key + ".offset_path", "is only for \"encoding\": \"local\"") }
            }
            if let zone, !LocalTime.isKnownZone(zone) {
                throw fail(key + ".zone", "'\(Sanitize.printable(zone))' is not an IANA time zone known here (such as Europe/Berlin)")
            }
            var scale = 1.0
            if let unitText {
                guard offsetPath != nil else { throw fail(key + ".offset_unit", "goes only with \"offset_path\"") }
                guard let u = DeclaredFormat.offsetUnits.first(where: { $0.0 == unitText }) else {
                    throw fail(key + ".offset_unit", "must be \"seconds\", \"minutes\" or \"hours\", not '\(Sanitize.printable(unitText))'")
                }
                scale = u.1
            }
            return DeclaredTime(path: path, encoding: encoding, zone: zone, offsetPath: offsetPath, offsetScale: scale)
        }

        func location(_ v: JSONValue?) throws(FormatFileError) -> DeclaredLocation {
            var location = DeclaredLocation()
            guard let v else { return location }
            let l = try object(v, "location", known: DeclaredFormat.locationKeys)
            location.id = try path(l["id"], "location.id", document: true)
            location.name = try path(l["name"], "location.name", document: true)
            location.country = try path(l["country"], "location.country", document: true)
            location.timeZone = try path(l["timezone"], "location.timezone", document: true)
            location.latitude = try coordinate(l["lat"], "location.lat", Plausibility.latitude)
            location.longitude = try coordinate(l["lon"], "location.lon", Plausibility.longitude)
            if (location.latitude == nil) != (location.longitude == nil) {
                throw fail(location.latitude == nil ? "location.lat" : "location.lon", "missing: lat and lon go together")
            }
            return location
        }

        func coordinate(_ v: JSONValue?, _ key: String, _ range: Plausibility.Range) throws(FormatFileError) -> DeclaredLocation.Coordinate? {
            guard let v else { return nil }
            if let n = v.number {
                guard Plausibility.contains(range, n) else { throw fail(key, "\(n) is outside \(range.low)…\(range.high)") }
                return .fixed(n)
            }
            guard v.kind == .string else { throw fail(key, "must be a path (a string) or a number of degrees, not \(v.kind)") }
            return try path(v, key, document: true).map(DeclaredLocation.Coordinate.path)
        }

        func values(_ v: JSONValue?, role: ProductRole, columns: [String]) throws(FormatFileError) -> [DeclaredValue] {
            guard let v else { throw fail("values", "missing: which columns the records fill") }
            guard v.kind == .object else { throw fail("values", "must be an object of columns, not \(v.kind)") }
            let table = role == .forecast ? "forecasts" : "observations"
            var out: [DeclaredValue] = []
            var windows: [String: (Double, String)] = [:]
            for (column, spec) in v.members {
                let key = "values." + column
                guard columns.contains(column) else {
                    throw fail(key, "'\(Sanitize.printable(column))' is not a column of \(table) (values a format sets: \(DeclaredColumns.settable(role).joined(separator: ", ")))")
                }
                let settable = DeclaredColumns.settable(role)
                guard settable.contains(column) else {
                    let by = DeclaredColumns.structural[column].map { " (it comes from the format's \($0))" } ?? ""
                    throw fail(key, "is a column of \(table) a format does not set as a value\(by)")
                }
                let value = try self.value(spec, key, column: column, role: role)
                if let hours = value.periodHours, let window = DeclaredColumns.observationWindows[column] {
                    let name = window.column
                    if let (other, otherColumn) = windows[name], other != hours {
                        throw fail(key + ".period_hours", "is \(SettingNumber.text(hours)) but values.\(otherColumn).period_hours is \(SettingNumber.text(other)): both fill \(name)")
                    }
                    windows[name] = (hours, column)
                }
                out.append(value)
            }
            guard !out.isEmpty else { throw fail("values", "is empty: name at least one column") }
            return out
        }

        func value(_ spec: JSONValue, _ key: String, column: String, role: ProductRole) throws(FormatFileError) -> DeclaredValue {
            let isText = DeclaredColumns.isText(column, role: role)
            if spec.kind == .string {
                guard let path = try self.path(spec, key, document: false) else { throw fail(key, "must not be empty") }
                if !isText, role == .observed, DeclaredColumns.observationWindows[column] != nil {
                    throw fail(key + ".period_hours", "missing: \(column) covers a window ending at the record's time; say its length in hours")
                }
                return DeclaredValue(column: column, path: path, unit: nil, periodHours: nil)
            }
            let o = try object(spec, key, known: DeclaredFormat.valueKeys)
            guard let path = try path(o["path"], key + ".path", document: false, required: true) else { throw fail(key + ".path", "missing") }
            let unit = try string(o["unit"], key + ".unit")
            if let unit {
                if isText { throw fail(key + ".unit", "\(column) is text: it has no unit") }
                guard DeclaredUnit.conversion(unit, for: column) != nil else {
                    let quantity = DeclaredUnit.quantity(of: column)
                    throw fail(key + ".unit", "'\(Sanitize.printable(unit))' is not a unit of \(quantity.rawValue) (known: \(DeclaredUnit.known(for: column).joined(separator: ", ")))")
                }
            }
            var hours: Double?
            if let h = o["period_hours"] {
                guard let n = h.number else { throw fail(key + ".period_hours", "must be a number of hours, not \(h.kind)") }
                guard role == .observed, DeclaredColumns.observationWindows[column] != nil else {
                    let rule = role == .forecast ? "a forecast's values cover its period" : "only accumulations and extremes (precip_mm, rain_mm, snow_mm, temp_max_c, temp_min_c) cover a window"
                    throw fail(key + ".period_hours", "is not for \(column): \(rule)")
                }
                guard n > 0, n <= 744 else { throw fail(key + ".period_hours", "must be above 0 and at most 744 (31 days), not \(SettingNumber.text(n))") }
                hours = n
            } else if role == .observed, DeclaredColumns.observationWindows[column] != nil {
                throw fail(key + ".period_hours", "missing: \(column) covers a window ending at the record's time; say its length in hours")
            }
            return DeclaredValue(column: column, path: path, unit: unit, periodHours: hours)
        }

        func period(_ v: JSONValue) throws(FormatFileError) -> DeclaredPeriod {
            let lengths = DeclaredPeriod.lengths.map { "\"\($0.name)\"" }.joined(separator: ", ")
            var lengthText: String?
            var marks = DeclaredPeriod.Marks.start
            if v.kind == .string {
                lengthText = v.string
            } else {
                let o = try object(v, "period", known: DeclaredFormat.periodKeys)
                lengthText = try string(o["length"], "period.length", required: true)
                if let m = try string(o["time_marks"], "period.time_marks") {
                    guard let parsed = DeclaredPeriod.Marks(rawValue: m) else {
                        throw fail("period.time_marks", "must be \"start\", \"end\" or \"instant\", not '\(Sanitize.printable(m))'")
                    }
                    marks = parsed
                }
            }
            let key = v.kind == .string ? "period" : "period.length"
            guard let text = lengthText, let length = DeclaredPeriod.lengths.first(where: { $0.name == text }) else {
                throw fail(key, "must be \(lengths), not '\(Sanitize.printable(lengthText ?? ""))'")
            }
            return DeclaredPeriod(length: length.period, marks: marks)
        }
    }

    /// FNV-1a 64 of the bytes, 16 hex digits: the same on every machine and release.
    static func digest(_ bytes: [UInt8]) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// Numbers as messages write them: `1`, `0.5`.
enum SettingNumber {
    static func text(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v) }
}
