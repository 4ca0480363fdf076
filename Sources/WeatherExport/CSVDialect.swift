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
