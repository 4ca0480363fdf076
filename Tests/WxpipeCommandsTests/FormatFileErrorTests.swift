import Foundation
import Testing
import TestSupport
import WeatherPipeline
import WeatherProviders

/// Every fault of a format file is found before anything is read, named by its key: parsed
/// directly, then through `wxpipe ingest --format-file` (exit 2, no store created), `inspect`
/// and a pipeline's `"formats"`.
struct FormatFileErrorTests {
    /// A valid observed format; each case below breaks one thing in it.
    static func observed() -> [String: Any] {
        ["format": "backyard/logger", "match": ["station", "readings"], "role": "observed", "records": "readings",
         "time": ["path": "t", "encoding": "iso8601"],
         "location": ["id": "station", "lat": "lat", "lon": "lon"],
         "values": ["temp_c": ["path": "tempF", "unit": "°F"], "precip_mm": ["path": "rain_in", "unit": "inch", "period_hours": 1]]]
    }

    static func forecast() -> [String: Any] {
        ["format": "regional/point", "match": ["point", "steps"], "role": "forecast", "records": "steps",
         "time": ["path": "start", "encoding": "unix"], "location": ["lat": 53.5, "lon": 10.0],
         "period": ["length": "3h", "time_marks": "start"], "values": ["temp_c": "t2m"]]
    }

    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var json: String
        var key: String?
        var fault: String
        var description: String { name }
    }

    static func json(_ object: [String: Any]) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    static func breaking(_ name: String, forecast: Bool = false, key: String?, _ fault: String,
                         _ change: (inout [String: Any]) -> Void) -> Case {
        var o = forecast ? Self.forecast() : observed()
        change(&o)
        return Case(name: name, json: json(o), key: key, fault: fault)
    }

    static func setting(_ o: inout [String: Any], _ group: String, _ key: String, _ value: Any?) {
        var g = o[group] as? [String: Any] ?? [:]
        g[key] = value
        o[group] = g
    }

    static let cases: [Case] = [
        Case(name: "not JSON", json: "{\"format\": ", key: nil, fault: "not JSON"),
        Case(name: "not an object", json: "[1]", key: nil, fault: "must be an object, not array"),
        breaking("unknown top-level key", key: "recrods", "unknown key (known: format, description") { $0["recrods"] = "x" },
        breaking("description not text", key: "description", "must be a string, not number") { $0["description"] = 3 },
        breaking("no format", key: "format", "missing") { $0["format"] = nil },
        breaking("format without product", key: "format", "must be \"provider/product\"") { $0["format"] = "backyard" },
        breaking("format with capitals", key: "format", "must be \"provider/product\"") { $0["format"] = "Backyard/Logger" },
        breaking("a built-in provider", key: "format", "'openweathermap' is a built-in provider") { $0["format"] = "openweathermap/mine" },
        breaking("bad role", key: "role", "must be \"observed\" or \"forecast\", not 'nowcast'") { $0["role"] = "nowcast" },
        breaking("no match", key: "match", "missing: the top-level keys") { $0["match"] = nil },
        breaking("match not an array", key: "match", "must be an array of top-level keys, not string") { $0["match"] = "station" },
        breaking("match of a number", key: "match[1]", "must be a key name") { $0["match"] = ["station", 2] },
        breaking("empty match", key: "match", "is empty") { $0["match"] = [String]() },
        breaking("no records", key: "records", "missing") { $0["records"] = nil },
        breaking("records not text", key: "records", "must be a string, not array") { $0["records"] = ["readings"] },
        breaking("records with an empty step", key: "records", "is not a dotted path (an empty step)") { $0["records"] = "data..readings" },
        breaking("records with a bad index", key: "records", "has an index that is not a whole number") { $0["records"] = "data[x].readings" },
        breaking("no time", key: "time", "missing: where each record's time is") { $0["time"] = nil },
        breaking("time not an object", key: "time", "must be an object, not string") { $0["time"] = "t" },
        breaking("unknown time key", key: "time.format", "unknown key (known: path, encoding, zone, offset_path, offset_unit)") {
            setting(&$0, "time", "format", "x")
        },
        breaking("no time path", key: "time.path", "missing") { setting(&$0, "time", "path", nil) },
        breaking("no encoding", key: "time.encoding", "missing") { setting(&$0, "time", "encoding", nil) },
        breaking("bad encoding", key: "time.encoding", "must be \"iso8601\", \"unix\", \"unix_ms\", \"local\", not 'epoch'") {
            setting(&$0, "time", "encoding", "epoch")
        },
        breaking("encoding not text", key: "time.encoding", "must be a string, not number") { setting(&$0, "time", "encoding", 1) },
        breaking("local without zone", key: "time.zone", "a local time needs \"zone\"") { setting(&$0, "time", "encoding", "local") },
        breaking("local with zone and offset", key: "time.offset_path", "goes without \"zone\"") {
            $0["time"] = ["path": "t", "encoding": "local", "zone": "Europe/Berlin", "offset_path": "$.offset"]
        },
        breaking("zone without local", key: "time.zone", "is only for \"encoding\": \"local\"") { setting(&$0, "time", "zone", "Europe/Berlin") },
        breaking("offset without local", key: "time.offset_path", "is only for \"encoding\": \"local\"") { setting(&$0, "time", "offset_path", "$.o") },
        breaking("unknown zone", key: "time.zone", "'Mars/Olympus' is not an IANA time zone") {
            $0["time"] = ["path": "t", "encoding": "local", "zone": "Mars/Olympus"]
        },
        breaking("offset unit without offset", key: "time.offset_unit", "goes only with \"offset_path\"") {
            $0["time"] = ["path": "t", "encoding": "local", "zone": "Europe/Berlin", "offset_unit": "hours"]
        },
        breaking("bad offset unit", key: "time.offset_unit", "must be \"seconds\", \"minutes\" or \"hours\", not 'days'") {
            $0["time"] = ["path": "t", "encoding": "local", "offset_path": "$.o", "offset_unit": "days"]
        },
        breaking("location not an object", key: "location", "must be an object, not string") { $0["location"] = "station" },
        breaking("unknown location key", key: "location.latitude", "unknown key (known: id, lat, lon, name, country, timezone)") {
            setting(&$0, "location", "latitude", "lat")
        },
        breaking("latitude out of range", key: "location.lat", "is outside -90.0…90.0") { setting(&$0, "location", "lat", 95) },
        breaking("latitude of a wrong type", key: "location.lat", "must be a path (a string) or a number of degrees, not bool") {
            setting(&$0, "location", "lat", true)
        },
        breaking("latitude without longitude", key: "location.lon", "missing: lat and lon go together") { setting(&$0, "location", "lon", nil) },
        breaking("no values", key: "values", "missing: which columns") { $0["values"] = nil },
        breaking("values not an object", key: "values", "must be an object of columns, not array") { $0["values"] = ["temp_c"] },
        breaking("empty values", key: "values", "is empty") { $0["values"] = [String: Any]() },
        breaking("a value that is not a column", key: "values.temperature", "'temperature' is not a column of observations (values a format sets: ") {
            setting(&$0, "values", "temperature", "t")
        },
        breaking("a forecast column in an observed format", key: "values.precip_prob_pct", "is not a column of observations") {
            setting(&$0, "values", "precip_prob_pct", "pop")
        },
        breaking("a column set by structure", key: "values.lat", "a format does not set as a value (it comes from the format's location.lat)") {
            setting(&$0, "values", "lat", "lat")
        },
        breaking("a window column", key: "values.precip_window_h", "(it comes from the format's period_hours of precip_mm") {
            setting(&$0, "values", "precip_window_h", "w")
        },
        breaking("unknown unit", key: "values.temp_c.unit", "'furlongs' is not a unit of temperature (known: °C, C") {
            setting(&$0, "values", "temp_c", ["path": "t", "unit": "furlongs"])
        },
        breaking("a speed unit for a temperature", key: "values.temp_c.unit", "'mph' is not a unit of temperature") {
            setting(&$0, "values", "temp_c", ["path": "t", "unit": "mph"])
        },
        breaking("a unit on text", key: "values.condition_text.unit", "condition_text is text: it has no unit") {
            setting(&$0, "values", "condition_text", ["path": "sky", "unit": "%"])
        },
        breaking("unknown value key", key: "values.temp_c.scale", "unknown key (known: path, unit, period_hours)") {
            setting(&$0, "values", "temp_c", ["path": "t", "scale": 2])
        },
        breaking("a value without path", key: "values.temp_c.path", "missing") { setting(&$0, "values", "temp_c", ["unit": "°F"]) },
        breaking("a value of a wrong type", key: "values.temp_c", "must be an object, not number") { setting(&$0, "values", "temp_c", 3) },
        breaking("an accumulation without its window", key: "values.precip_mm.period_hours", "missing: precip_mm covers a window") {
            setting(&$0, "values", "precip_mm", ["path": "rain_in", "unit": "inch"])
        },
        breaking("an accumulation written as a bare path", key: "values.rain_mm.period_hours", "missing: rain_mm covers a window") {
            setting(&$0, "values", "rain_mm", "rain")
        },
        breaking("a window on a point value", key: "values.temp_c.period_hours", "is not for temp_c: only accumulations and extremes") {
            setting(&$0, "values", "temp_c", ["path": "t", "period_hours": 1])
        },
        breaking("a window that is not a number", key: "values.precip_mm.period_hours", "must be a number of hours, not string") {
            setting(&$0, "values", "precip_mm", ["path": "r", "period_hours": "1"])
        },
        breaking("a window of no length", key: "values.precip_mm.period_hours", "must be above 0 and at most 744") {
            setting(&$0, "values", "precip_mm", ["path": "r", "period_hours": 0])
        },
        breaking("two windows for one column", key: "values.rain_mm.period_hours", "both fill precip_window_h") {
            setting(&$0, "values", "rain_mm", ["path": "r", "period_hours": 24])
        },
        breaking("issued on observations", key: "issued", "is only for \"role\": \"forecast\"") { $0["issued"] = ["path": "i", "encoding": "unix"] },
        breaking("period on observations", key: "period", "is only for \"role\": \"forecast\"") { $0["period"] = "hour" },
        breaking("a forecast without period", forecast: true, key: "period", "missing: a forecast format says its period") { $0["period"] = nil },
        breaking("a bad period", forecast: true, key: "period", "must be \"hour\", \"3h\", \"day\", not 'week'") { $0["period"] = "week" },
        breaking("a bad period length", forecast: true, key: "period.length", "must be \"hour\", \"3h\", \"day\", not '6h'") {
            $0["period"] = ["length": "6h"]
        },
        breaking("a bad time mark", forecast: true, key: "period.time_marks", "must be \"start\", \"end\" or \"instant\", not 'middle'") {
            $0["period"] = ["length": "hour", "time_marks": "middle"]
        },
        breaking("unknown period key", forecast: true, key: "period.anchor", "unknown key (known: length, time_marks)") {
            $0["period"] = ["length": "hour", "anchor": "start"]
        },
        breaking("a bad issued encoding", forecast: true, key: "issued.encoding", "must be \"iso8601\"") {
            $0["issued"] = ["path": "run", "encoding": "rfc822"]
        },
        breaking("a window on a forecast", forecast: true, key: "values.precip_mm.period_hours", "a forecast's values cover its period") {
            setting(&$0, "values", "precip_mm", ["path": "rr", "period_hours": 3])
        },
        breaking("an observed column in a forecast", forecast: true, key: "values.rain_mm", "is not a column of forecasts") {
            setting(&$0, "values", "rain_mm", "rain")
        },
    ]

    @Test(arguments: cases) func parsingNamesTheKeyAndTheFault(_ c: Case) {
        do {
            let format = try DeclaredFormat.parse(Array(c.json.utf8), file: "f.json", columns: FormatFiles.columns)
            Issue.record("\(c.name): accepted as \(format.name)")
        } catch {
            #expect(error.file == "f.json")
            #expect(error.key == c.key, "\(c.name): \(error)")
            #expect(error.fault.contains(c.fault), "\(c.name): \(error.fault)")
        }
    }

    @Test func theUnbrokenFormatsParse() throws {
        let o = try DeclaredFormat.parse(Array(Self.json(Self.observed()).utf8), file: "o.json", columns: FormatFiles.columns)
        #expect(o.provider == "backyard" && o.product == "logger" && o.role == .observed)
        let f = try DeclaredFormat.parse(Array(Self.json(Self.forecast()).utf8), file: "f.json", columns: FormatFiles.columns)
        #expect(f.name == "regional/point" && f.role == .forecast)
        #expect(o.digest.count == 16 && o.digest != f.digest)
    }

    /// Every case through the command line: exit 2 naming the file, the key and the fault, and
    /// no store created (nothing was ingested).
    @Test func ingestRefusesEachBadFormatFileBeforeReadingAnything() throws {
        let folder = try TemporaryFolder("format-errors")
        defer { folder.remove() }
        let input = folder.path + "/in.json"
        try "{\"station\": \"x\", \"readings\": []}".write(toFile: input, atomically: true, encoding: .utf8)
        for (k, c) in Self.cases.enumerated() {
            let file = folder.path + "/format-\(k).json"
            try c.json.write(toFile: file, atomically: true, encoding: .utf8)
            let store = folder.path + "/store-\(k).sqlite"
            let r = try CLI.run(["ingest", "--db", store, "--format-file", file, input])
            #expect(r.status == 2, "\(c.name): \(r.stderr)")
            #expect(r.stderr.contains("format file \(file): " + (c.key.map { "key '\($0)': " } ?? "")), "\(c.name): \(r.stderr)")
            #expect(r.stderr.contains(c.fault), "\(c.name): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: store), "\(c.name)")
        }
    }

    @Test func inspectAndMissingFilesAndTwoFilesOfOneName() throws {
        let folder = try TemporaryFolder("format-errors-cli")
        defer { folder.remove() }
        let bad = folder.path + "/bad.json"
        try Self.cases[4].json.write(toFile: bad, atomically: true, encoding: .utf8)
        let inspect = try CLI.run(["inspect", "--format-file", bad, repositoryRoot + "/Fixtures/formats/backyard-logger.json"])
        #expect(inspect.status == 2 && inspect.stderr.contains("key 'format': missing"), "\(inspect.stderr)")

        let missing = try CLI.run(["ingest", "--db", folder.path + "/s.sqlite", "--format-file", folder.path + "/nope.json", bad])
        #expect(missing.status == 2 && missing.stderr.contains("nope.json: cannot be read"), "\(missing.stderr)")

        let a = folder.path + "/a.json", b = folder.path + "/b.json"
        try Self.json(Self.observed()).write(toFile: a, atomically: true, encoding: .utf8)
        var other = Self.observed()
        other["match"] = ["station", "rows"]
        try Self.json(other).write(toFile: b, atomically: true, encoding: .utf8)
        let twice = try CLI.run(["ingest", "--db", folder.path + "/s.sqlite", "--format-file", a, "--format-file", b, bad])
        #expect(twice.status == 2 && twice.stderr.contains("key 'format': 'backyard/logger' is declared in \(a) too"), "\(twice.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/s.sqlite"))
    }

    /// A pipeline names the input and the entry at fault, with the format file's own message.
    @Test func aPipelineWithABadFormatFileExits2() throws {
        let folder = try TemporaryFolder("format-errors-pipeline")
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path + "/formats", withIntermediateDirectories: true)
        var broken = Self.observed()
        broken["values"] = ["temp_c": ["path": "t", "unit": "Rankine"]]
        try Self.json(broken).write(toFile: folder.path + "/formats/bad.json", atomically: true, encoding: .utf8)
        try "{}".write(toFile: folder.path + "/in.json", atomically: true, encoding: .utf8)
        let pipeline = """
        {"inputs": [{"path": "in.json", "formats": ["formats/bad.json"]}], "store": "s.sqlite"}
        """
        try pipeline.write(toFile: folder.path + "/p.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", folder.path + "/p.json"])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("key 'inputs[0].formats[0]': format file \(folder.path)/formats/bad.json: key 'values.temp_c.unit': 'Rankine' is not a unit of temperature"),
                "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/s.sqlite"))

        try "{\"inputs\": [\"in.json\"], \"store\": \"s.sqlite\", \"formats\": \"formats/bad.json\"}".write(toFile: folder.path + "/q.json", atomically: true, encoding: .utf8)
        let q = try CLI.run(["run", folder.path + "/q.json"])
        #expect(q.status == 2 && q.stderr.contains("key 'formats': must be an array of format files, not string"), "\(q.stderr)")
    }
}
