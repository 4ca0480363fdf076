import WeatherCore

/// Values archives write as text: a number, `M` (missing), `T` (trace), ACIS's `S` (included in
/// a later total) and a trailing `A` (an accumulated total over several days).
enum ArchiveText {
    enum Value: Equatable {
        case number(Double)
        case missing
        case trace
        /// A value whose window is not the row's day (`S`, `1.23A`): not a day value.
        case notThisDay
    }

    static func parse(_ raw: String) -> Value? {
        let t = raw.trimmingCharacters(in: .whitespaces)
        switch t {
        case "", "M", "m": return .missing
        case "T", "t": return .trace
        case "S", "s": return .notThisDay
        default:
            if t.hasSuffix("A") || t.hasSuffix("a") { return Double(t.dropLast()) == nil ? nil : .notThisDay }
            return Double(t).map { .number($0) }
        }
    }

    /// A field holding a number or such text; an unreadable value is the reply's fault.
    static func value(of field: Field) throws(DecodeFailure) -> Value {
        switch field.value.kind {
        case .null: return .missing
        case .number: return .number(try field.number())
        case .string:
            let s = try field.string()
            guard let v = parse(s) else {
                throw DecodeFailure(.wrongType, "field '\(field.path)' should be a number, \"M\" or \"T\" but is \"\(Sanitize.printable(String(s.prefix(40))))\"",
                                    fieldPath: field.path)
            }
            return v
        default: throw field.typeError("a number or a string")
        }
    }
}

/// Plausibility and conversion of archive values, with trace and missing handled once.
extension Field {
    /// A temperature (or other quantity) from a number or text: checked, and set aside when
    /// implausible as every decoder does; `M` and trace are nil.
    func archiveQuantity(_ convert: (Double) -> Double, _ range: Plausibility.Range) throws(DecodeFailure) -> Double? {
        guard case .number(let raw) = try ArchiveText.value(of: self) else { return nil }
        let v = convert(raw)
        do {
            try check(v, range, raw: raw)
            ValueQuarantine.notePassed(range, in: value.document)
            return v
        } catch {
            try ValueQuarantine.absorb(error, at: self, range: range)
            return nil
        }
    }

    /// A precipitation amount from a number or text: `T` is a trace (0 mm, `trace` true).
    func archivePrecip(_ convert: (Double) -> Double) throws(DecodeFailure) -> (mm: Double, trace: Bool)? {
        switch try ArchiveText.value(of: self) {
        case .trace: return (0, true)
        case .missing, .notThisDay: return nil
        case .number: return try archiveQuantity(convert, Plausibility.precipMm).map { ($0, false) }
        }
    }
}
