#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits a byte stream into JSON documents without parsing them.
///
/// Handles the shapes archives take in practice:
/// - one (pretty-printed) document per file;
/// - NDJSON / JSON Lines: one document per line (`.ndjson`, `.jsonl`, or detected when the first
///   document sits alone on its first line); a broken line then costs only that line;
/// - documents back to back with nothing between (`curl … | gzip >> archive.gz`), found by
///   matching brackets outside strings.
/// Text that does not start with `{` or `[` runs to the next line that does, so an HTML error
/// page becomes one reject, not one per word. A UTF-8 byte-order mark at the start is skipped.
/// Only the current document is held in memory, capped at `maxDocumentBytes`.
public final class DocumentSplitter {
    public enum Mode: Sendable { case auto, lines }

    public enum Item {
        case document(bytes: [UInt8], offset: Int, line: Int)
        /// A document longer than the cap: skipped to its end, never held in memory.
        case oversized(offset: Int, line: Int, size: Int)
        /// The stream failed (truncated gzip, cut tar member); `partial` is what was read of the
        /// document in progress, if any. Nothing follows.
        case failed(IngestError, partial: [UInt8], offset: Int, line: Int)
    }

    private let source: ByteSource
    private var mode: Mode
    private let maxDocumentBytes: Int
    private var buffer: UnsafeMutableRawBufferPointer
    private var pos = 0
    private var end = 0
    private var consumedBefore = 0  // stream offset of buffer[0]
    private var line = 1
    private var atColumnZero = true
    private var eof = false
    private var pendingError: IngestError?
    private var started = false
    public private(set) var bytesRead = 0

    public init(source: ByteSource, mode: Mode = .auto, maxDocumentBytes: Int = 16 << 20, chunkSize: Int = 256 << 10) {
        self.source = source
        self.mode = mode
        self.maxDocumentBytes = maxDocumentBytes
        self.buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 8)
    }

    deinit { buffer.deallocate() }

    private var offset: Int { consumedBefore + pos }

    /// Refills the chunk; false at end of stream or on a stream error (kept in `pendingError`).
    private func refill() -> Bool {
        if eof { return false }
        consumedBefore += end
        pos = 0
        end = 0
        do {
            let n = try source.read(into: buffer)
            if n == 0 { eof = true; return false }
            end = n
            bytesRead += n
            return true
        } catch {
            pendingError = error
            eof = true
            return false
        }
    }

    private func byte(_ k: Int) -> UInt8 { buffer[k] }

    public func next() -> Item? {
        if !started { start() }
        guard skipWhitespace() else {
            if let error = pendingError {
                pendingError = nil
                return .failed(error, partial: [], offset: offset, line: line)
            }
            return nil
        }
        var doc = PendingDocument(offset: offset, line: line, limit: maxDocumentBytes)
        let startedAtColumnZero = atColumnZero
        let first = byte(pos)
        if mode == .lines || (first != UInt8(ascii: "{") && first != UInt8(ascii: "[")) {
            scanLines(untilContainer: mode == .auto, into: &doc)
            doc.trimTrailingBlanks()
            return finish(doc)
        }
        switch scanContainer(into: &doc) {
        case .cutOffLine:
            mode = .lines
        case .closed, .endOfStream:
            atColumnZero = false
            if mode == .auto && !doc.sawNewline && startedAtColumnZero && pendingError == nil && restOfLineIsBlank() {
                mode = .lines
            }
        }
        return finish(doc)
    }

    /// Reads the first chunk and skips a UTF-8 byte-order mark.
    private func start() {
        started = true
        if refill(), end >= 3, byte(0) == 0xEF, byte(1) == 0xBB, byte(2) == 0xBF { pos = 3 }
    }

    /// Skips whitespace between documents; false at the end of the stream (or a stream error).
    private func skipWhitespace() -> Bool {
        while true {
            if pos == end && !refill() { return false }
            let b = byte(pos)
            if b == 0x0A { line += 1; atColumnZero = true; pos += 1; continue }
            if b == 0x20 || b == 0x09 || b == 0x0D { atColumnZero = false; pos += 1; continue }
            return true
        }
    }

    /// The item for a document read to its end (or to a stream error).
    private func finish(_ doc: PendingDocument) -> Item {
        if let error = pendingError {
            pendingError = nil
            return .failed(error, partial: doc.oversized ? [] : doc.bytes, offset: doc.offset, line: doc.line)
        }
        if doc.oversized { return .oversized(offset: doc.offset, line: doc.line, size: doc.size) }
        return .document(bytes: doc.bytes, offset: doc.offset, line: doc.line)
    }

    private func keep(_ from: Int, _ to: Int, into doc: inout PendingDocument) {
        doc.append(UnsafeRawBufferPointer(rebasing: buffer[from..<to]))
    }

    /// How a bracketed document ended.
    private enum ContainerEnd { case closed, cutOffLine, endOfStream }

    /// Reads a `{…}` or `[…]` document by matching brackets outside strings.
    /// Whether a short first line that ends in `[`, `{` or `,` opens a list of rows, one per line
    /// (ACIS MultiStnData writes `{"data":[` and then one station per line): then the next line
    /// continues this document rather than starting an NDJSON one. `newline` is the line end's
    /// index in the buffer; only the bytes of this buffer before it are looked at.
    private func opensRows(lineLength: Int, before newline: Int) -> Bool {
        guard lineLength <= 64 else { return false }
        var k = newline - 1
        while k >= pos && (byte(k) == 0x0D || byte(k) == 0x20 || byte(k) == 0x09) { k -= 1 }
        guard k >= pos else { return false }
        let last = byte(k)
        return last == UInt8(ascii: "[") || last == UInt8(ascii: "{") || last == UInt8(ascii: ",")
    }

    private func scanContainer(into doc: inout PendingDocument) -> ContainerEnd {
        var depth = 0
        var inString = false
        var escaped = false
        while true {
            if pos == end && !refill() { return .endOfStream }
            var k = pos
            let chunk = UnsafeRawBufferPointer(buffer)
            while k < end {
                // Bytes that change no state (digits, commas, a string's letters) are passed in a
                // tight loop: they are most of a reply, and each took the whole test below.
                if !escaped {
                    let (lo, hi) = inString ? DocumentSplitter.stringBytes : DocumentSplitter.structureBytes
                    while k < end && !DocumentSplitter.isIn(chunk[k], lo, hi) { k += 1 }
                    if k == end { break }
                }
                let b = byte(k)
                k += 1
                if b == 0x0A && !doc.sawNewline && depth > 0 && doc.size + (k - pos) > 2 && k < end
                    && (byte(k) == UInt8(ascii: "{") || byte(k) == UInt8(ascii: "["))
                    && !opensRows(lineLength: doc.size + (k - pos), before: k - 1) {
                    // The first line ends inside an open document and the next line starts a new
                    // one: NDJSON with a cut-off line. End the broken document at its line, so it
                    // costs one reject instead of swallowing the lines after it.
                    keep(pos, k - 1, into: &doc)
                    pos = k
                    line += 1
                    atColumnZero = true
                    return .cutOffLine
                }
                if inString {
                    if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
                    if b == 0x0A { line += 1; doc.sawNewline = true }
                    continue
                }
                switch b {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        keep(pos, k, into: &doc)
                        pos = k
                        return .closed
                    }
                case 0x0A: line += 1; doc.sawNewline = true
                default: break
                }
            }
            keep(pos, k, into: &doc)
            pos = k
        }
    }

    /// The bytes `scanContainer` acts on, as bit sets over 0–63 and 64–127: outside strings
    /// quotes, brackets and newlines; inside, quotes, backslashes and newlines.
    private static let structureBytes: (UInt64, UInt64) = (1 << 0x0A | 1 << 0x22, 1 << (0x5B - 64) | 1 << (0x5D - 64) | 1 << (0x7B - 64) | 1 << (0x7D - 64))
    private static let stringBytes: (UInt64, UInt64) = (1 << 0x0A | 1 << 0x22, 1 << (0x5C - 64))

    @inline(__always)
    private static func isIn(_ b: UInt8, _ lo: UInt64, _ hi: UInt64) -> Bool {
        b < 64 ? (lo >> UInt64(b)) & 1 != 0 : b < 128 ? (hi >> UInt64(b &- 64)) & 1 != 0 : false
    }

    /// True when only spaces, tabs or CR stand between here and a newline that is followed by more
    /// content (the NDJSON layout). Does not consume anything it cannot give back: it only
    /// looks within the current chunk.
    private func restOfLineIsBlank() -> Bool {
        var k = pos
        while k < end {
            let b = byte(k)
            if b == 0x0A { return k + 1 < end || !eof }
            if b != 0x20 && b != 0x09 && b != 0x0D { return false }
            k += 1
        }
        return false
    }

    /// Reads to the end of the line; with `untilContainer`, on through following lines until one
    /// starts with `{` or `[`.
    private func scanLines(untilContainer: Bool, into doc: inout PendingDocument) {
        while true {
            if pos == end && !refill() { return }
            let base = buffer.baseAddress! + pos
            if let hit = memchr(base, 0x0A, end - pos) {
                let nl = pos + (UnsafeRawPointer(hit) - UnsafeRawPointer(base))
                keep(pos, nl, into: &doc)
                pos = nl + 1
                line += 1
                atColumnZero = true
                if !untilContainer { return }
                if pos == end && !refill() { return }
                let b = byte(pos)
                if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") { return }
            } else {
                keep(pos, end, into: &doc)
                pos = end
            }
        }
    }
}

/// The document being read: its bytes (until it grows past the cap, then only its size) and
/// where it began.
struct PendingDocument {
    let offset: Int
    let line: Int
    let limit: Int
    var bytes: [UInt8] = []
    var size = 0
    var oversized = false
    /// A newline was seen inside the document (so it is not one NDJSON line).
    var sawNewline = false

    init(offset: Int, line: Int, limit: Int) {
        self.offset = offset
        self.line = line
        self.limit = limit
    }

    mutating func append(_ chunk: UnsafeRawBufferPointer) {
        size += chunk.count
        if oversized { return }
        if size > limit {
            oversized = true
            bytes = []
            return
        }
        bytes.append(contentsOf: chunk)
    }

    /// Drops the CR, spaces and tabs that end a line-delimited document.
    mutating func trimTrailingBlanks() {
        while let last = bytes.last, last == 0x0D || last == 0x20 || last == 0x09 { bytes.removeLast() }
    }
}
