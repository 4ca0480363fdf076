#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What each parameter of a statement was last bound to, for the rows a `RowBinder` binds: SQLite
/// keeps a parameter's value from one execution to the next, so a value equal to the one bound
/// before need not be bound again. Rows of one reply repeat many values (its source, line,
/// place, feed and issue time, and the columns its provider never fills, NULL), and a bind costs
/// 70–110 instructions inside SQLite: about a fifth of what binding a One Call hour cost.
///
/// Numbers and NULL are compared by their bits. A short text is copied into the parameter's own
/// slot (`textCapacity` bytes) and bound from there without a copy by SQLite, so that it stays
/// where SQLite reads it for as long as the parameter keeps it; it is compared by its bytes.
/// Every other way of binding forgets the parameter, and clearing the bindings forgets them all,
/// so a kept value is always the one SQLite holds.
struct BoundValues {
    enum Kind: UInt8 { case unknown = 0, null, real, integer, text }
    /// Longer texts (rare in weather replies: condition texts, place names) are bound as before.
    static let textCapacity = 32

    private let kinds: UnsafeMutablePointer<UInt8>
    /// For numbers their bits; for text its length.
    private let bits: UnsafeMutablePointer<UInt64>
    private let texts: UnsafeMutablePointer<UInt8>
    /// Parameters are 1-based: slot `i` is parameter `i`, slot 0 unused.
    private let slots: Int

    /// Room for `parameters` parameters, all unknown. Kept in memory of its own, written
    /// through without `mutating`: a statement's stored property changed per value bound cost
    /// more in exclusivity checks than the binds it saved.
    init(parameters: Int) {
        slots = parameters + 1
        kinds = .allocate(capacity: slots)
        kinds.initialize(repeating: Kind.unknown.rawValue, count: slots)
        bits = .allocate(capacity: slots)
        bits.initialize(repeating: 0, count: slots)
        texts = .allocate(capacity: slots * Self.textCapacity)
    }

    func deallocate() {
        kinds.deallocate()
        bits.deallocate()
        texts.deallocate()
    }

    /// Whether parameter `i` holds a value of `kind` with these bits.
    @inline(__always)
    func holds(_ i: Int32, _ kind: Kind, _ value: UInt64) -> Bool {
        guard i > 0, Int(i) < slots else { return false }
        return kinds[Int(i)] == kind.rawValue && bits[Int(i)] == value
    }

    /// The slot a text of `count` bytes for parameter `i` is bound from (nil when it does not fit).
    @inline(__always)
    func textSlot(_ i: Int32, count: Int) -> UnsafeMutablePointer<UInt8>? {
        guard i > 0, Int(i) < slots, count <= Self.textCapacity else { return nil }
        return texts + Int(i) * Self.textCapacity
    }

    /// Whether parameter `i` holds, from its slot, the `count` bytes at `text`.
    @inline(__always)
    func holdsText(_ i: Int32, _ text: UnsafePointer<UInt8>, count: Int) -> Bool {
        guard let slot = textSlot(i, count: count), kinds[Int(i)] == Kind.text.rawValue, bits[Int(i)] == UInt64(count) else { return false }
        return memcmp(slot, text, count) == 0
    }

    @inline(__always)
    func note(_ i: Int32, _ kind: Kind, _ value: UInt64) {
        guard i > 0, Int(i) < slots else { return }
        kinds[Int(i)] = kind.rawValue
        bits[Int(i)] = value
    }

    @inline(__always)
    func forget(_ i: Int32) {
        guard i > 0, Int(i) < slots else { return }
        kinds[Int(i)] = Kind.unknown.rawValue
    }

    func forgetAll() {
        kinds.update(repeating: Kind.unknown.rawValue, count: slots)
    }
}
