import Synchronization
import WeatherCore

/// What the ingest stage reports, in stream order, for one input file.
public enum IngestEvent: Sendable {
    /// A stream of documents begins: the file itself, or one member of a tar archive.
    case sourceStarted(path: String, member: String?, modifiedAt: Int64?)
    case document(RawDocument)
    /// A document over the size cap; skipped without being held in memory.
    case oversized(Origin, size: Int, limit: Int)
    /// The container failed (truncated gzip, bad tar header, …); `partial` is the document in
    /// progress when it did, if any. Boxed (`indirect`): a failure is rare, and its error with
    /// its place would otherwise widen every event of the stream.
    indirect case failed(Origin, IngestError, partial: [UInt8])
    /// The stream held nothing but whitespace.
    case empty(Origin)
    /// The stream ended; `bytes` is its decompressed length, `contentHash` of its raw bytes.
    case sourceFinished(bytes: Int, contentHash: String)
}

/// Opens one input file and turns it into `IngestEvent`s, detecting containers by content:
/// gzip by its magic bytes (`1f 8b`), tar by a header whose checksum is right, NDJSON by name
/// (`.ndjson`, `.jsonl`) or by layout (see `DocumentSplitter`). Tar members may themselves be
/// gzipped.
public struct Ingestor: Sendable {
    public struct Limits: Sendable {
        public var maxDocumentBytes: Int
        public var gzip: GzipSource.Limits
        /// 16 MiB: the largest real replies (WeatherKit with every data set, multi-model
        /// Open-Meteo) are a few hundred KB; the cap bounds memory for hostile input.
        public init(maxDocumentBytes: Int = 16 << 20, gzip: GzipSource.Limits = .init()) {
            self.maxDocumentBytes = maxDocumentBytes
            self.gzip = gzip
        }
    }

    public var limits: Limits
    /// Counts raw (compressed) bytes as they are read, for progress and ETA.
    public var counter: ByteCounter?

    public init(limits: Limits = Limits()) { self.limits = limits }

    /// Emits the file's events in order. `emit` returns false to stop early (an interrupted run,
    /// a store that failed): nothing more is read.
    public func ingest(_ file: InputFile, _ emit: (IngestEvent) -> Bool) {
        let raw: ByteSource
        do {
            raw = file.isStandardInput ? FileSource(standardInput: ()) : try FileSource(path: file.path)
        } catch {
            let origin = Origin(path: file.path, modifiedAt: file.modifiedAt)
            _ = emit(.sourceStarted(path: file.path, member: nil, modifiedAt: file.modifiedAt))
                && emit(.failed(origin, error, partial: []))
                && emit(.sourceFinished(bytes: 0, contentHash: ContentHash().finalize()))
            return
        }
        let hashing = HashingSource(counter.map { CountingSource(raw, counter: $0) } ?? raw)
        let reader = ByteReader(hashing)
        let base = Origin(path: file.path, modifiedAt: file.modifiedAt)
        _ = process(reader, name: file.path, origin: base, allowTar: true, hashing: hashing, emit)
    }

    /// Detects the container of `reader` and emits its documents (and, for tar, its members').
    private func process(_ reader: ByteReader, name: String, origin: Origin, allowTar: Bool,
                         hashing: HashingSource?, chunkSize: Int = 256 << 10, _ emit: (IngestEvent) -> Bool) -> Bool {
        var stream: ByteReader = reader
        var decompressedBytes: () -> Int = { reader.consumed }
        do {
            if try Ingestor.isGzip(reader) {
                let gz = try GzipSource(reader, limits: limits.gzip)
                stream = ByteReader(gz, capacity: 256 << 10)
                decompressedBytes = { gz.bytesOut }
            }
            if allowTar, TarReader.looksLikeHeader(try stream.peek(512)) {
                return processTar(stream, origin: origin, emit)
            }
        } catch {
            return emit(.sourceStarted(path: origin.path, member: origin.member, modifiedAt: origin.modifiedAt))
                && emit(.failed(origin, error, partial: []))
                && emit(.sourceFinished(bytes: 0, contentHash: hashing?.hash.finalize() ?? ""))
        }
        guard emit(.sourceStarted(path: origin.path, member: origin.member, modifiedAt: origin.modifiedAt)) else { return false }
        let mode: DocumentSplitter.Mode = Ingestor.isLineDelimited(name) ? .lines : .auto
        let splitter = DocumentSplitter(source: stream, mode: mode, maxDocumentBytes: limits.maxDocumentBytes,
                                        chunkSize: chunkSize)
        var any = false
        while let item = splitter.next() {
            any = true
            switch item {
            case .document(let bytes, let offset, let line):
                var o = origin
                o.byteOffset = offset
                o.line = line
                guard emit(.document(RawDocument(bytes: bytes, origin: o))) else { return false }
            case .oversized(let offset, let line, let size):
                var o = origin
                o.byteOffset = offset
                o.line = line
                guard emit(.oversized(o, size: size, limit: limits.maxDocumentBytes)) else { return false }
            case .failed(let error, let partial, let offset, let line):
                var o = origin
                o.byteOffset = offset
                o.line = line
                guard emit(.failed(o, error, partial: partial)) else { return false }
            }
        }
        if !any { guard emit(.empty(origin)) else { return false } }
        _ = try? stream.skip(Int.max)  // drain so the hash covers the whole stream
        return emit(.sourceFinished(bytes: decompressedBytes(), contentHash: hashing?.hash.finalize() ?? ""))
    }

    private func processTar(_ stream: ByteReader, origin: Origin, _ emit: (IngestEvent) -> Bool) -> Bool {
        let tar = TarReader(stream)
        while true {
            let entry: TarReader.Entry?
            do {
                entry = try tar.nextEntry()
            } catch {
                var o = origin
                o.member = "(tar header)"
                o.byteOffset = stream.consumed
                return emit(.sourceStarted(path: o.path, member: o.member, modifiedAt: o.modifiedAt))
                    && emit(.failed(o, error, partial: []))
                    && emit(.sourceFinished(bytes: 0, contentHash: ""))
            }
            guard let entry else { return true }
            var o = origin
            o.member = entry.name
            o.modifiedAt = entry.modifiedAt ?? origin.modifiedAt
            let hashing = HashingSource(tar.memberSource())
            // Members are usually small single replies: size the buffers to them, not to 256 KiB.
            let chunk = min(256 << 10, max(4096, entry.size + 1))
            guard process(ByteReader(hashing, capacity: min(chunk, 64 << 10)), name: entry.name, origin: o, allowTar: false,
                          hashing: hashing, chunkSize: chunk, emit) else { return false }
        }
    }

    static func isGzip(_ reader: ByteReader) throws(IngestError) -> Bool {
        let magic = try reader.peek(2)
        return magic.count == 2 && magic[0] == 0x1F && magic[1] == 0x8B
    }

    /// `.ndjson`, `.jsonl` (optionally followed by `.gz`).
    static func isLineDelimited(_ name: String) -> Bool {
        var n = name.lowercased()
        if n.hasSuffix(".gz") { n.removeLast(3) }
        return n.hasSuffix(".ndjson") || n.hasSuffix(".jsonl")
    }
}

/// A shared count of bytes read: written by the reading thread, read by the progress display.
public final class ByteCounter: Sendable {
    private let value = Atomic<Int>(0)
    public init() {}
    public var bytes: Int { value.load(ordering: .relaxed) }
    public func add(_ n: Int) { value.add(n, ordering: .relaxed) }
    public func reset() { value.store(0, ordering: .relaxed) }
}

/// Passes bytes through while counting them.
final class CountingSource: ByteSource {
    private let upstream: ByteSource
    private let counter: ByteCounter
    init(_ upstream: ByteSource, counter: ByteCounter) {
        self.upstream = upstream
        self.counter = counter
    }
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(IngestError) -> Int {
        let n = try upstream.read(into: buffer)
        counter.add(n)
        return n
    }
}
