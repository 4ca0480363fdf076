import CXlsxWriter
import WeatherStore

/// A record table into sheets from its row table (`RecordRows`), the cells `XLSXSheet.write`
/// would write for the view's values: numbers through the typed call with no text made for
/// them, instants as date serials computed from their seconds, text handed to libxlsxwriter
/// from SQLite's buffer. Anything unusual (a formula to neutralise, a long text, a date column,
/// a blob, an instant outside 1900–9999) takes `write`'s own path.
extension SheetSequence {
    mutating func add(_ rows: RecordRows) throws {
        let sources = rows.sources
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
                    try sheet.write(rows.feedValues[f], row: row, column: c, type: types[c])
                case .location:
                    try sheet.write(rows.locationValue, row: row, column: c, type: types[c])
                }
            }
        }
    }
}

extension XLSXSheet {
    @inline(__always)
    func writeInteger(_ v: Int64, row: UInt32, column c: Int) throws(ExportError) {
        try check(worksheet_write_number(sheet, row, lxw_col_t(c), Double(v), nil))
        note(c, SheetNumbers.digits(v))
    }

    /// `write(.real)`: the value as CSV writes it (`CSV.rounded`) and its text's width.
    @inline(__always)
    func writeReal(_ v: Double, row: UInt32, column c: Int) throws(ExportError) {
        guard v.isFinite else { return }
        guard let (shown, width) = SheetNumbers.real(v) else {
            return try write(.real(v), row: row, column: c, type: .real)
        }
        try check(worksheet_write_number(sheet, row, lxw_col_t(c), shown, nil))
        note(c, width)
    }

    /// Unix seconds of 1900–9999 as a date-time serial, as `SpreadsheetDate.serial` computes it
    /// from the view's text: whole days since 1899-12-30, then the seconds of the day / 86,400.
    @inline(__always)
    func writeInstant(_ v: Int64, row: UInt32, column c: Int) throws(ExportError) {
        let days = v >= 0 ? v / 86_400 : (v - 86_399) / 86_400
        let serial = Double(days + 25_569) + Double(v - days * 86_400) / 86_400
        try check(worksheet_write_number(sheet, row, lxw_col_t(c), serial, book.dateTime))
        note(c, 19)
    }

    /// Text from SQLite's NUL-terminated buffer; text to neutralise, empty or too long for a
    /// cell goes through `writeText(String)`.
    @inline(__always)
    func writeText(_ bytes: UnsafeBufferPointer<UInt8>, row: UInt32, column c: Int) throws(ExportError) {
        guard let start = bytes.baseAddress, let first = bytes.first, bytes.count <= XLSXWorkbook.maxCellBytes,
              CSV.neutralise(first) == false else {
            return try writeText(String(decoding: bytes, as: UTF8.self), row: row, col: lxw_col_t(c))
        }
        try check(worksheet_write_string(sheet, row, lxw_col_t(c), UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self), nil))
        // The width in characters: bytes for ASCII without CR (CR LF is one character) or NUL
        // (where the C string, and so the cell, ends).
        var plain = true
        for b in bytes where b >= 0x80 || b == 0x0D || b == 0 {
            plain = false
            break
        }
        note(c, plain ? bytes.count : String(cString: start).count)
    }
}

/// Numbers as the sheet writer shows them, without text.
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

    /// `(CSV.rounded(v), CSV.formatReal(v).count)` for a finite `v`, computed from the ten
    /// digits `CSVEncoder.tenDigits` finds: the digits d (trailing zeros dropped) and a power of
    /// ten both exact as doubles, so one multiplication or division rounds correctly, as
    /// reading the text back does. Nil where `tenDigits` leaves the rounding to `vsnprintf`.
    static func real(_ v: Double) -> (Double, Int)? {
        if v == 0 { return (v, v.sign == .minus ? 4 : 3) }
        guard let (digits, exponent) = CSVEncoder.tenDigits(v.magnitude) else { return nil }
        var d = digits
        var significant = 10
        while d % 10 == 0 && significant > 1 { d /= 10; significant -= 1 }
        let scale = exponent - (significant - 1)  // the value is d × 10^scale
        var shown = scale >= 0 ? Double(d) * powersOfTen[scale] : Double(d) / powersOfTen[-scale]
        if v < 0 { shown = -shown }
        let width: Int
        if exponent < 0 {
            width = 2 + (-exponent - 1) + significant  // 0.000ddd
        } else if significant <= exponent + 1 {
            width = exponent + 1 + 2  // ddd00.0
        } else {
            width = significant + 1  // dd.ddd
        }
        return (shown, width + (v < 0 ? 1 : 0))
    }

    /// 10^0 … 10^22, exact as doubles.
    private static let powersOfTen: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { r, _ in r * 10 } }
}
