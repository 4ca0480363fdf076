import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherExport
import WeatherStore

struct ExporterTests {
    /// A store with one location and one observation whose place name is a formula.
    func sampleStore(in folder: TemporaryFolder) throws -> Store {
        let store = try Store(path: folder.path + "/s.sqlite")
        try store.saveLocation(Location(id: "l", name: "Lon,don", latitude: 51.5, longitude: -0.12))
        let s = try store.beginSource(path: "a.json", member: nil, inputHash: "h", modifiedAt: nil, now: 0)
        var o = Observation(provider: "openweathermap", product: "current", observedAt: 1714550400, latitude: 51.5, longitude: -0.12)
        o.tempC = 12.5
        o.precipRateMmh = 2.54
        o.placeName = "=cmd|' /C calc'!A0"
        _ = try store.insert(o, locationID: "l", sourceID: s, line: 1)
        try store.finishSource(id: s, bytes: 1, contentHash: "h", counts: .init())  // exports read complete sources only
        return store
    }

    @Test func exportCSVAndSQLite() throws {
        let folder = try TemporaryFolder("export")
        defer { folder.remove() }
        let store = try sampleStore(in: folder)
        let out = folder.path + "/csv"
        let exporter = Exporter(database: store.database)
        let written = try exporter.exportCSV(tables: ["observations", "locations"], to: out)
        #expect(written.map(\.0) == ["observations", "locations"])
        let csv = try String(contentsOfFile: out + "/observations.csv", encoding: .utf8)
        let lines = csv.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("id,source_id,line,provider,product,location_id,observed_at_utc,temp_c"))
        #expect(lines[1].contains(",12.5,,"))  // missing dew point is an empty cell
        #expect(lines[1].contains("'=cmd"))
        #expect(try String(contentsOfFile: out + "/locations.csv", encoding: .utf8).contains("\"Lon,don\""))
        #expect(throws: ExportError.self) { try exporter.exportCSV(tables: ["nope"], to: out) }

        let copy = folder.path + "/copy.sqlite"
        try exporter.exportSQLite(tables: ["observations"], to: copy)
        let db = try Database(path: copy, readOnly: true)
        #expect(try db.tableNames() == ["observations"])
        #expect(try db.scalar("SELECT temp_c FROM observations")?.double == 12.5)
    }

    @Test func exportIntoAFileWhereAFolderIsExpectedFails() throws {
        let folder = try TemporaryFolder("export")
        defer { folder.remove() }
        let store = try sampleStore(in: folder)
        let blocker = folder.path + "/blocker"
        _ = FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8))
        #expect(throws: ExportError.self) { try Exporter(database: store.database).exportCSV(tables: [], to: blocker + "/csv") }
    }

    @Test func aRequestDispatchesByFormat() throws {
        let folder = try TemporaryFolder("export")
        defer { folder.remove() }
        let store = try sampleStore(in: folder)
        let exporter = Exporter(database: store.database)
        let csv = try exporter.export(try ExportRequest(format: .csv, tables: ["observations"], units: .imperial), to: folder.path + "/csv")
        #expect(csv == .csvFiles([Exporter.WrittenTable(table: "observations", rows: 1)]))
        let header = try String(contentsOfFile: folder.path + "/csv/observations.csv", encoding: .utf8).split(separator: "\n")[0]
        #expect(header.contains(",temp_f,") && header.contains(",precip_rate_inh,") && !header.contains("temp_c"))
        let sqlite = try exporter.export(try ExportRequest(format: .sqlite, tables: ["locations"]), to: folder.path + "/copy.sqlite")
        #expect(sqlite == .sqliteFile)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/copy.sqlite"))
    }

    /// Options a format would ignore are refused, not dropped.
    @Test func optionsTheFormatIgnoresAreRefused() throws {
        #expect(throws: ExportError.self) { try ExportRequest(format: .sqlite, units: .imperial) }
        #expect(throws: ExportError.self) { try ExportRequest(format: .sqlite, dialect: .spreadsheet) }
        #expect(try ExportRequest(format: .sqlite, units: .metric).units == .metric)
        #expect(try ExportRequest(format: .csv, dialect: .spreadsheet, units: .imperial).units == .imperial)
    }

    @Test func unitsConvertAndRenameBySuffix() {
        #expect(Units.metric.conversions.isEmpty)
        #expect(Units.metric.rename("temp_c") == "temp_c")
        let imperial = Units.imperial
        #expect(imperial.rename("temp_c") == "temp_f")
        #expect(imperial.rename("precip_rate_mmh") == "precip_rate_inh")  // not `_in` + `h`
        #expect(imperial.rename("snowfall_cm") == "snowfall_in")
        #expect(imperial.rename("visibility_m") == "visibility_mi")
        #expect(imperial.rename("humidity_pct") == "humidity_pct")
        #expect(imperial.conversion(for: "temp_c")?.value(100) == 212)
        #expect(imperial.conversion(for: "temp_c")?.difference(10) == 18)  // no offset on a difference
        #expect(imperial.conversion(for: "precip_mm")?.value(25.4) == 1)
        #expect(imperial.conversion(for: "wind_speed_ms")?.value(0.44704) == 1)
    }

    @Test func writeTextLeavesNoTemporaryFile() throws {
        let folder = try TemporaryFolder("export")
        defer { folder.remove() }
        let path = folder.path + "/deep/er/report.html"
        try OutputFile.writeText("<p>hi</p>", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "<p>hi</p>")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/deep/er") == ["report.html"])
    }
}
