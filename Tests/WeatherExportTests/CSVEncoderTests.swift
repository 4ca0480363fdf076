import Foundation
import Testing
import WeatherCore
import WeatherStore
@testable import WeatherExport

/// The byte-level CSV encoder writes exactly what `CSV.cell` writes (its `%.10g` through
/// vsnprintf, the views' `strftime`), for values chosen to sit on every boundary.
@Suite struct CSVEncoderTests {
    func encoded(_ v: Double, _ dialect: CSVDialect = .rfc4180) -> String {
        var e = CSVEncoder(dialect: dialect)
        e.appendReal(v)
        return String(decoding: e.bytes, as: UTF8.self)
    }

    @Test func realsAreWrittenAsPercentTenG() {
        var values: [Double] = [0, -0.0, 1, -1, 25, 0.5, 1.5, 2.5, 0.1, 0.2, 0.3, 1e-4, 9.9999e-5, 1e-5, 123456789, 1234567890,
                                9999999999, 9999999999.5, 9_999_999_999.4, 1e10, 1e11, 1e20, 12.364, 8.720000000000027,
                                1018.1, 5.856224, 0.444444444444443, 99999.99999, 9.99999999995, 0.000123456789012,
                                .infinity, -.infinity, .nan, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<200_000 {
            let magnitude = Double.random(in: -6...11, using: &rng)
            let v = pow(10, magnitude) * (Bool.random(using: &rng) ? 1 : -1)
            values.append(v)
            // Values a conversion makes (°F → °C, inches → mm) and values on a digit boundary.
            values.append((Double(Int.random(in: -400...1100, using: &rng)) / 10 - 32) * 5 / 9)
            values.append(Double(Int.random(in: 0...100_000, using: &rng)) * 0.254)
            values.append(Double(Int.random(in: 1...999_999, using: &rng)) / 1000 + 0.0000000005)
        }
        var mismatches: [String] = []
        for v in values {
            for dialect in [CSVDialect.rfc4180, .spreadsheetEU] {
                let expected = CSV.formatReal(v, decimal: dialect.decimalSeparator)
                let got = encoded(v, dialect)
                if got != expected && mismatches.count < 10 { mismatches.append("\(v): \(got) ≠ \(expected)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test func integersAndInstantsAreWhatSQLiteWrites() throws {
        let db = try Database(path: ":memory:")
        let select = try db.prepare("SELECT ?, strftime('%Y-%m-%dT%H:%M:%SZ', ?, 'unixepoch')")
        var instants: [Int64] = [0, -1, 1, 86_399, 86_400, -86_400, -86_401, 951_782_400, 4_102_444_800, 253_402_300_799,
                                 253_402_300_800, -62_167_219_200, -62_167_219_201, .max, .min,
                                 Self.sqliteMisdatedDay * 86_400, Self.sqliteMisdatedDay * 86_400 + 32_679]
        for _ in 0..<20_000 { instants.append(Int64.random(in: -62_200_000_000...253_500_000_000)) }
        // Runs of instants of one day (a reply's hours), written by one encoder: what it keeps of
        // the last day must never leak into the next.
        let start = Int64.random(in: 0...4_000_000_000)
        instants += (0..<500).map { start + Int64($0) * 1_800 }
        var shared = CSVEncoder(dialect: .rfc4180)
        var expected = ""
        for v in instants {
            select.reset()
            try select.set(1, v)
            try select.set(2, v)
            #expect(try select.step())
            var integer = CSVEncoder(dialect: .rfc4180)
            integer.appendCell(select, 0, type: .integer, unixInstant: false)
            #expect(String(decoding: integer.bytes, as: UTF8.self) == String(v))
            var instant = CSVEncoder(dialect: .rfc4180)
            instant.appendCell(select, 0, type: .dateTime, unixInstant: true)
            // The view's text as a cell: a negative year ('-001-…') is neutralised like any text.
            var view = select.column(1)
            let day = v / 86_400 - (v % 86_400 < 0 ? 1 : 0)
            if day == Self.sqliteMisdatedDay, case .text(let text) = view {
                // SQLite 3.40 (Debian 12's) dates this one day 0300-02-29, a day the Gregorian calendar
                // does not have; wxpipe writes the true date, checked here by the inverse formula.
                let ours = String(decoding: instant.bytes, as: UTF8.self)
                #expect(text == ours || text.hasPrefix("0300-02-29"), "\(text)")
                #expect(ours.hasPrefix("0300-03-01") && UTCTime.days(year: 300, month: 3, day: 1) == day, "\(ours)")
                view = .text("0300-03-01" + text.dropFirst(10))
            }
            #expect(String(decoding: instant.bytes, as: UTF8.self) == CSV.cell(view, as: .dateTime), "\(v)")
            var spaced = CSVEncoder(dialect: .spreadsheet)
            spaced.appendCell(select, 0, type: .dateTime, unixInstant: true)
            #expect(String(decoding: spaced.bytes, as: UTF8.self) == CSV.cell(view, as: .dateTime, dialect: .spreadsheet), "\(v)")
            shared.appendCell(select, 0, type: .dateTime, unixInstant: true)
            shared.appendSeparator()
            expected += CSV.cell(view, as: .dateTime) + ","
        }
        #expect(String(decoding: shared.bytes, as: UTF8.self) == expected)
    }

    /// The only day of years 0000–9999 on which SQLite 3.40's floating-point calendar
    /// (`computeYMD`) and the proleptic Gregorian one disagree: 0300-03-01, found by comparing
    /// every day of the range with Python's `datetime`.
    static let sqliteMisdatedDay: Int64 = -609_896

    @Test func textIsQuotedAndNeutralisedAsCSVDoes() throws {
        let db = try Database(path: ":memory:")
        let select = try db.prepare("SELECT ?")
        for text in ["plain", "=1+2", "+x", "-3.5+A1", "@SUM(A1)", "\tx", "\rx", "a,b", "a;b", "say \"hi\"", "line\nbreak", "=\"a,b\"", "", "é ü 雨"] {
            for dialect in CSVDialect.allCases {
                select.reset()
                try select.set(1, text)
                #expect(try select.step())
                var e = CSVEncoder(dialect: dialect)
                e.appendCell(select, 0, type: .text, unixInstant: false)
                #expect(String(decoding: e.bytes, as: UTF8.self) == CSV.cell(.text(text), as: .text, dialect: dialect), "\(text) \(dialect)")
            }
        }
    }
}
