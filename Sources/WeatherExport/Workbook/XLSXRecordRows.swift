#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WeatherStore

/// A record table into sheets from its row table (`RecordRows`), the cells `XLSXSheet.write`
/// would write for the view's values: numbers written as text straight into the sheet's XML,
/// instants as date serials computed from their seconds, text copied from SQLite's buffer.
/// Anything unusual (a formula to neutralise, a long text, a date column, a blob, an instant
/// outside 1900–9999) takes `write`'s own path.
extension SheetSequence {
    mutating func add(_ rows: RecordRows) throws {
        let sources = rows.sources
        // The feed's and location's cells, written once per feed and location (`feedGeneration`).
        let repeated = RepeatedCells(columns: sources.count)
        var generation = -1
        while try rows.next() {
            let (sheet, row) = try nextRow()
            sheet.lastRow = row
            for c in 0..<sources.count {
                switch sources[c] {
                case .column(let k):
                    switch rows.cell(k) {
                    case .null: continue
                    case .integer(let v): try sheet.writeInteger(v, row: row, column: c)
                    case .real(let v): try sheet.writeReal(v, row: row, column: c)
                    case .text(let bytes):
                        if types[c] == .date || types[c] == .dateTime {
                            try sheet.write(.text(String(decoding: bytes, as: UTF8.self)), row: row, column: c, type: types[c])
                        } else {
                            try sheet.writeText(bytes, row: row, column: c)
                        }
                    case .blob: try sheet.write(rows.value(k), row: row, column: c, type: types[c])
                    }
                case .instant(let k):
                    switch rows.cell(k) {
                    case .null: continue
                    case .integer(let v) where v >= SheetNumbers.firstInstant && v <= SheetNumbers.lastInstant:
                        try sheet.writeInstant(v, row: row, column: c)
                    default:
                        if let text = CSVEncoder.strftime(rows.value(k)) {
                            try sheet.write(.text(text), row: row, column: c, type: types[c])
                        }
                    }
                case .feed(let f):
                    if generation != rows.feedGeneration { generation = rows.feedGeneration; repeated.forget() }
                    try sheet.writeRepeated(repeated, row: row, column: c, type: types[c]) { rows.feedValues[f] }
                case .location:
                    if generation != rows.feedGeneration { generation = rows.feedGeneration; repeated.forget() }
                    try sheet.writeRepeated(repeated, row: row, column: c, type: types[c]) { rows.locationValue }
                }
            }
            try sheet.endRow()
        }
    }
}

extension XLSXSheet {
    @inline(__always)
    func writeInteger(_ v: Int64, row: UInt32, column c: Int) throws(ExportError) {
        let out = beginCell(row: row, column: c)
        out.append("><v>")
        if v < 0 { out.append(UInt8(ascii: "-")) }
        out.appendDecimal(v.magnitude)
        out.append("</v></c>")
        note(c, SheetNumbers.digits(v))
    }

    /// The value as CSV writes it (`CSV.rounded`): its `%.10g` text, which reads back as that
    /// double; not finite is an empty cell.
    @inline(__always)
    func writeReal(_ v: Double, row: UInt32, column c: Int) throws(ExportError) {
        guard v.isFinite else { return }
        let out = beginCell(row: row, column: c)
        out.append("><v>")
        note(c, SheetNumbers.appendReal(v, to: out))
        out.append("</v></c>")
    }

    /// Unix seconds of 1900–9999 as a date-time serial, as `SpreadsheetDate.serial` computes it
    /// from the view's text: the serial day (`SpreadsheetDate.excelDay`), then the seconds of the
    /// day / 86,400.
    @inline(__always)
    func writeInstant(_ v: Int64, row: UInt32, column c: Int) throws(ExportError) {
        let days = v >= 0 ? v / 86_400 : (v - 86_399) / 86_400
        try writeSerial(day: SpreadsheetDate.excelDay(days + 25_569), seconds: v - days * 86_400, row: row, column: c, date: false)
    }

    /// A date serial with the date or date-time format.
    @inline(__always)
    func writeSerial(day: Int64, seconds: Int64, row: UInt32, column c: Int, date: Bool) throws(ExportError) {
        let out = beginCell(row: row, column: c)
        out.append(" s=\"")
        out.append(date ? WorkbookParts.dateStyle : WorkbookParts.dateTimeStyle)
        out.append("\"><v>")
        serials.append(day: day, seconds: seconds, to: out)
        out.append("</v></c>")
        note(c, date ? 10 : 19)
    }

    /// Text from SQLite's buffer, copied as it is when it is plain ASCII (`SheetText.isPlain`)
    /// and needs no neutralising; anything else goes through `writeText(String)`.
    @inline(__always)
    func writeText(_ bytes: UnsafeBufferPointer<UInt8>, row: UInt32, column c: Int) throws(ExportError) {
        guard let first = bytes.first, bytes.count <= XLSXWorkbook.maxCellBytes, !CSV.neutralise(first), SheetText.isPlain(bytes) else {
            return try writeText(String(decoding: bytes, as: UTF8.self), row: row, column: c)
        }
        let out = beginCell(row: row, column: c)
        out.append(" t=\"inlineStr\"><is><t>")
        out.append(contentsOf: bytes)
        out.append("</t></is></c>")
        note(c, bytes.count)
    }
}

/// Numbers as the sheet writer shows them.
enum SheetNumbers {
    /// 1900-01-01T00:00:00Z and 9999-12-31T23:59:59Z: the instants `SpreadsheetDate.serial`
    /// reads from the views' text (earlier ones stay text).
    static let firstInstant: Int64 = -2_208_988_800
    static let lastInstant: Int64 = 253_402_300_799

    /// `String(v).count`.
    static func digits(_ v: Int64) -> Int {
        var n = v < 0 ? 2 : 1
        var x = v.magnitude
        while x >= 10 { x /= 10; n += 1 }
        return n
    }

    /// A finite `v` as `%.10g` (CSV's digits, so the cell reads back as `CSV.rounded(v)`),
    /// without the `.0` CSV adds to a whole number; returns the width of `CSV.formatReal`.
    static func appendReal(_ v: Double, to out: ByteBuffer) -> Int {
        if v == 0 {
            if v.sign == .minus { out.append(UInt8(ascii: "-")) }
            out.append(UInt8(ascii: "0"))
            return v.sign == .minus ? 4 : 3
        }
        if let (written, whole) = out.appendTenDigits(v, decimal: UInt8(ascii: "."), pointZero: false) {
            return whole ? written + 2 : written
        }
        // Ten digits that overflow when read back (near the largest double): all of them.
        var text = CSV.rounded(v).isFinite ? CSV.significant(v) : printed(v)
        text.withUTF8 { out.append(contentsOf: $0) }
        return CSV.formatReal(v).count
    }

    /// `%.17g`: always enough digits to read back as the same double.
    static func printed(_ v: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 40)
        let n = withVaList([v]) { vsnprintf(&buffer, buffer.count, "%.17g", $0) }
        return String(decoding: buffer.prefix(Int(max(0, min(39, n)))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
