/// Reads a tar stream entry by entry (POSIX ustar, pax extended headers, GNU long names).
///
/// Member names are labels for messages and the `sources` table only: wxpipe never opens or
/// writes a path taken from an archive, so `../../etc/passwd` is harmless here.
/// Format: https://pubs.opengroup.org/onlinepubs/9699919799/utilities/pax.html#tag_20_92_13_06
public final class TarReader {
    public struct Entry: Sendable {
        public var name: String
        public var size: Int
        public var modifiedAt: Int64?
        /// Offset of the entry's header in the (decompressed) tar stream.
        public var headerOffset: Int
    }

    private let reader: ByteReader
    private var remainingInMember = 0
    private var paddingAfterMember = 0
    private var finished = false

    public init(_ reader: ByteReader) {
        self.reader = reader
    }

    /// True when `block` is a tar header with a valid checksum: how tar content is detected.
    public static func looksLikeHeader(_ block: [UInt8]) -> Bool {
        guard block.count >= 512, block.contains(where: { $0 != 0 }) else { return false }
        return checksumMatches(block)
    }

    static func checksumMatches(_ h: [UInt8]) -> Bool {
        guard let stored = octal(h[148..<156]) else { return false }
        var unsigned = 0
        var signed = 0
        for k in 0..<512 {
            let b = (148..<156).contains(k) ? UInt8(ascii: " ") : h[k]
            unsigned += Int(b)
            signed += Int(Int8(bitPattern: b))
        }
        return stored == unsigned || stored == signed
    }

    static func octal(_ field: ArraySlice<UInt8>) -> Int? {
        if let first = field.first, first & 0x80 != 0 {
            // GNU base-256 for sizes ≥ 8 GiB.
            var v = Int(first & 0x7F)
            for b in field.dropFirst() { v = v << 8 | Int(b) }
            return v
        }
        var v = 0
        var seen = false
        for b in field {
            if b == 0 || b == UInt8(ascii: " ") { if seen { break } else { continue } }
            guard b >= UInt8(ascii: "0") && b <= UInt8(ascii: "7") else { return nil }
            v = v * 8 + Int(b - UInt8(ascii: "0"))
            seen = true
        }
        return seen ? v : 0
    }

    static func text(_ field: ArraySlice<UInt8>) -> String {
        let end = field.firstIndex(of: 0) ?? field.endIndex
        return String(decoding: field[field.startIndex..<end], as: UTF8.self)
    }

    /// The next regular-file entry; its content is read through `memberSource()`.
    public func nextEntry() throws(IngestError) -> Entry? {
        if finished { return nil }
        // Skip what the caller left of the previous member.
        let toSkip = remainingInMember + paddingAfterMember
        if toSkip > 0 {
            let skipped = try reader.skip(toSkip)
            remainingInMember = 0
            paddingAfterMember = 0
            if skipped < toSkip { finished = true; throw IngestError(.tarEndsInsideMember, at: reader.consumed) }
        }
        var longName: String?
        var paxName: String?
        var paxSize: Int?
        var paxMtime: Int64?
        while true {
            let headerOffset = reader.consumed
            let header = try reader.read(exactly: 512)
            if header.isEmpty { finished = true; return nil }  // EOF without end blocks: tolerated
            if header.count < 512 {
                finished = true
                throw IngestError(.tarEndsInsideHeader, at: headerOffset)
            }
            if !header.contains(where: { $0 != 0 }) { finished = true; return nil }
            guard TarReader.checksumMatches(header) else {
                finished = true
                throw IngestError(.tarChecksumMismatch, at: headerOffset)
            }
            guard var size = TarReader.octal(header[124..<136]) else {
                finished = true
                throw IngestError(.tarInvalidSize, at: headerOffset)
            }
            if let paxSize { size = paxSize }
            let type = header[156]
            let padding = (512 - size % 512) % 512
            switch type {
            case UInt8(ascii: "L"):
                longName = TarReader.text(try readMeta(size, padding)[...])
                continue
            case UInt8(ascii: "x"):
                let records = try readMeta(size, padding)
                for (key, value) in TarReader.paxRecords(records) {
                    switch key {
                    case "path": paxName = value
                    case "size": paxSize = Int(value)
                    case "mtime": paxMtime = Int64(Double(value) ?? 0)
                    default: break
                    }
                }
                continue
            case UInt8(ascii: "0"), 0, UInt8(ascii: "7"):
                var name = TarReader.text(header[0..<100])
                if header[257..<262].elementsEqual("ustar".utf8) {
                    let prefix = TarReader.text(header[345..<500])
                    if !prefix.isEmpty { name = prefix + "/" + name }
                }
                if let longName { name = longName }
                if let paxName { name = paxName }
                let mtime = paxMtime ?? TarReader.octal(header[136..<148]).map(Int64.init)
                remainingInMember = size
                paddingAfterMember = padding
                return Entry(name: name, size: size, modifiedAt: mtime, headerOffset: headerOffset)
            default:
                // Directories, links, devices, global pax headers: nothing to read.
                let skipped = try reader.skip(size + padding)
                if skipped < size + padding {
                    finished = true
                    throw IngestError(.tarEndsInsideEntry, at: reader.consumed)
                }
                longName = nil; paxName = nil; paxSize = nil; paxMtime = nil
                continue
            }
        }
    }

    private func readMeta(_ size: Int, _ padding: Int) throws(IngestError) -> [UInt8] {
        guard size <= 1 << 20 else {
            throw IngestError(.tarExtendedHeaderTooLarge(sizeBytes: size), at: reader.consumed)
        }
        let data = try reader.read(exactly: size)
        let skipped = try reader.skip(padding)
        if data.count < size || skipped < padding {
            throw IngestError(.tarEndsInsideExtendedHeader, at: reader.consumed)
        }
        return data
    }

    /// Parses pax records: `"<length> <key>=<value>\n"`.
    static func paxRecords(_ data: [UInt8]) -> [(String, String)] {
        var out: [(String, String)] = []
        var i = 0
        while i < data.count {
            guard let space = data[i...].firstIndex(of: UInt8(ascii: " ")),
                  let length = Int(String(decoding: data[i..<space], as: UTF8.self)), length > 0,
                  i + length <= data.count else { break }
            let record = data[(space + 1)..<(i + length - 1)]
            if let eq = record.firstIndex(of: UInt8(ascii: "=")) {
                out.append((String(decoding: record[record.startIndex..<eq], as: UTF8.self),
                            String(decoding: record[(eq + 1)...], as: UTF8.self)))
            }
            i += length
        }
        return out
    }

    /// A source over the current member's content; reports a member cut short as truncated.
    public func memberSource() -> ByteSource { MemberSource(tar: self) }

    fileprivate func readMember(into out: UnsafeMutableRawBufferPointer) throws(IngestError) -> Int {
        if remainingInMember == 0 { return 0 }
        let want = min(out.count, remainingInMember)
        let n = try reader.read(into: UnsafeMutableRawBufferPointer(rebasing: out[0..<want]))
        if n == 0 {
            finished = true
            let missing = remainingInMember
            remainingInMember = 0
            paddingAfterMember = 0
            throw IngestError(.tarMemberCutShort(missingBytes: missing), at: reader.consumed)
        }
        remainingInMember -= n
        return n
    }
}

private final class MemberSource: ByteSource {
    private let tar: TarReader
    init(tar: TarReader) { self.tar = tar }
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(IngestError) -> Int {
        try tar.readMember(into: buffer)
    }
}
