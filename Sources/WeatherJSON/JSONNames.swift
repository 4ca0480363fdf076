/// Member names hashed once, so that an object can be asked whether it may hold all of them
/// without a lookup per name.
///
/// Every object keeps a `JSONKeyFilter` with the bits of each name it holds; a name whose bits
/// are not all set is certainly absent. The union of several names' bits answers for all of
/// them at once: one test of two words tells "certainly lacks one of these" from "may hold every
/// one". Format detection asks each document for the names each format needs before it asks
/// the format itself, so most formats are ruled out without a lookup.
///
/// Two words and nothing else, so that tables of them are read without reference counting.
public struct JSONNames: Sendable {
    let filter: JSONKeyFilter

    public init(_ names: [String]) {
        var filter = JSONKeyFilter()
        for var name in names {
            name.withUTF8 { filter.insert(JSONKeyFilter.Name($0)) }
        }
        self.filter = filter
    }

    init(filter: JSONKeyFilter) { self.filter = filter }

    /// Whether an object with these names (`JSONValue.names`) may hold every one of `wanted`.
    @inline(__always)
    public func mayHaveAll(_ wanted: JSONNames) -> Bool {
        filter.first & wanted.filter.first == wanted.filter.first
            && filter.second & wanted.filter.second == wanted.filter.second
    }
}

extension JSONValue {
    /// The filter of an object's member names, or nil when this is not an object: asked once
    /// for a body that many sets of names are tested against.
    public var names: JSONNames? {
        let n = node
        guard n.kind == .object else { return nil }
        return JSONNames(filter: JSONKeyFilter(first: n.bits, second: n.extra))
    }

    /// False when this is not an object, or certainly lacks one of `names`; true when it may
    /// hold every one of them (a lookup tells). Never false for an object that holds them all.
    @inline(__always)
    public func mayHaveAll(_ names: JSONNames) -> Bool {
        let n = node
        guard n.kind == .object else { return false }
        let wanted = names.filter
        return n.bits & wanted.first == wanted.first && n.extra & wanted.second == wanted.second
    }
}
