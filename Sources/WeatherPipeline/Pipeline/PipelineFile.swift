import WeatherJSON
import WeatherCore
import WeatherAnalytics
import WeatherExport

/// A declarative pipeline (`Pipelines/*.json`): inputs, the store, declared locations, exports.
///
/// Paths are relative to the pipeline file's folder. Validation is strict: an unknown key or a
/// wrong type is an error naming the file and the key (`wxpipe run` exits 2), because a typo
/// that silently changes nothing is worse than a refusal.
public struct PipelineFile: Sendable {
    /// One input and the settings its documents are read with (PipelineInputs.swift).
    public struct Input: Sendable, Equatable {
        public var path: String
        public var settings = IngestSettings()
        public var units: UnitSystem? { settings.units }
        /// The role of this input's observations when declared (`"role"`); nil: by format.
        public var role: ObservationRole? { settings.observationRole }
    }

    public struct Export: Sendable, Equatable {
        public var csv: String?
        public var sqlite: String?
        public var report: String?
        /// An XLSX workbook, one sheet per table (units as for CSV).
        public var xlsx: String?
        public var tables: [String] = []
        public var dialect: String = "rfc4180"
        public var units: String = "metric"
    }

    public var name: String
    public var inputs: [Input]
    public var store: String
    public var locations: [Location]
    public var export: Export
    public var strict: Bool
    public var aggregate: AggregateOptions
    /// `"shard": "K/N"` or `"auto"`: this run ingests only that shard of the inputs (docs/SCALING.md).
    public var shard: Shard?

    /// The error for a bad pipeline file: exit 2, with the file and the key in the message.
    public struct Problem: Error, CustomStringConvertible {
        public var file: String
        public var key: String?
        public var message: String
        public var description: String {
            "\(file): " + (key.map { "key '\($0)': " } ?? "") + message
        }
    }

    /// The keys of the pipeline itself; every other top-level key is a setting of `SettingsCatalog.aggregate`.
    static let structureKeys = ["name", "inputs", "store", "locations", "export", "strict", "description", "shard", FormatFiles.key]

    public static let topLevelKeys = structureKeys + SettingsCatalog.aggregate.map(\.key)

    public static func load(path: String) throws(Problem) -> PipelineFile {
        guard let bytes = readWholeFile(path) else {
            throw Problem(file: path, key: nil, message: "cannot read the pipeline file")
        }
        let doc: JSONDocument
        do {
            doc = try JSONDocument(parsing: bytes)
        } catch {
            let (line, column) = error.lineAndColumn(in: bytes)
            throw Problem(file: path, key: nil, message: "invalid JSON: \(error.reason) at line \(line), column \(column)")
        }
        let folder = directory(of: path)
        let pipeline = try parse(doc.root, file: path, folder: folder)
        for (k, input) in pipeline.inputs.enumerated() where input.path != "-" {
            var st = stat()
            if stat(input.path, &st) != 0 {
                throw Problem(file: path, key: "inputs[\(k)]", message: "no such file or directory: \(input.path)")
            }
        }
        return pipeline
    }

    static func parse(_ root: JSONValue, file: String, folder: String) throws(Problem) -> PipelineFile {
        let r = Reader(file: file)
        guard root.kind == .object else { throw r.fail(nil, "the top level must be an object") }
        for key in root.keys where !topLevelKeys.contains(key) {
            throw r.fail(key, "unknown key (known: \(topLevelKeys.joined(separator: ", ")))")
        }
        let name = try r.string(root["name"], "name") ?? "pipeline"
        _ = try r.string(root["description"], "description")
        let strict = try r.bool(root["strict"], "strict") ?? false
        var aggregate = try parseAggregate(root, r)
        let formats = try parseFormats(root[FormatFiles.key], FormatFiles.key, r, folder: folder, after: [])
        let inputs = try parseInputs(root["inputs"], r, folder: folder, formats: formats)
        guard let storePath = try r.string(root["store"], "store") else { throw r.fail("store", "missing: the SQLite store to write") }
        let locations = try parseLocations(root["locations"], r, aggregate: &aggregate)
        let export = try parseExport(root["export"], r, folder: folder)
        var pipeline = PipelineFile(name: name, inputs: inputs, store: resolve(storePath, folder), locations: locations,
                                    export: export, strict: strict, aggregate: aggregate)
        if let text = try r.string(root["shard"], "shard") {
            do { pipeline.shard = try Shard.parse(text, environment: Shard.processEnvironment()) } catch { throw r.fail("shard", "\(error)") }
        }
        return pipeline
    }

    /// Typed access to a pipeline file's values, failing with the file and the key.
    struct Reader {
        let file: String

        func fail(_ key: String?, _ message: String) -> Problem { Problem(file: file, key: key, message: message) }

        func string(_ v: JSONValue?, _ key: String) throws(Problem) -> String? {
            guard let v else { return nil }
            guard let s = v.string else { throw fail(key, "must be a string, not \(v.kind)") }
            return s
        }

        func number(_ v: JSONValue?, _ key: String) throws(Problem) -> Double? {
            guard let v else { return nil }
            guard let n = v.number else { throw fail(key, "must be a number, not \(v.kind)") }
            return n
        }

        func bool(_ v: JSONValue?, _ key: String) throws(Problem) -> Bool? {
            guard let v else { return nil }
            guard let b = v.bool else { throw fail(key, "must be true or false, not \(v.kind)") }
            return b
        }

        /// A list of `provider/product` strings (a location's `reference`), checked as the `reference` setting is.
        func sources(_ v: JSONValue?, _ key: String) throws(Problem) -> [String]? {
            guard let v else { return nil }
            do { return try SettingsCatalog.parseSources(SettingValue(v), models: false) } catch { throw fail(key + error.at, error.message) }
        }

        /// Applies the settings of `catalog` found in `object` (nested objects for dotted keys
        /// such as `envelope.body`), failing with `prefix` + the key.
        func apply<T>(_ catalog: [Setting<T>], from object: JSONValue, prefix: String, to target: inout T) throws(Problem) {
            for group in Set(catalog.map(\.key).filter { $0.contains(".") }.map { String($0.prefix { $0 != "." }) }) {
                guard let v = object[group] else { continue }
                let known = catalog.map(\.key).filter { $0.hasPrefix(group + ".") }.map { String($0.dropFirst(group.count + 1)) }
                guard v.kind == .object else { throw fail(prefix + group, "must be an object with the keys " + known.joined(separator: ", ")) }
                for sub in v.keys where !known.contains(sub) {
                    throw fail("\(prefix)\(group).\(sub)", "unknown key (known: \(known.joined(separator: ", ")))")
                }
                for setting in catalog where setting.key.hasPrefix(group + ".") && setting.requires.isEmpty
                    && v[String(setting.key.dropFirst(group.count + 1))] == nil {
                    throw fail(prefix + setting.key, "missing: " + setting.help.prefix { $0 != "," && $0 != "." }.lowercased())
                }
            }
            for setting in catalog {
                let path = setting.key.split(separator: ".").map(String.init)
                var value: JSONValue? = object
                for part in path { value = value?[part] }
                guard let value else { continue }
                do {
                    try setting.apply(SettingValue(value), to: &target)
                } catch {
                    let message = error.needs.map { "needs '\(prefix)\($0)'" } ?? error.message
                    throw fail(prefix + setting.key + error.at, message)
                }
            }
        }
    }

    /// The aggregate stage's keys: `SettingsCatalog.aggregate` (docs/SETTINGS.md).
    static func parseAggregate(_ root: JSONValue, _ r: Reader) throws(Problem) -> AggregateOptions {
        var aggregate = AggregateOptions()
        try r.apply(SettingsCatalog.aggregate, from: root, prefix: "", to: &aggregate)
        return aggregate
    }

    /// Declared locations; a location's `reference` goes into the aggregate options.
    static func parseLocations(_ value: JSONValue?, _ r: Reader, aggregate: inout AggregateOptions) throws(Problem) -> [Location] {
        guard let value else { return [] }
        guard value.kind == .array else { throw r.fail("locations", "must be an array, not \(value.kind)") }
        let known = ["id", "name", "country", "lat", "lon", "timezone", "radius_km", "reference", "station"]
        var locations: [Location] = []
        for (k, item) in value.elements.enumerated() {
            let key = "locations[\(k)]"
            guard item.kind == .object else { throw r.fail(key, "must be an object") }
            for sub in item.keys where !known.contains(sub) {
                throw r.fail("\(key).\(sub)", "unknown key (known: \(known.joined(separator: ", ")))")
            }
            guard let id = try r.string(item["id"], "\(key).id"), !id.isEmpty else { throw r.fail("\(key).id", "missing") }
            guard let lat = try r.number(item["lat"], "\(key).lat"), (-90...90).contains(lat) else { throw r.fail("\(key).lat", "missing or outside -90…90") }
            guard let lon = try r.number(item["lon"], "\(key).lon"), (-180...180).contains(lon) else { throw r.fail("\(key).lon", "missing or outside -180…180") }
            let radius = try r.number(item["radius_km"], "\(key).radius_km") ?? 25
            guard radius > 0 else { throw r.fail("\(key).radius_km", "must be positive") }
            if let reference = try r.sources(item["reference"], "\(key).reference") { aggregate.locationReference[id] = reference }
            let station = try r.string(item["station"], "\(key).station")
            if let station, station.isEmpty || station.count > 64 { throw r.fail("\(key).station", "must be a station id of 1 to 64 characters") }
            locations.append(Location(id: id, name: try r.string(item["name"], "\(key).name"),
                                      country: try r.string(item["country"], "\(key).country"),
                                      latitude: lat, longitude: lon,
                                      timeZone: try r.string(item["timezone"], "\(key).timezone"),
                                      radiusKm: radius, declared: true, station: station))
        }
        return locations
    }

    static func parseExport(_ value: JSONValue?, _ r: Reader, folder: String) throws(Problem) -> Export {
        var export = Export()
        guard let e = value else { return export }
        guard e.kind == .object else { throw r.fail("export", "must be an object") }
        let known = ["csv", "sqlite", "xlsx", "report", "tables", "dialect", "units"]
        for sub in e.keys where !known.contains(sub) {
            throw r.fail("export.\(sub)", "unknown key (known: \(known.joined(separator: ", ")))")
        }
        export.csv = try r.string(e["csv"], "export.csv").map { resolve($0, folder) }
        export.sqlite = try r.string(e["sqlite"], "export.sqlite").map { resolve($0, folder) }
        export.report = try r.string(e["report"], "export.report").map { resolve($0, folder) }
        export.xlsx = try r.string(e["xlsx"], "export.xlsx").map { resolve($0, folder) }
        if let d = try r.string(e["dialect"], "export.dialect") {
            guard CSVDialect(rawValue: d) != nil else {
                throw r.fail("export.dialect", "must be \(CSVDialect.allCases.map(\.rawValue).joined(separator: ", ")), not '\(d)'")
            }
            export.dialect = d
        }
        if let u = try r.string(e["units"], "export.units") {
            guard ["metric", "imperial"].contains(u) else { throw r.fail("export.units", "must be metric or imperial, not '\(u)'") }
            export.units = u
        }
        if let t = e["tables"] {
            guard t.kind == .array else { throw r.fail("export.tables", "must be an array of table names") }
            for (k, name) in t.elements.enumerated() {
                guard let s = name.string else { throw r.fail("export.tables[\(k)]", "must be a string") }
                export.tables.append(s)
            }
        }
        return export
    }

    static func resolve(_ path: String, _ folder: String) -> String {
        if path.hasPrefix("/") || path == "-" { return normalize(path) }
        return normalize(folder == "." ? path : folder + "/" + path)
    }

    /// Removes `.` and resolves `dir/..` lexically, so messages show `Fixtures/x`, not
    /// `Pipelines/../Fixtures/x`. A leading `..` that cannot be resolved is kept.
    static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            if part == "..", absolute { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let d = String(path[..<slash])
        return d.isEmpty ? "/" : d
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a small file whole (pipeline files); nil when it cannot be read.
func readWholeFile(_ path: String, limit: Int = 16 << 20) -> [UInt8]? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&chunk, 1, chunk.count, f)
        if n > 0 { out.append(contentsOf: chunk[0..<n]) }
        if out.count > limit { return nil }
        if n < chunk.count { break }
    }
    return ferror(f) == 0 ? out : nil
}
