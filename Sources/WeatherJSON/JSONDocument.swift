import Synchronization

/// A parsed JSON document: its bytes and the tape of values that index into them.
///
/// A reference type so that `JSONValue` cursors can share one document without copying.
public final class JSONDocument: Sendable {
    /// Limits that keep hostile input from costing unbounded stack or memory.
    public struct Limits: Sendable {
        public var maxDepth: Int
        public var maxBytes: Int
        /// Values in one document: each costs 32 bytes of tape, so this bounds memory even for
        /// `[0,0,0,…]`, where a value takes two bytes of input. Real replies hold < 50,000.
        public var maxValues: Int
        public init(maxDepth: Int = 512, maxBytes: Int = 16 << 20, maxValues: Int = 1 << 20) {
            self.maxDepth = maxDepth
            self.maxBytes = maxBytes
            self.maxValues = maxValues
        }
    }

    public let bytes: [UInt8]
    let nodes: [JSONNode]
    /// Where the last member lookup ended: the object's tape index (high 32 bits) and the key
    /// after the member it found (low 32 bits), where the next lookup in that object starts.
    /// One word, so that a lookup reads a whole hint even if two threads read one document;
    /// any hint of the object is a valid start, so the hint changes how long a lookup takes,
    /// never what it finds.
    let lookupHint = Atomic<UInt64>(UInt64.max)
    /// A word of flags for the document's readers, set while they read it and taken when they
    /// are done: the decoders mark which quantities had a plausible value, one bit each. Kept
    /// with the values it is about, because finding a reader's own state (a task local) for
    /// every value read cost a tenth of decoding a One Call reply.
    private let marks = Atomic<UInt64>(0)

    /// Sets `bits` in the readers' flags.
    @inline(__always)
    public func mark(_ bits: UInt64) {
        if marks.load(ordering: .relaxed) & bits != bits { marks.bitwiseOr(bits, ordering: .relaxed) }
    }

    /// The readers' flags set since they were last taken, cleared.
    public func takeMarks() -> UInt64 { marks.exchange(0, ordering: .relaxed) }

    /// Parses `bytes` strictly; throws `JSONSyntaxError` with the byte offset of the problem.
    public init(parsing bytes: [UInt8], limits: Limits = Limits()) throws(JSONSyntaxError) {
        if bytes.count > limits.maxBytes { throw JSONSyntaxError(.tooLarge(limit: limits.maxBytes), at: limits.maxBytes) }
        let result: Result<[JSONNode], JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer, maxDepth: limits.maxDepth, maxValues: limits.maxValues)
            do throws(JSONSyntaxError) {
                try parser.parseDocument()
                return .success(parser.nodes)
            } catch {
                return .failure(error)
            }
        }
        self.bytes = bytes
        self.nodes = try result.get()
    }

    /// Convenience for tests and small inputs.
    public convenience init(parsing text: String, limits: Limits = Limits()) throws(JSONSyntaxError) {
        try self.init(parsing: Array(text.utf8), limits: limits)
    }

    /// The top-level value.
    public var root: JSONValue { JSONValue(document: self, index: 0) }
}
