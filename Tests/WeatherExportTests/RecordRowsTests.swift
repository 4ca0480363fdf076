import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherExport
import WeatherStore

/// The fast export of the record tables (their row tables scanned alone, `RecordRows`) against
/// the view path it replaces — every row of the view through `CSV.cell` and `XLSXSheet.write` —
/// on rows written straight into the row tables with the values no decoder makes: NULLs,
/// negative zero, huge and subnormal doubles, whole numbers in REAL columns and reals in
/// INTEGER ones, text to quote or neutralise, instants at DST changes, before 1900, outside
/// years 0–9999 and not integers, feeds with an empty model, locations whose ids need quotes,
/// rows of a source still in progress.
@Suite struct RecordRowsTests {
    /// A store of such rows, both record tables.
    static func awkwardStore(in folder: TemporaryFolder, rows: Int = 1_500) throws -> Store {
        let store = try Store(path: folder.path + "/awkward.sqlite")
        let db = store.database
        let ids = ["plain", "=HYPERLINK(\"x\")", "New York, NY", "-3", "Zürich \"HB\"", "fixed+0530"]
        for (k, id) in ids.enumerated() {
            try store.saveLocation(Location(id: id, latitude: Double(k), longitude: -Double(k),
                                            timeZone: k % 2 == 0 ? "America/New_York" : nil, utcOffsetSeconds: k % 2 == 0 ? nil : 19_800))
            _ = try db.rows("INSERT OR IGNORE INTO location_keys (location_id) VALUES (?)", [.text(id)])
        }
        let feedTexts = ["open-meteo", "", "=cmd", "a,b", "say \"hi\"", "line\nbreak", "@x", "é 雨", "hour", "-"]
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<40 {
            let values = (0..<5).map { k in SQLValue.text(k < 2 && Bool.random(using: &rng) ? "p\(Int.random(in: 0...3, using: &rng))"
                                                          : feedTexts.randomElement(using: &rng)!) }
            _ = try db.rows("INSERT OR IGNORE INTO feeds (provider, product, model, period, station_id) VALUES (?, ?, ?, ?, ?)", values)
        }
        let feedKeys = try db.rows("SELECT key FROM feeds").compactMap { $0[0].int }
        let locationKeys = try db.rows("SELECT key FROM location_keys").compactMap { $0[0].int }
        let done = try store.beginSource(path: "done.json", member: nil, inputHash: "a", modifiedAt: nil, now: 0)
        let running = try store.beginSource(path: "running.json", member: nil, inputHash: "b", modifiedAt: nil, now: 0)
        let reals: [Double] = [0, -0.0, 1e300, -1e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1.0000000005, 123456789.5, 9999999999.5,
                               -273.15, 1013.25, 0.1 + 0.2, 8.720000000000027, 1e-5, 99999.99999, 2.5, -0.00012345678905]
        let texts = ["", "plain", "=SUM(A1)", "+1", "-3.5", "@me", "\tx", "\rx", "a,b", "a;b", "q\"uote", "line\nbreak",
                     "CR\r\nLF", "é ü 雨", "2024-05-01", "2024-13-45", String(repeating: "x", count: 40_000),
                     "nul\u{0}inside &", "2024-05-01\u{0}x", "_x0041_ <b>"]
        let instants: [Int64] = [0, -1, 1_711_846_800, 1_711_846_799, 1_710_054_000, 1_730_613_600, -2_208_988_800, -2_208_988_801,
                                 253_402_300_799, 253_402_300_800, -62_167_219_201, 951_782_400, 4_102_444_800]
        func value(type: String, notNull: Bool, instant: Bool) -> SQLValue {
            let r = Int.random(in: 0..<100, using: &rng)
            if r < 12 && !notNull { return .null }
            if instant {
                if r < 20 { return .real(1_714_550_400.5) }
                if r < 50 { return .integer(instants.randomElement(using: &rng)!) }
                return .integer(Int64.random(in: -3_000_000_000...5_000_000_000, using: &rng))
            }
            if r < 18 { return .text(texts.randomElement(using: &rng)!) }
            if type == "REAL" {
                if r < 28 { return .integer(Int64.random(in: -100...100, using: &rng)) }
                if r < 50 { return .real(reals.randomElement(using: &rng)!) }
                return .real(pow(10, Double.random(in: -8...14, using: &rng)) * (Bool.random(using: &rng) ? 1 : -1))
            }
            if type == "INTEGER" {
                if r < 26 { return .real([2.5, -0.0, 3, 1e20].randomElement(using: &rng)!) }
                return .integer([Int64.min, .max, 0, -1, Int64.random(in: -1_000_000...1_000_000, using: &rng)].randomElement(using: &rng)!)
            }
            return .text(texts.randomElement(using: &rng)!)
        }
        for table in ["forecast_rows", "observation_rows"] {
            let info = try db.rows("SELECT name, type, \"notnull\" FROM pragma_table_info(?) WHERE name != 'id'", [.text(table)])
            let names = info.compactMap { $0[0].string }
            let insert = "INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))"
            var inserted = 0
            for _ in 0..<rows {
                let row = info.map { column -> SQLValue in
                    let name = column[0].string!
                    switch name {
                    case "source_id": return .integer(Int.random(in: 0..<10, using: &rng) == 0 ? running : done)
                    case "feed_key": return .integer(feedKeys.randomElement(using: &rng)!)
                    case "location_key": return .integer(locationKeys.randomElement(using: &rng)!)
                    default: return value(type: column[1].string!, notNull: column[2].int == 1, instant: name.hasSuffix("_unix"))
                    }
                }
                if (try? db.rows(insert, row)) != nil { inserted += 1 }
            }
            #expect(inserted > rows / 2, "\(table): \(inserted) rows of \(rows) inserted")
        }
        try store.finishSource(id: done, bytes: 1, contentHash: "a", counts: .init())
        return store
    }

    /// What the view path writes: every row of the view (complete sources, by id) through `CSV.cell`.
    static func viewCSV(_ db: Database, table: String, dialect: CSVDialect) throws -> String {
        let columns = try Exporter(database: db).columns(of: table)
        var out = dialect.preamble + CSV.line(columns.map { CSV.headerCell($0.name, dialect: dialect) }, dialect: dialect) + dialect.lineEnding
        for row in try db.rows("SELECT * FROM \(table) WHERE \(StoreContents.completeSourcesCondition(column: "source_id")) ORDER BY id") {
            out += CSV.line(zip(row, columns).map { CSV.cell($0, as: $1.type, dialect: dialect) }, dialect: dialect) + dialect.lineEnding
        }
        return out
    }

    @Test func csvFromTheRowTablesIsTheViewsCellForCell() throws {
        let folder = try TemporaryFolder("recordrows")
        defer { folder.remove() }
        let store = try Self.awkwardStore(in: folder)
        for dialect in CSVDialect.allCases {
            let out = folder.path + "/csv-" + dialect.rawValue
            let written = try Exporter(database: store.database).exportCSV(tables: ["forecasts", "observations"], to: out, dialect: dialect)
            for (table, rows) in written {
                let expected = try Self.viewCSV(store.database, table: table, dialect: dialect)
                let got = String(decoding: try Data(contentsOf: URL(fileURLWithPath: out + "/\(table).csv")), as: UTF8.self)
                #expect(rows > 500 && rows < 1_500, "\(table): \(rows) rows")
                if got != expected {
                    let e = expected.components(separatedBy: dialect.lineEnding), g = got.components(separatedBy: dialect.lineEnding)
                    let k = (0..<min(e.count, g.count)).first { e[$0] != g[$0] } ?? min(e.count, g.count)
                    Issue.record("\(table) \(dialect): line \(k) differs:\n view: \(k < e.count ? e[k] : "-")\n fast: \(k < g.count ? g[k] : "-")")
                }
            }
        }
    }

    /// The workbook from the row tables and the one through the views (`fromRowTables: false`)
    /// hold the same parts byte for byte, the creation time aside.
    @Test func xlsxFromTheRowTablesIsTheViews() throws {
        let folder = try TemporaryFolder("recordrows")
        defer { folder.remove() }
        let store = try Self.awkwardStore(in: folder)
        let exporter = Exporter(database: store.database)
        let fast = folder.path + "/fast.xlsx", view = folder.path + "/view.xlsx"
        let a = try exporter.exportXLSX(tables: ["forecasts", "observations"], to: fast, units: .metric, rowsPerSheet: 400)
        let b = try exporter.exportXLSX(tables: ["forecasts", "observations"], to: view, units: .metric, rowsPerSheet: 400, fromRowTables: false)
        #expect(a == b && a.count >= 4, "\(a)")
        let out = try Python.json("xlsx_parts.py", [fast, view]) as? [String]
        #expect(out == [], "parts that differ: \(out ?? ["?"])")
    }

    /// The fixtures' store (schema 1, upgraded on open): both paths agree on real replies too.
    @Test func theFixturesStoreExportsTheSameBothWays() throws {
        let folder = try TemporaryFolder("recordrows")
        defer { folder.remove() }
        let path = folder.path + "/weather.sqlite"
        let gunzip = try Subprocess.shell("gzip -dc '\(repositoryRoot)/Fixtures/stores/v1/weather.sqlite.gz' > '\(path)'")
        #expect(gunzip.status == 0, "\(gunzip.stderr)")
        let store = try Store(path: path)
        #expect(try store.database.isView("forecasts"))
        let exporter = Exporter(database: store.database)
        for dialect in [CSVDialect.rfc4180, .spreadsheet] {
            let out = folder.path + "/csv-" + dialect.rawValue
            let written = try exporter.exportCSV(tables: ["forecasts", "observations"], to: out, dialect: dialect)
            #expect(written.allSatisfy { $0.1 > 50 }, "\(written)")
            for (table, _) in written {
                let got = String(decoding: try Data(contentsOf: URL(fileURLWithPath: out + "/\(table).csv")), as: UTF8.self)
                #expect(got == (try Self.viewCSV(store.database, table: table, dialect: dialect)), "\(table) \(dialect)")
            }
        }
        let fast = folder.path + "/fast.xlsx", view = folder.path + "/view.xlsx"
        _ = try exporter.exportXLSX(tables: ["forecasts", "observations"], to: fast, units: .metric, rowsPerSheet: 1_000_000)
        _ = try exporter.exportXLSX(tables: ["forecasts", "observations"], to: view, units: .metric, rowsPerSheet: 1_000_000, fromRowTables: false)
        let out = try Python.json("xlsx_parts.py", [fast, view]) as? [String]
        #expect(out == [], "parts that differ: \(out ?? ["?"])")
    }

    /// A sheet's number text reads back as `CSV.rounded` of the value, bit for bit (the value
    /// itself where that overflows), and the width noted is `CSV.formatReal`'s.
    @Test func sheetNumbersAreWhatTheTextSays() {
        var rng = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 1, -1, 25, 0.5, 2.5, 1e-4, 9.9999e-5, 123456789, 1234567890, 9999999999, 9_999_999_999.4,
                                1e10, 12.364, 8.720000000000027, 1018.1, 0.000123456789012, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        for _ in 0..<300_000 {
            values.append(pow(10, Double.random(in: -6...11, using: &rng)) * (Bool.random(using: &rng) ? 1 : -1))
            values.append((Double(Int.random(in: -400...1100, using: &rng)) / 10 - 32) * 5 / 9)
            values.append(Double(Int.random(in: 0...100_000, using: &rng)) * 0.254)
            values.append(Double(Int64.random(in: -99_999_999_999...99_999_999_999, using: &rng)) / pow(10, Double(Int.random(in: 0...14, using: &rng))))
        }
        var mismatches: [String] = []
        let out = ByteBuffer(capacity: 64)
        for v in values {
            out.count = 0
            let width = SheetNumbers.appendReal(v, to: out)
            let text = String(decoding: out.contents, as: UTF8.self)
            let expected = CSV.rounded(v).isFinite ? CSV.rounded(v) : v  // 10 digits past the largest double: all 17
            if (Double(text)?.bitPattern != expected.bitPattern || width != CSV.formatReal(expected).count) && mismatches.count < 10 {
                mismatches.append("\(v): '\(text)' \(width) ≠ \(expected) \(CSV.formatReal(expected).count)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        for v: Int64 in [0, 9, 10, -1, -10, 99, 100, .max, .min] { #expect(SheetNumbers.digits(v) == String(v).count) }
    }

    /// Date serials as `%.17g` prints them (so they read back as the same double), from the
    /// cache of fractions, over every binade of days a serial has, every second of a day and
    /// random instants of 1900–9999.
    @Test func serialTextIsWhatPrintfSays() {
        let serials = SerialText()
        let out = ByteBuffer(capacity: 64)
        var rng = SystemRandomNumberGenerator()
        var cases: [(Int64, Int64)] = []
        for day: Int64 in [2, 3, 4, 7, 8, 9, 10, 15, 16, 99, 100, 1023, 1024, 9999, 10_000, 16_383, 16_384, 32_767, 32_768, 45_292,
                           65_535, 65_536, 99_999, 100_000, 2_958_465] {
            for seconds: Int64 in [0, 1, 59, 3600, 43_200, 86_399] { cases.append((day, seconds)) }
        }
        for seconds in 0..<Int64(86_400) { cases.append((45_292, seconds)) }
        for _ in 0..<200_000 { cases.append((Int64.random(in: 2...2_958_465, using: &rng), Int64.random(in: 0..<86_400, using: &rng))) }
        cases.append((45_292, 86_400))  // a leap second: printed, not cached
        var mismatches: [String] = []
        for (day, seconds) in cases {
            out.count = 0
            serials.append(day: day, seconds: seconds, to: out)
            let text = String(decoding: out.contents, as: UTF8.self)
            let serial = Double(day) + Double(seconds) / 86_400
            if (text != SheetNumbers.printed(serial) || Double(text) != serial) && mismatches.count < 10 {
                mismatches.append("\(day) \(seconds): '\(text)' ≠ '\(SheetNumbers.printed(serial))'")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }
}

/// A reproducible generator (SplitMix64), so a failing store can be made again.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
