/// How far an ingest run is, for the progress line.
///
/// Two measures: the share done and the ETA come from the input files' sizes as stored
/// (compressed bytes, known before reading), while the megabytes shown are decompressed JSON —
/// the same measure as the summary's "MB decompressed", so the two lines agree.
public struct IngestProgress: Sendable {
    /// Size of every input file (compressed bytes as stored).
    public var totalBytes: Int
    /// Stored bytes of the files already done, and read so far of the current one.
    public var doneBytes = 0
    public var currentBytes = 0
    /// Decompressed bytes read so far (finished sources, and the current one up to its last
    /// document).
    public var decompressedBytes = 0
    public var documents = 0
    public var currentPath = ""

    public init(totalBytes: Int) { self.totalBytes = totalBytes }

    /// Stored (compressed) bytes read: for the share done and the ETA.
    public var bytesRead: Int { doneBytes + currentBytes }
}
