/// How far an ingest run is, for the progress line.
public struct IngestProgress: Sendable {
    /// Size of every input file (compressed bytes as stored).
    public var totalBytes: Int
    /// Bytes of the files already done, and read so far of the current one.
    public var doneBytes = 0
    public var currentBytes = 0
    public var documents = 0
    public var currentPath = ""

    public init(totalBytes: Int) { self.totalBytes = totalBytes }

    public var bytesRead: Int { doneBytes + currentBytes }
}
