import Glibc

/// An unnamed temporary file of fixed-size records, appended in order and read back sorted by a
/// merge of sorted runs: the external sort the aggregate's passes over the pairs use instead of
/// SQLite's sorter, whose records carry every column as text.
///
/// The file is made in `$TMPDIR` (else `/tmp`), where SQLite's own sorter spills too, and
/// unlinked at once: it disappears with the process, whatever way the process ends.
final class RecordFile<Record: BitwiseCopyable> {
    private let fd: Int32
    /// Records appended, on disk or in `pending`.
    private(set) var count = 0
    private var pending: [Record] = []
    private static var pendingLimit: Int { max(1, (1 << 20) / MemoryLayout<Record>.stride) }

    init() throws(RecordFileError) {
        let dir = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(dir)/wxpipe-spool-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw RecordFileError(operation: "create a temporary file in \(dir)", code: errno) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.fd = fd
        pending.reserveCapacity(Self.pendingLimit)
    }

    deinit { close(fd) }

    func append(_ record: Record) throws(RecordFileError) {
        pending.append(record)
        count += 1
        if pending.count >= Self.pendingLimit { try flush() }
    }

    func append(contentsOf records: [Record]) throws(RecordFileError) {
        try flush()
        try write(records, at: count)
        count += records.count
    }

    /// Writes what is pending, so that `read` sees every record appended.
    func flush() throws(RecordFileError) {
        guard !pending.isEmpty else { return }
        try write(pending, at: count - pending.count)
        pending.removeAll(keepingCapacity: true)
    }

    private func write(_ records: [Record], at index: Int) throws(RecordFileError) {
        let stride = MemoryLayout<Record>.stride
        let failure: Int32? = records.withUnsafeBytes { bytes in
            var done = 0
            while done < bytes.count {
                let n = pwrite(fd, bytes.baseAddress! + done, bytes.count - done, off_t(index * stride + done))
                if n < 0 { if errno == EINTR { continue } else { return errno } }
                done += n
            }
            return nil
        }
        if let failure { throw RecordFileError(operation: "write the temporary file", code: failure) }
    }

    /// Replaces `records` with the `n` records from `index` on (all on disk: `flush` first).
    func read(from index: Int, count n: Int, into records: inout [Record]) throws(RecordFileError) {
        let stride = MemoryLayout<Record>.stride
        var failure: Int32?
        records = [Record](unsafeUninitializedCapacity: n) { buffer, initialized in
            let bytes = UnsafeMutableRawBufferPointer(buffer)
            var done = 0
            while done < n * stride {
                let got = pread(fd, bytes.baseAddress! + done, n * stride - done, off_t(index * stride + done))
                if got < 0 && errno == EINTR { continue }
                if got <= 0 { failure = got < 0 ? errno : EIO; break }
                done += got
            }
            initialized = failure == nil ? n : 0
        }
        if let failure { throw RecordFileError(operation: "read the temporary file", code: failure) }
    }

    /// Calls `body` with every record that `include` keeps, in `less` order, holding at most
    /// `runRecords` of them in memory (and a buffer per run while merging): runs of that many are
    /// sorted and spilled to a second file, then merged. `less` must be a strict total order
    /// (no two records equal), so the result does not depend on the runs' size.
    func forEachSorted(runRecords: Int, include: (Record) -> Bool, by less: (Record, Record) -> Bool,
                       _ body: (Record) throws -> Void) throws {
        try flush()
        var run: [Record] = []
        var runs: [(start: Int, count: Int)] = []
        let spill: RecordFile? = count > runRecords ? try RecordFile() : nil
        var at = 0
        while at < count {
            let n = min(runRecords, count - at)
            try read(from: at, count: n, into: &run)
            at += n
            run.removeAll { !include($0) }
            run.sort(by: less)
            guard let spill else {
                for r in run { try body(r) }
                return
            }
            runs.append((spill.count, run.count))
            try spill.append(contentsOf: run)
        }
        guard let spill else { return }
        run = []
        try Self.merge(spill, runs, by: less, body)
    }

    /// The k-way merge of sorted runs of `file`, through a binary heap of the runs' heads.
    private static func merge(_ file: RecordFile, _ runs: [(start: Int, count: Int)], by less: (Record, Record) -> Bool,
                              _ body: (Record) throws -> Void) throws {
        let bufferRecords = max(64, (256 << 10) / MemoryLayout<Record>.stride)
        var cursors = runs.filter { $0.count > 0 }.map { Cursor(next: $0.start, end: $0.start + $0.count) }
        for k in cursors.indices { try cursors[k].refill(file, bufferRecords) }
        var heap = Array(cursors.indices)
        func head(_ k: Int) -> Record { cursors[k].buffer[cursors[k].position] }
        func siftDown(_ from: Int) {
            var i = from
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < heap.count && less(head(heap[l]), head(heap[m])) { m = l }
                if r < heap.count && less(head(heap[r]), head(heap[m])) { m = r }
                if m == i { return }
                heap.swapAt(i, m)
                i = m
            }
        }
        for i in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(i) }
        while let k = heap.first {
            try body(head(k))
            cursors[k].position += 1
            if cursors[k].position == cursors[k].buffer.count {
                try cursors[k].refill(file, bufferRecords)
                if cursors[k].buffer.isEmpty {
                    heap[0] = heap[heap.count - 1]
                    heap.removeLast()
                }
            }
            if !heap.isEmpty { siftDown(0) }
        }
    }

    private struct Cursor {
        var next: Int, end: Int
        var buffer: [Record] = []
        var position = 0

        mutating func refill(_ file: RecordFile, _ limit: Int) throws(RecordFileError) {
            let n = min(limit, end - next)
            position = 0
            if n == 0 { buffer = []; return }
            try file.read(from: next, count: n, into: &buffer)
            next += n
        }
    }
}

/// A temporary file of the aggregate could not be made, written or read (a full disk, most often).
struct RecordFileError: Error, CustomStringConvertible {
    var operation: String
    var code: Int32
    var description: String { "could not \(operation): \(String(cString: strerror(code)))" }
}
