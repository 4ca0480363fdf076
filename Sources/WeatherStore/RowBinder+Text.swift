/// Values kept in the records as a type and stored as its text (`UnitsSource`: `units_block`).
extension RowBinder {
    /// Binds the raw text of `v`: the column holds exactly what a `String` of that text would.
    @inline(__always)
    public mutating func callAsFunction<Text: RawRepresentable>(_ name: StaticString, _ v: Text?) throws(StoreError)
    where Text.RawValue == String {
        try self(name, v?.rawValue)
    }
}
