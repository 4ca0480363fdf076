import CXlsxWriter
import WeatherStore

/// An XLSX workbook written through libxlsxwriter in constant-memory mode: each row goes to a
/// temporary file of its sheet as soon as the next row starts, so memory stays flat whatever the
/// number of rows. Rows must therefore be written in order, one sheet after the other.
/// https://libxlsxwriter.github.io/working_with_memory.html
final class XLSXWorkbook {
    /// Excel's sheet size: 1,048,576 rows, of which the first is the header.
    static let maxRowsPerSheet = 1_048_576
    /// The longest text a cell holds (Excel's limit, in libxlsxwriter's bytes).
    static let maxCellBytes = 32_767

    private let workbook: UnsafeMutablePointer<lxw_workbook>
    private var closed = false
    let path: String
    let bold: UnsafeMutablePointer<lxw_format>
    let date: UnsafeMutablePointer<lxw_format>
    let dateTime: UnsafeMutablePointer<lxw_format>

    init(path: String) throws(ExportError) {
        var options = lxw_workbook_options(constant_memory: UInt8(LXW_TRUE.rawValue), tmpdir: nil, use_zip64: UInt8(LXW_FALSE.rawValue))
        guard let wb = workbook_new_opt(path, &options) else { throw ExportError("cannot create the workbook \(path)") }
        workbook = wb
        self.path = path
        bold = workbook_add_format(wb)
        format_set_bold(bold)
        date = workbook_add_format(wb)
        format_set_num_format(date, "yyyy-mm-dd")
        dateTime = workbook_add_format(wb)
        format_set_num_format(dateTime, "yyyy-mm-dd hh:mm:ss")
    }

    /// Frees the workbook when it was not closed (an export that failed half-way).
    deinit { if !closed { _ = workbook_close(workbook) } }

    func addSheet(_ name: String) throws(ExportError) -> XLSXSheet {
        guard let ws = workbook_add_worksheet(workbook, name) else { throw ExportError("cannot add the sheet '\(name)' to \(path)") }
        return XLSXSheet(sheet: ws, book: self)
    }

    /// Assembles and writes the file; libxlsxwriter creates it only now.
    func close() throws(ExportError) {
        closed = true
        let rc = workbook_close(workbook)
        guard rc == LXW_NO_ERROR else { throw ExportError("cannot write \(path): \(String(cString: lxw_strerror(rc)))") }
    }
}

/// One worksheet: a bold, frozen header row with an autofilter, typed cells, and column widths
/// from the longest value seen.
final class XLSXSheet {
    let sheet: UnsafeMutablePointer<lxw_worksheet>
    unowned let book: XLSXWorkbook
    private var widths: [Int] = []
    var lastRow: UInt32 = 0

    init(sheet: UnsafeMutablePointer<lxw_worksheet>, book: XLSXWorkbook) {
        self.sheet = sheet
        self.book = book
    }

    func header(_ names: [String]) throws(ExportError) {
        widths = names.map { $0.count + 3 }  // room for the filter button
        for (c, name) in names.enumerated() {
            try check(worksheet_write_string(sheet, 0, lxw_col_t(c), CSV.neutralise(name), book.bold))
        }
        worksheet_freeze_panes(sheet, 1, 0)
    }

    /// Writes one data row at `row` (1-based below the header): numbers as numbers, dates and
    /// date-times as date serials with a date format, text neutralised as in CSV, NULL as an
    /// empty cell.
    func write(row: UInt32, _ values: [SQLValue], types: [ColumnType]) throws(ExportError) {
        for (c, value) in values.enumerated() {
            try write(value, row: row, column: c, type: c < types.count ? types[c] : ColumnType(value: value, name: ""))
        }
    }

    /// One cell of a data row (`write(row:)`'s rules).
    func write(_ value: SQLValue, row: UInt32, column c: Int, type: ColumnType) throws(ExportError) {
        lastRow = row
        let col = lxw_col_t(c)
        switch value {
        case .null:
            return
        case .integer(let v):
            try check(worksheet_write_number(sheet, row, col, Double(v), nil))
            note(c, String(v).count)
        case .real(let v):
            guard v.isFinite else { return }
            let shown = CSV.rounded(v)
            try check(worksheet_write_number(sheet, row, col, shown, nil))
            note(c, CSV.formatReal(shown).count)
        case .text(let s):
            if type == .date || type == .dateTime, let serial = SpreadsheetDate.serial(s) {
                let isDate = type == .date && s.utf8.count == 10
                try check(worksheet_write_number(sheet, row, col, serial, isDate ? book.date : book.dateTime))
                note(c, isDate ? 10 : 19)
            } else {
                try writeText(s, row: row, col: col)
            }
        case .blob(let b):
            try writeText("x'" + b.map { String($0, radix: 16) }.joined() + "'", row: row, col: col)
        }
    }

    func writeText(_ s: String, row: UInt32, col: lxw_col_t) throws(ExportError) {
        var text = CSV.neutralise(s)
        if text.utf8.count > XLSXWorkbook.maxCellBytes {
            // Cut on a character boundary, marked with an ellipsis (3 bytes).
            var bytes = 0
            var end = text.startIndex
            for i in text.indices {
                bytes += text[i].utf8.count
                if bytes > XLSXWorkbook.maxCellBytes - 3 { break }
                end = text.index(after: i)
            }
            text = String(text[..<end]) + "…"
        }
        try check(worksheet_write_string(sheet, row, col, text, nil))
        note(Int(col), text.count)
    }

    @inline(__always)
    func note(_ column: Int, _ width: Int) {
        if column < widths.count, width + 2 > widths[column] { widths[column] = width + 2 }
    }

    /// The autofilter over the header and the rows written, and the column widths (8 to 60).
    func finish(columns: Int) throws(ExportError) {
        guard columns > 0 else { return }
        try check(worksheet_autofilter(sheet, 0, 0, lastRow, lxw_col_t(columns - 1)))
        for (c, w) in widths.enumerated() {
            try check(worksheet_set_column(sheet, lxw_col_t(c), lxw_col_t(c), Double(min(60, max(8, w))), nil))
        }
    }

    @inline(__always)
    func check(_ rc: lxw_error) throws(ExportError) {
        guard rc == LXW_NO_ERROR else { throw ExportError("cannot write \(book.path): \(String(cString: lxw_strerror(rc)))") }
    }
}
