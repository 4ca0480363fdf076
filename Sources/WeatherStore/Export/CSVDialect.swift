/// How CSV is written for its reader.
public enum CSVDialect: String, Sendable, CaseIterable {
    /// RFC 4180, UTF-8 without BOM, LF line ends, ISO 8601 instants with `Z`: for programs.
    case rfc4180
    /// For Excel and LibreOffice: UTF-8 with a BOM (so accents survive), CRLF line ends, and
    /// instants as `YYYY-MM-DD HH:MM:SS` (UTC, as the `_utc` column names say) so that they are
    /// read as date-times, not text.
    case spreadsheet

    var lineEnding: String { self == .spreadsheet ? "\r\n" : "\n" }
    var preamble: String { self == .spreadsheet ? "\u{FEFF}" : "" }
}

/// The unit system of exported values.
public enum ExportUnits: String, Sendable, CaseIterable {
    /// The canonical units of the store: °C, mm, m/s, hPa, km-free metres.
    case metric
    /// US customary: °F, in, mph, inHg, miles; columns renamed (`temp_f`, `precip_in`).
    case imperial
}

/// A unit conversion of one column for the imperial export.
struct UnitConversion: Sendable {
    var fromSuffix: String
    var toSuffix: String
    var convert: @Sendable (Double) -> Double
    /// For differences (errors, biases): the scale without the offset.
    var scale: Double

    static let imperial: [UnitConversion] = [
        UnitConversion(fromSuffix: "_c", toSuffix: "_f", convert: { $0 * 9 / 5 + 32 }, scale: 9.0 / 5),
        UnitConversion(fromSuffix: "_mmh", toSuffix: "_inh", convert: { $0 / 25.4 }, scale: 1 / 25.4),
        UnitConversion(fromSuffix: "_mm", toSuffix: "_in", convert: { $0 / 25.4 }, scale: 1 / 25.4),
        UnitConversion(fromSuffix: "_cm", toSuffix: "_in", convert: { $0 / 2.54 }, scale: 1 / 2.54),
        UnitConversion(fromSuffix: "_ms", toSuffix: "_mph", convert: { $0 / 0.44704 }, scale: 1 / 0.44704),
        UnitConversion(fromSuffix: "_hpa", toSuffix: "_inhg", convert: { $0 * 0.0295300 }, scale: 0.0295300),
        UnitConversion(fromSuffix: "_m", toSuffix: "_mi", convert: { $0 / 1609.344 }, scale: 1 / 1609.344),
    ]

    /// The conversion for a column or variable name by its unit suffix.
    static func forName(_ name: String) -> UnitConversion? {
        imperial.first { name.hasSuffix($0.fromSuffix) }
    }

    static func rename(_ name: String) -> String {
        guard let c = forName(name) else { return name }
        return String(name.dropLast(c.fromSuffix.count)) + c.toSuffix
    }
}
