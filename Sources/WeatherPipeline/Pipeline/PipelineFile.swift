import WeatherJSON
import WeatherCore
import WeatherAnalytics

/// A declarative pipeline (`Pipelines/*.json`): inputs, the store, declared locations, exports.
///
/// Paths are relative to the pipeline file's folder. Validation is strict: an unknown key or a
/// wrong type is an error naming the file and the key (`wxpipe run` exits 2), because a typo
/// that silently changes nothing is worse than a refusal.
public struct PipelineFile: Sendable {
    public struct Input: Sendable, Equatable {
        public var path: String
        public var units: UnitSystem?
    }

    public struct Export: Sendable, Equatable {
        public var csv: String?
        public var sqlite: String?
        public var report: String?
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

    /// The error for a bad pipeline file: exit 2, with the file and the key in the message.
    public struct Problem: Error, CustomStringConvertible {
        public var file: String
        public var key: String?
        public var message: String
        public var description: String {
            "\(file): " + (key.map { "key '\($0)': " } ?? "") + message
        }
    }

    public static let topLevelKeys = ["name", "inputs", "store", "locations", "export", "strict", "description",
                                      "reference", "daily_min_coverage", "include_incomplete_days", "match_window_minutes",
                                      "precip_threshold_mm", "homogeneous"]

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
        func fail(_ key: String?, _ message: String) -> Problem { Problem(file: file, key: key, message: message) }
        guard root.kind == .object else { throw fail(nil, "the top level must be an object") }
        for key in root.keys where !topLevelKeys.contains(key) {
            throw fail(key, "unknown key (known: \(topLevelKeys.joined(separator: ", ")))")
        }
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
        let name = try string(root["name"], "name") ?? "pipeline"
        _ = try string(root["description"], "description")
        func bool(_ key: String) throws(Problem) -> Bool? {
            guard let v = root[key] else { return nil }
            guard let b = v.bool else { throw fail(key, "must be true or false, not \(v.kind)") }
            return b
        }
        let strict = try bool("strict") ?? false
        var aggregate = AggregateOptions()
        if let r = root["reference"] {
            guard r.kind == .array else { throw fail("reference", "must be an array of \"provider/product\" strings") }
            for (k, item) in r.elements.enumerated() {
                guard let s = item.string, s.split(separator: "/").count == 2 else {
                    throw fail("reference[\(k)]", "must be a \"provider/product\" string such as \"openweathermap/current\"")
                }
                aggregate.reference.append(s)
            }
        }
        if let v = try number(root["daily_min_coverage"], "daily_min_coverage") {
            guard v > 0 && v <= 1 else { throw fail("daily_min_coverage", "must be a share of the day's hours, above 0 and at most 1") }
            aggregate.dailyMinCoverage = v
        }
        if let v = try number(root["match_window_minutes"], "match_window_minutes") {
            guard v > 0 && v <= 720 else { throw fail("match_window_minutes", "must be between 0 and 720 minutes") }
            aggregate.matchWindowMinutes = v
        }
        if let v = try number(root["precip_threshold_mm"], "precip_threshold_mm") {
            guard v > 0 else { throw fail("precip_threshold_mm", "must be positive") }
            aggregate.precipThresholdMm = v
        }
        aggregate.includeIncompleteDays = try bool("include_incomplete_days") ?? false
        aggregate.homogeneous = try bool("homogeneous") ?? false

        guard let inputsValue = root["inputs"] else { throw fail("inputs", "missing: list the files or folders to ingest") }
        guard inputsValue.kind == .array else { throw fail("inputs", "must be an array, not \(inputsValue.kind)") }
        var inputs: [Input] = []
        for (k, item) in inputsValue.elements.enumerated() {
            let key = "inputs[\(k)]"
            if let s = item.string {
                inputs.append(Input(path: resolve(s, folder), units: nil))
                continue
            }
            guard item.kind == .object else { throw fail(key, "must be a path or an object {\"path\": …, \"units\": …}") }
            for sub in item.keys where !["path", "units"].contains(sub) {
                throw fail("\(key).\(sub)", "unknown key (known: path, units)")
            }
            guard let path = try string(item["path"], "\(key).path") else { throw fail("\(key).path", "missing") }
            var units: UnitSystem?
            if let u = try string(item["units"], "\(key).units") {
                guard let parsed = UnitSystem(rawValue: u) else { throw fail("\(key).units", "must be standard, metric or imperial, not '\(u)'") }
                units = parsed
            }
            inputs.append(Input(path: resolve(path, folder), units: units))
        }
        if inputs.isEmpty { throw fail("inputs", "is empty: nothing to ingest") }

        guard let storePath = try string(root["store"], "store") else { throw fail("store", "missing: the SQLite store to write") }

        var locations: [Location] = []
        if let locs = root["locations"] {
            guard locs.kind == .array else { throw fail("locations", "must be an array, not \(locs.kind)") }
            let known = ["id", "name", "country", "lat", "lon", "timezone", "radius_km"]
            for (k, item) in locs.elements.enumerated() {
                let key = "locations[\(k)]"
                guard item.kind == .object else { throw fail(key, "must be an object") }
                for sub in item.keys where !known.contains(sub) {
                    throw fail("\(key).\(sub)", "unknown key (known: \(known.joined(separator: ", ")))")
                }
                guard let id = try string(item["id"], "\(key).id"), !id.isEmpty else { throw fail("\(key).id", "missing") }
                guard let lat = try number(item["lat"], "\(key).lat"), (-90...90).contains(lat) else { throw fail("\(key).lat", "missing or outside -90…90") }
                guard let lon = try number(item["lon"], "\(key).lon"), (-180...180).contains(lon) else { throw fail("\(key).lon", "missing or outside -180…180") }
                let radius = try number(item["radius_km"], "\(key).radius_km") ?? 25
                guard radius > 0 else { throw fail("\(key).radius_km", "must be positive") }
                locations.append(Location(id: id, name: try string(item["name"], "\(key).name"),
                                          country: try string(item["country"], "\(key).country"),
                                          latitude: lat, longitude: lon,
                                          timeZone: try string(item["timezone"], "\(key).timezone"),
                                          radiusKm: radius, declared: true))
            }
        }

        var export = Export()
        if let e = root["export"] {
            guard e.kind == .object else { throw fail("export", "must be an object") }
            let known = ["csv", "sqlite", "report", "tables", "dialect", "units"]
            for sub in e.keys where !known.contains(sub) {
                throw fail("export.\(sub)", "unknown key (known: \(known.joined(separator: ", ")))")
            }
            export.csv = try string(e["csv"], "export.csv").map { resolve($0, folder) }
            export.sqlite = try string(e["sqlite"], "export.sqlite").map { resolve($0, folder) }
            export.report = try string(e["report"], "export.report").map { resolve($0, folder) }
            if let d = try string(e["dialect"], "export.dialect") {
                guard ["rfc4180", "spreadsheet"].contains(d) else { throw fail("export.dialect", "must be rfc4180 or spreadsheet, not '\(d)'") }
                export.dialect = d
            }
            if let u = try string(e["units"], "export.units") {
                guard ["metric", "imperial"].contains(u) else { throw fail("export.units", "must be metric or imperial, not '\(u)'") }
                export.units = u
            }
            if let t = e["tables"] {
                guard t.kind == .array else { throw fail("export.tables", "must be an array of table names") }
                for (k, name) in t.elements.enumerated() {
                    guard let s = name.string else { throw fail("export.tables[\(k)]", "must be a string") }
                    export.tables.append(s)
                }
            }
        }
        return PipelineFile(name: name, inputs: inputs, store: resolve(storePath, folder), locations: locations,
                            export: export, strict: strict, aggregate: aggregate)
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
