import WeatherIngest

/// Files of a folder read and decoded ahead of the one being written, so that the decoders
/// work on file k+1… while the store writes file k: a folder of 2,000 one-document files keeps
/// every worker busy, not one at a time.
///
/// It only guesses which files will be read (not standard input, not identical to another of
/// this run, not read before with these settings, as the store says now); the runner still
/// decides each file in order, exactly as without prefetching, and a guess that turns out
/// wrong costs only the discarded decoding. At most `ahead` files are in flight.
final class Prefetcher {
    private let files: [InputFile]
    private let ahead: Int
    private let start: (InputFile) -> BackgroundReader
    private let willRead: (Int, InputFile) -> Bool
    private var readers: [Int: BackgroundReader] = [:]
    private var next = 0

    /// `start` begins reading a file; `willRead` is the guess for file `index`.
    init(files: [InputFile], ahead: Int, start: @escaping (InputFile) -> BackgroundReader,
         willRead: @escaping (Int, InputFile) -> Bool) {
        self.files = files
        self.ahead = ahead
        self.start = start
        self.willRead = willRead
    }

    /// The reader of file `index`: the one started ahead, or a new one.
    func reader(for index: Int) -> BackgroundReader {
        if let r = readers.removeValue(forKey: index) { return r }
        return start(files[index])
    }

    /// Starts files after `index` (up to `limit`, exclusive) until `ahead` are in flight.
    func startAhead(of index: Int, limit: Int) {
        next = max(next, index + 1)
        while readers.count < ahead && next < min(limit, files.count) {
            if willRead(next, files[next]) { readers[next] = start(files[next]) }
            next += 1
        }
    }

    /// File `index` is done (or skipped): a reader started for it is stopped.
    func finished(_ index: Int) {
        readers.removeValue(forKey: index)?.stop()
    }

    /// Stops every reader started ahead (an error or an interruption ends the run).
    func stopAll() {
        for r in readers.values { r.stop() }
        readers.removeAll()
    }
}
