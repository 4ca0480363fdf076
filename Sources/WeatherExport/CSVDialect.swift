/// How CSV is written for its reader.
public enum CSVDialect: String, Sendable, CaseIterable {
    /// RFC 4180, UTF-8 without BOM, LF line ends, ISO 8601 instants with `Z`: for programs.
    case rfc4180
    /// For Excel and LibreOffice: UTF-8 with a BOM (so accents survive in Excel), CRLF line ends,
    /// and instants as `YYYY-MM-DD HH:MM:SS` (UTC, as the `_utc` column names say) so that they
    /// are read as date-times, not text.
    case spreadsheet
    /// As `spreadsheet`, for decimal-comma locales (most of Europe, Brazil): `;` between cells
    /// and `,` before decimals, which is what Excel expects there; dates stay ISO
    /// (`YYYY-MM-DD HH:MM:SS`), which Excel and LibreOffice type as dates in every locale.
    case spreadsheetEU = "spreadsheet-eu"

    /// Between cells.
    public var separator: String { self == .spreadsheetEU ? ";" : "," }
    /// Before the decimals of a number.
    public var decimalSeparator: String { self == .spreadsheetEU ? "," : "." }
    /// Whether instants are written `YYYY-MM-DD HH:MM:SS` (spreadsheets) or ISO 8601 with `Z`.
    public var spreadsheetDates: Bool { self != .rfc4180 }

    var lineEnding: String { self == .rfc4180 ? "\n" : "\r\n" }
    var preamble: String { self == .rfc4180 ? "" : "\u{FEFF}" }
}
