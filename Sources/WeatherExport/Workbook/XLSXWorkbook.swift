#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import WeatherStore

/// An XLSX workbook written as it goes, in flat memory: each sheet's rows become SpreadsheetML
/// in a buffer that `ParallelDeflate` compresses on every core, into a temporary file beside
/// the workbook; when the sheet ends, its head (which holds the column widths, known only
/// then) and tail are deflated and the three are copied into the package as one entry. Rows
/// must therefore be written in order, one sheet after the other.
///
/// Cells carry a reference only after a gap (an empty cell), as ECMA-376 allows and Excel,
/// LibreOffice and openpyxl read: a reference on every cell made the sheet's XML 40 % larger
/// and its deflating twice as slow.
final class XLSXWorkbook {
    /// Excel's sheet size: 1,048,576 rows, of which the first is the header.
    static let maxRowsPerSheet = 1_048_576
    /// The longest text a cell holds (Excel's limit, counted here in bytes).
    static let maxCellBytes = 32_767

    let path: String
    private let zip: ZipWriter
    private var sheets: [WorkbookParts.SheetEntry] = []
    private var open: XLSXSheet?
    /// Shared by the sheets: the fractions of the day's seconds as text.
    let serials = SerialText()

    init(path: String) throws(ExportError) {
        self.path = path
        zip = try ZipWriter(path: path)
    }

    /// Removes a sheet's temporary data left by an export that failed half-way.
    deinit { unlink(dataPath) }

    /// Where the sheet being written keeps its compressed rows until it ends.
    var dataPath: String { path + ".sheet" }

    func addSheet(_ name: String) throws(ExportError) -> XLSXSheet {
        guard open == nil else { throw ExportError("cannot add the sheet '\(name)' to \(path): the sheet before it is not finished") }
        let sheet = try XLSXSheet(name: name, index: sheets.count, book: self)
        open = sheet
        return sheet
    }

    /// Copies a finished sheet into the package: its head, its rows' deflate data, its tail.
    func store(_ sheet: XLSXSheet, widths: [Int], columns: Int, data: ParallelDeflate) throws(ExportError) {
        open = nil
        let head = Array(WorkbookParts.sheetHead(index: sheet.index, lastRow: sheet.lastRow, columns: columns, widths: widths).utf8)
        let tail = Array(WorkbookParts.sheetTail(lastRow: sheet.lastRow, columns: columns).utf8)
        let headData = try DeflateChunk.deflate(head)
        let tailData = try DeflateChunk.deflate(tail) + DeflateChunk.end
        var crc = head.withUnsafeBufferPointer { DeflateChunk.crc($0) }
        crc = DeflateChunk.combine(crc, data.crc, length: data.uncompressed)
        crc = DeflateChunk.combine(crc, tail.withUnsafeBufferPointer { DeflateChunk.crc($0) }, length: tail.count)
        try zip.begin(WorkbookParts.sheetPart(sheet.index), crc: crc, compressed: headData.count + data.compressed + tailData.count,
                      uncompressed: head.count + data.uncompressed + tail.count)
        try zip.write(headData)
        guard let source = fopen(dataPath, "rb") else {
            throw ExportError("cannot read back \(dataPath): \(String(cString: strerror(errno)))")
        }
        defer { fclose(source) }
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 20)
        defer { buffer.deallocate() }
        while true {
            let n = fread(buffer, 1, 1 << 20, source)
            if n == 0 { break }
            try zip.write(UnsafeBufferPointer(start: buffer, count: n))
        }
        guard ferror(source) == 0 else { throw ExportError("cannot read back \(dataPath): \(String(cString: strerror(errno)))") }
        try zip.write(tailData)
        try zip.endEntry()
        unlink(dataPath)
        sheets.append(WorkbookParts.SheetEntry(name: sheet.name, lastRow: sheet.lastRow, columns: columns))
    }

    /// Writes the workbook's other parts and the package's directory.
    func close() throws(ExportError) {
        guard open == nil else { throw ExportError("cannot finish \(path): a sheet is not finished") }
        let created = ISO8601DateFormatter().string(from: Date())
        for (name, text) in WorkbookParts.parts(sheets, created: created) { try zip.add(name, text) }
        try zip.close()
    }
}

/// One worksheet: a bold, frozen header row with an autofilter, typed cells, and column widths
/// from the longest value seen.
final class XLSXSheet {
    let name: String
    let index: Int
    unowned let book: XLSXWorkbook
    private let data: ParallelDeflate
    private let dataFile: FileWriter
    /// Where the writing is, behind a pointer: read and written for every cell, where each
    /// access to a class's stored property costs a dynamic exclusivity check.
    private struct Cursor {
        /// The 0-based row of the last data row written (the autofilter's and dimension's end).
        var lastRow: UInt32 = 0
        /// The row whose `<row>` element is open, -1 before the first.
        var openRow: Int64 = -1
        /// The column the next cell of the open row takes without a reference.
        var nextColumn = 0
        /// Where the last cell's text after its reference starts, and the width it noted
        /// (`writeCapturing`).
        var cellBody = 0
        var lastWidth = 0
    }

    private let cursor: UnsafeMutablePointer<Cursor>
    /// Each column's width in characters (the header's, then the widest value's + 2).
    private var widths: UnsafeMutableBufferPointer<Int>
    var lastRow: UInt32 {
        get { cursor.pointee.lastRow }
        set { cursor.pointee.lastRow = newValue }
    }
    /// The XML being written: the current chunk of `data`.
    private(set) var out: ByteBuffer
    var serials: SerialText { book.serials }

    fileprivate init(name: String, index: Int, book: XLSXWorkbook) throws(ExportError) {
        self.name = name
        self.index = index
        self.book = book
        let file = try FileWriter(path: book.dataPath)
        dataFile = file
        data = try ParallelDeflate { (bytes) throws(ExportError) in try file.write(bytes: bytes) }
        out = data.input
        cursor = .allocate(capacity: 1)
        cursor.initialize(to: Cursor())
        widths = .allocate(capacity: 0)
    }

    deinit {
        cursor.deallocate()
        widths.deallocate()
    }

    func header(_ names: [String]) throws(ExportError) {
        widths.deallocate()
        widths = .allocate(capacity: names.count)
        for (c, name) in names.enumerated() { widths[c] = name.count + 3 }  // room for the filter button
        for (c, name) in names.enumerated() {
            try writeText(CSV.neutralise(name), row: 0, column: c, style: WorkbookParts.boldStyle)
        }
        try endRow()
    }

    /// Writes one data row at `row` (1-based below the header): numbers as numbers, dates and
    /// date-times as date serials with a date format, text neutralised as in CSV, NULL as an
    /// empty cell.
    func write(row: UInt32, _ values: [SQLValue], types: [ColumnType]) throws(ExportError) {
        lastRow = row
        for (c, value) in values.enumerated() {
            try write(value, row: row, column: c, type: c < types.count ? types[c] : ColumnType(value: value, name: ""))
        }
        try endRow()
    }

    /// One cell of a data row (`write(row:)`'s rules).
    func write(_ value: SQLValue, row: UInt32, column c: Int, type: ColumnType) throws(ExportError) {
        lastRow = row
        switch value {
        case .null:
            return
        case .integer(let v):
            try writeInteger(v, row: row, column: c)
        case .real(let v):
            try writeReal(v, row: row, column: c)
        case .text(let s):
            if type == .date || type == .dateTime, let (day, seconds) = SpreadsheetDate.dayAndSeconds(s) {
                let isDate = type == .date && s.utf8.count == 10
                try writeSerial(day: Int64(day), seconds: Int64(seconds), row: row, column: c, date: isDate)
            } else {
                try writeText(s, row: row, column: c)
            }
        case .blob(let b):
            try writeText(CSV.blobText(b), row: row, column: c)
        }
    }

    /// Neutralised text (as in CSV), cut to Excel's cell size on a character boundary and
    /// marked with an ellipsis; empty text is an empty cell.
    func writeText(_ s: String, row: UInt32, column c: Int, style: StaticString? = nil) throws(ExportError) {
        var text = CSV.neutralise(s)
        if text.utf8.count > XLSXWorkbook.maxCellBytes {
            var bytes = 0
            var end = text.startIndex
            for i in text.indices {
                bytes += text[i].utf8.count
                if bytes > XLSXWorkbook.maxCellBytes - 3 { break }
                end = text.index(after: i)
            }
            text = String(text[..<end]) + "…"
        }
        guard !text.isEmpty else { return }
        let out = beginCell(row: row, column: c)
        if let style {
            out.append(" s=\"")
            out.append(style)
            out.append("\"")
        }
        out.append(" t=\"inlineStr\"><is>")
        let plain = text.withUTF8 { (bytes) -> Bool in
            guard SheetText.isPlain(bytes) else { return false }
            out.append("<t>")
            out.append(contentsOf: bytes)
            out.append("</t>")
            return true
        }
        if !plain { SheetText.appendElement(text, to: out) }
        out.append("</is></c>")
        note(c, plain ? text.utf8.count : text.count)
    }

    /// The cell of column `c` from `cells` when it holds it, else `value()` written as `write`
    /// writes it and kept there (a feed's or location's value, the same on many rows).
    @inline(__always)
    func writeRepeated(_ cells: RepeatedCells, row: UInt32, column c: Int, type: ColumnType,
                       value: () -> SQLValue) throws(ExportError) {
        let start = cells.start[c]
        if start >= 0 {
            let out = beginCell(row: row, column: c)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: cells.bytes.contents[start..<(start + cells.length[c])]))
            note(c, cells.width[c])
            return
        }
        guard start == RepeatedCells.unknown else { return }  // no cell: an empty value
        let before = out.count
        try write(value(), row: row, column: c, type: type)
        guard out.count > before else { return cells.start[c] = RepeatedCells.empty }
        let body = UnsafeBufferPointer(rebasing: out.contents[cursor.pointee.cellBody...])
        cells.start[c] = cells.bytes.count
        cells.length[c] = body.count
        cells.width[c] = cursor.pointee.lastWidth
        cells.bytes.append(contentsOf: body)
    }

    /// `<c` with a reference when the cell does not follow the previous one, after closing the
    /// previous row and opening this one when the row changes; the caller writes the rest.
    @inline(__always)
    func beginCell(row: UInt32, column c: Int) -> ByteBuffer {
        let cursor = self.cursor
        let out = self.out
        if Int64(row) != cursor.pointee.openRow {
            if cursor.pointee.openRow >= 0 { out.append("</row>") }
            out.append("<row r=\"")
            out.appendDecimal(UInt64(row) + 1)
            out.append("\">")
            cursor.pointee.openRow = Int64(row)
            cursor.pointee.nextColumn = 0
        }
        if c == cursor.pointee.nextColumn {
            out.append("<c")
        } else {
            out.append("<c r=\"")
            SheetText.appendColumn(c, to: out)
            out.appendDecimal(UInt64(row) + 1)
            out.append("\"")
        }
        cursor.pointee.nextColumn = c + 1
        cursor.pointee.cellBody = out.count
        return out
    }

    /// After each row: a full chunk goes to be deflated (rows, not cells, so that a captured
    /// cell never spans two chunks).
    @inline(__always)
    func endRow() throws(ExportError) {
        if out.count >= ParallelDeflate.chunkSize {
            try data.submit()
            out = data.input
        }
    }

    @inline(__always)
    func note(_ column: Int, _ width: Int) {
        cursor.pointee.lastWidth = width
        let widths = self.widths
        if column < widths.count, width + 2 > widths[column] { widths[column] = width + 2 }
    }

    /// The last row closed and the sheet stored in the workbook, with the autofilter over the
    /// header and the rows written and the column widths (8 to 60).
    func finish(columns: Int) throws(ExportError) {
        if cursor.pointee.openRow >= 0 { out.append("</row>") }
        cursor.pointee.openRow = -1
        try data.flush()
        out = data.input
        try dataFile.close()
        try book.store(self, widths: Array(widths.prefix(columns)), columns: columns, data: data)
    }
}

/// The cells of a feed's and a location's columns as the sheet writes them after their
/// reference, kept while the rows have that feed and location (`RecordRows.feedGeneration`):
/// one buffer and three columns of integers, read with no reference counting.
final class RepeatedCells {
    static let unknown = -1
    static let empty = -2

    let bytes = ByteBuffer(capacity: 4096)
    /// Per column: where its text starts in `bytes`, `unknown` or `empty`.
    let start: UnsafeMutableBufferPointer<Int>
    let length: UnsafeMutableBufferPointer<Int>
    let width: UnsafeMutableBufferPointer<Int>

    init(columns: Int) {
        start = .allocate(capacity: columns)
        length = .allocate(capacity: columns)
        width = .allocate(capacity: columns)
        start.initialize(repeating: Self.unknown)
        length.initialize(repeating: 0)
        width.initialize(repeating: 0)
    }

    deinit {
        start.deallocate()
        length.deallocate()
        width.deallocate()
    }

    func forget() {
        bytes.count = 0
        start.update(repeating: Self.unknown)
    }
}
