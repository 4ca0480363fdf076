/// A JSON syntax error with the byte offset where it was found.
///
/// Line and column are computed only when a message is wanted, from the document bytes,
/// because counting newlines on the hot path costs time for the 99.9 % of valid documents.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case unexpectedEnd
        case unexpectedByte(UInt8)
        case invalidLiteral
        case invalidNumber
        case numberOutOfRange
        case controlCharacterInString
        case invalidEscape
        case invalidUnicodeEscape
        case loneSurrogate
        case invalidUTF8
        case trailingContent
        case tooDeep(limit: Int)
        case tooLarge(limit: Int)
        case tooManyValues(limit: Int)
    }

    public var kind: Kind
    /// Offset of the offending byte from the start of the document.
    public var offset: Int

    public init(_ kind: Kind, at offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// True when the document simply stopped early: the sign of a cut-off download.
    public var isTruncation: Bool { kind == .unexpectedEnd }

    public var reason: String {
        switch kind {
        case .unexpectedEnd: return "unexpected end of input"
        case .unexpectedByte(let b):
            if b >= 0x20 && b < 0x7f { return "unexpected character '\(Character(UnicodeScalar(b)))'" }
            return "unexpected byte 0x\(String(b, radix: 16, uppercase: true))"
        case .invalidLiteral: return "invalid literal (expected true, false or null)"
        case .invalidNumber: return "invalid number"
        case .numberOutOfRange: return "number out of range of a 64-bit float"
        case .controlCharacterInString: return "unescaped control character in string"
        case .invalidEscape: return "invalid escape sequence in string"
        case .invalidUnicodeEscape: return "invalid \\u escape in string"
        case .loneSurrogate: return "unpaired UTF-16 surrogate in \\u escape"
        case .invalidUTF8: return "invalid UTF-8 in string"
        case .trailingContent: return "content after the end of the JSON value"
        case .tooDeep(let limit): return "nesting deeper than \(limit) levels"
        case .tooLarge(let limit): return "document larger than \(limit) bytes"
        case .tooManyValues(let limit): return "more than \(limit) values in one document"
        }
    }

    public var description: String { "\(reason) at byte \(offset)" }

    /// 1-based line and column (in bytes) of `offset` within `bytes`.
    public func lineAndColumn(in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        let stop = min(offset, bytes.count)
        var i = 0
        while i < stop {
            if bytes[i] == 0x0A { line += 1; lineStart = i + 1 }
            i += 1
        }
        return (line, offset - lineStart + 1)
    }
}
