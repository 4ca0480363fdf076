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
