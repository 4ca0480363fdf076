import Synchronization

/// A parsed JSON document: its bytes and the tape of values that index into them.
///
/// A reference type so that `JSONValue` cursors can share one document without copying.
public final class JSONDocument: @unchecked Sendable {
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

    /// The document's text in an allocation of its own, followed by `JSONParser.padding` zero
    /// bytes: the parser's loops stop at a zero byte rather than testing the end at every byte
    /// (a zero byte is not valid anywhere in JSON, so reaching one is either the end or an
    /// error), and it reads whole words of string text without running past the allocation.
    /// Lookups read names through this pointer without keeping an array alive around them.
    let text: UnsafeMutablePointer<UInt8>
    /// The number of bytes of text, not counting the padding.
    public let byteCount: Int
    /// The tape: the nodes in an allocation of the document's own, written once by the
    /// parser and only read after (which is why the document is `Sendable`). A pointer rather
    /// than an array: the parser appends without an array's uniqueness and capacity checks, and
    /// a lookup reads nodes without keeping an array alive around it.
    let nodes: UnsafeMutablePointer<JSONNode>
    /// Where the last member lookups ended, for the two objects read most lately: each word holds
    /// an object's tape index (high 32 bits) and the key after the member the lookup found (low
    /// 32 bits), where the next lookup in that object starts. Two, because decoders alternate
    /// between an object and one of its children (`main.temp`, then the reply's `wind`): with one
    /// hint every lookup in the parent after a child's started from its first member again, and
    /// compared about six keys. One word each, so that a lookup reads a whole hint even if two
    /// threads read one document; any hint of an object is a valid start, so the hints change
    /// how long a lookup takes, never what it finds.
    let recentHint = Atomic<UInt64>(UInt64.max)
    let olderHint = Atomic<UInt64>(UInt64.max)

    /// Where a lookup in the object at `object` starts: the key after the last one found in
    /// it, if it is one of the two objects read most lately.
    @inline(__always)
    func lookupStart(object: Int) -> Int? {
        let recent = recentHint.load(ordering: .relaxed)
        if recent >> 32 == UInt64(object) { return Int(truncatingIfNeeded: recent & 0xFFFF_FFFF) }
        let older = olderHint.load(ordering: .relaxed)
        if older >> 32 == UInt64(object) { return Int(truncatingIfNeeded: older & 0xFFFF_FFFF) }
        return nil
    }

    /// Remembers that the next lookup in the object at `object` starts at key `next`; the
    /// object becomes the most recent, the previous most recent the older one.
    @inline(__always)
    func rememberLookup(object: Int, next: Int) {
        let word = UInt64(object) << 32 | UInt64(next)
        let recent = recentHint.load(ordering: .relaxed)
        if recent >> 32 != UInt64(object) { olderHint.store(recent, ordering: .relaxed) }
        recentHint.store(word, ordering: .relaxed)
    }

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
        let count = bytes.count
        let text = UnsafeMutablePointer<UInt8>.allocate(capacity: count + JSONParser.padding)
        bytes.withUnsafeBufferPointer { source in
            if count > 0 { text.initialize(from: source.baseAddress!, count: count) }
        }
        (text + count).initialize(repeating: 0, count: JSONParser.padding)
        var parser = JSONParser(text, count: count, maxDepth: limits.maxDepth, maxValues: limits.maxValues)
        do throws(JSONSyntaxError) {
            try parser.parseDocument()
        } catch {
            parser.nodes.deallocate()
            text.deallocate()
            throw error
        }
        self.text = text
        self.byteCount = count
        self.nodes = parser.nodes
    }

    deinit {
        nodes.deallocate()
        text.deallocate()
    }

    /// The bytes `start..<end` of the text.
    @inline(__always)
    func bytes(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: text + start, count: end - start)
    }

    /// Convenience for tests and small inputs.
    public convenience init(parsing text: String, limits: Limits = Limits()) throws(JSONSyntaxError) {
        try self.init(parsing: Array(text.utf8), limits: limits)
    }

    /// The top-level value.
    public var root: JSONValue { JSONValue(document: self, index: 0) }
}
