/// A zip archive (an XLSX package) written front to back: each entry's local header, then its
/// deflated data, then the central directory. Entry sizes are known before the header is
/// written (a sheet's data waits in a temporary file), so there are no data descriptors.
/// Dates are the zip epoch (1980-01-01), so the same tables give the same bytes.
/// https://pkware.cachefly.net/webdocs/casestudies/APPNOTE.TXT
final class ZipWriter {
    private struct Entry {
        var name: [UInt8]
        var crc: UInt32
        var compressed: UInt32
        var uncompressed: UInt32
        var offset: UInt32
    }

    private let file: FileWriter
    private var entries: [Entry] = []
    private var offset = 0
    private var pending: (name: String, remaining: Int)?

    init(path: String) throws(ExportError) {
        file = try FileWriter(path: path)
    }

    /// Starts an entry of `compressed` deflated bytes, which `write` then receives in order.
    /// Sizes past 4 GiB would need Zip64, which this writer does not write: refused with the
    /// entry's name.
    func begin(_ name: String, crc: UInt32, compressed: Int, uncompressed: Int) throws(ExportError) {
        let limit = Int(UInt32.max)
        guard compressed < limit, uncompressed < limit, offset < limit else {
            throw ExportError("cannot write \(file.path): \(name) would pass the 4 GiB a workbook part can hold; export fewer rows per table (CSV has no such limit)")
        }
        let entry = Entry(name: Array(name.utf8), crc: crc, compressed: UInt32(compressed), uncompressed: UInt32(uncompressed),
                          offset: UInt32(offset))
        var header: [UInt8] = []
        header.reserveCapacity(30 + entry.name.count)
        Self.put32(&header, 0x0403_4b50)
        Self.put16(&header, 20)  // version needed: 2.0 (deflate)
        Self.put16(&header, 0x0800)  // flags: names are UTF-8
        Self.put16(&header, 8)  // deflate
        Self.put16(&header, 0)  // time 00:00
        Self.put16(&header, 0x21)  // date 1980-01-01
        Self.put32(&header, entry.crc)
        Self.put32(&header, entry.compressed)
        Self.put32(&header, entry.uncompressed)
        Self.put16(&header, UInt16(entry.name.count))
        Self.put16(&header, 0)  // no extra field
        header += entry.name
        try write(raw: header)
        entries.append(entry)
        pending = (name, compressed)
    }

    /// Deflated bytes of the entry begun last.
    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(ExportError) {
        pending?.remaining -= bytes.count
        try file.write(bytes: bytes)
        offset += bytes.count
    }

    func write(_ bytes: [UInt8]) throws(ExportError) {
        try bytes.withUnsafeBufferPointer { (p) throws(ExportError) in try write(p) }
    }

    /// A whole entry from bytes in memory (the workbook's small XML parts).
    func add(_ name: String, _ text: String) throws(ExportError) {
        let bytes = Array(text.utf8)
        let data = try DeflateChunk.deflate(bytes) + DeflateChunk.end
        try begin(name, crc: bytes.withUnsafeBufferPointer { DeflateChunk.crc($0) }, compressed: data.count, uncompressed: bytes.count)
        try write(data)
        try endEntry()
    }

    /// Checks that the entry got the bytes its header announced.
    func endEntry() throws(ExportError) {
        if let pending, pending.remaining != 0 {
            throw ExportError("cannot write \(file.path): \(pending.name) is \(-pending.remaining) bytes off its announced size")
        }
        pending = nil
    }

    /// The central directory and its end record, then the file flushed.
    func close() throws(ExportError) {
        try endEntry()
        let start = offset
        var directory: [UInt8] = []
        for e in entries {
            Self.put32(&directory, 0x0201_4b50)
            Self.put16(&directory, 0x0314)  // made by: Unix, 2.0
            Self.put16(&directory, 20)
            Self.put16(&directory, 0x0800)
            Self.put16(&directory, 8)
            Self.put16(&directory, 0)
            Self.put16(&directory, 0x21)
            Self.put32(&directory, e.crc)
            Self.put32(&directory, e.compressed)
            Self.put32(&directory, e.uncompressed)
            Self.put16(&directory, UInt16(e.name.count))
            Self.put16(&directory, 0)  // extra
            Self.put16(&directory, 0)  // comment
            Self.put16(&directory, 0)  // disk
            Self.put16(&directory, 0)  // internal attributes
            Self.put32(&directory, 0o100644 << 16)  // external: a regular file, rw-r--r--
            Self.put32(&directory, e.offset)
            directory += e.name
        }
        guard start + directory.count < Int(UInt32.max), entries.count < Int(UInt16.max) else {
            throw ExportError("cannot write \(file.path): the workbook would pass the 4 GiB a zip file without Zip64 can hold")
        }
        let size = UInt32(directory.count)
        Self.put32(&directory, 0x0605_4b50)
        Self.put16(&directory, 0)  // this disk
        Self.put16(&directory, 0)  // the directory's disk
        Self.put16(&directory, UInt16(entries.count))
        Self.put16(&directory, UInt16(entries.count))
        Self.put32(&directory, size)
        Self.put32(&directory, UInt32(start))
        Self.put16(&directory, 0)  // no comment
        try write(raw: directory)
        try file.close()
    }

    private func write(raw bytes: [UInt8]) throws(ExportError) {
        try file.write(bytes: bytes)
        offset += bytes.count
    }

    private static func put16(_ out: inout [UInt8], _ v: UInt16) {
        out.append(UInt8(v & 0xff))
        out.append(UInt8(v >> 8))
    }

    private static func put32(_ out: inout [UInt8], _ v: UInt32) {
        for k in 0..<4 { out.append(UInt8((v >> (8 * UInt32(k))) & 0xff)) }
    }
}
