/// A value as SQLite stores it: one case per storage class.
/// https://www.sqlite.org/datatype3.html
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    public static func optional(_ v: Double?) -> SQLValue { v.map { .real($0) } ?? .null }
    public static func optional(_ v: Int64?) -> SQLValue { v.map { .integer($0) } ?? .null }
    public static func optional(_ v: Int?) -> SQLValue { v.map { .integer(Int64($0)) } ?? .null }
    public static func optional(_ v: String?) -> SQLValue { v.map { .text($0) } ?? .null }

    public var int: Int64? {
        switch self {
        case .integer(let v): return v
        case .real(let v): return Int64(exactly: v)
        default: return nil
        }
    }

    public var double: Double? {
        switch self {
        case .integer(let v): return Double(v)
        case .real(let v): return v
        default: return nil
        }
    }

    public var string: String? {
        if case .text(let s) = self { return s }
        return nil
    }
}
