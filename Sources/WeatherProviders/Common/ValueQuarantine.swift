#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WeatherCore
import WeatherJSON

/// One value set aside while its document was accepted (docs/PROVIDERS.md, Quarantine): it is
/// missing (NULL) in its record and becomes a row in the store's `warnings` table.
public struct QuarantinedValue: Sendable, Equatable {
    /// Where in the body: `hourly.cloud_cover[17]`, `main.humidity`.
    public var fieldPath: String
    /// The value as written in the document (at most 40 characters, printable).
    public var value: String
    /// The rule it broke, stable enough to count by: `cloud cover 0…100 %`, `a number`.
    public var rule: String
    /// The whole remark for people, as an implausible-value reject would have said it.
    public var message: String

    public init(fieldPath: String, value: String, rule: String, message: String) {
        self.fieldPath = fieldPath
        self.value = value
        self.rule = rule
        self.message = message
    }
}

/// The value checks of one document being decoded: which quantities passed, which values were
/// set aside. One odd value is not a bad reply (rejecting whole documents for it once lost 38,000
/// good forecast values to 113 cloud covers of 101 %), but a quantity none of whose values is plausible means the
/// document is misread — usually wrong units — and the document is rejected as before.
///
/// Bound to the decoding thread for the duration of one `DocumentDecoder.decode` so that every
/// reader (`Field.quantity`, Open-Meteo columns) reaches it without threading a parameter
/// through each provider. Without one bound (a decoder called directly), or with `strict`,
/// failures throw. A thread's slot rather than a task local: decoding is synchronous, so the
/// two are the same scope, and binding a task local cost 550 instructions a document.
final class ValueQuarantine: @unchecked Sendable {
    /// The slot of the thread's bound quarantine (unretained: `bound` keeps it alive).
    private static let slot: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The quarantine bound on this thread, if any.
    static var current: ValueQuarantine? {
        pthread_getspecific(slot).map { Unmanaged<ValueQuarantine>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Runs `body` with `quarantine` bound on this thread (the one bound before comes back after).
    static func bound<R>(_ quarantine: ValueQuarantine, _ body: () -> R) -> R {
        let previous = pthread_getspecific(slot)
        pthread_setspecific(slot, Unmanaged.passUnretained(quarantine).toOpaque())
        defer { pthread_setspecific(slot, previous) }
        return withExtendedLifetime(quarantine) { body() }
    }

    let strict: Bool
    private(set) var values: [QuarantinedValue] = []
    /// Quantities with at least one plausible value, one bit each (`Plausibility.Range.bit`):
    /// marked on the document read for every plausible value (`notePassed`) and taken from it
    /// when the decode ends (`DocumentDecoder.checkingValues`).
    var passed: UInt64 = 0
    /// Values set aside per quantity.
    private var failed: [String: Int] = [:]
    /// The first failure per quantity, in the order quantities first failed.
    private var firstFailure: [(quantity: String, bit: Int, failure: DecodeFailure)] = []

    init(strict: Bool) { self.strict = strict }

    /// Notes `count` plausible values of `range`'s quantity read from `document`: a bit of the
    /// document's marks, so that the hot path reads no task local (nothing is taken from them
    /// when no decode is in progress, and a strict decode throws instead of setting aside).
    @inline(__always)
    static func notePassed(_ range: Plausibility.Range, in document: JSONDocument, count: Int = 1) {
        guard count > 0 else { return }
        document.mark(1 << UInt64(range.bit))
    }

    /// Sets the value aside when a lenient decode is in progress; otherwise rethrows `failure`.
    /// Only failures of a value's type or plausibility are set aside: times, coordinates and
    /// structure still decide whether there is a record at all.
    static func absorb(_ failure: DecodeFailure, at field: Field, range: Plausibility.Range) throws(DecodeFailure) {
        guard let q = current, !q.strict, failure.reason == .implausibleValue || failure.reason == .wrongType else { throw failure }
        let rule = failure.reason == .wrongType ? "a number" : ValueQuarantine.rule(range)
        let shown = Sanitize.printable(String(field.value.rawText.prefix(40)))
        q.values.append(QuarantinedValue(fieldPath: field.path, value: shown, rule: rule,
                                         message: failure.message + "; value left missing, document kept"))
        q.failed[range.field, default: 0] += 1
        if !q.firstFailure.contains(where: { $0.quantity == range.field }) {
            q.firstFailure.append((range.field, range.bit, failure))
        }
    }

    /// The reject when some quantity had values and none of them was plausible (today's message,
    /// which names the units assumed); nil when the document stands.
    func verdict() -> DecodeFailure? {
        for (quantity, bit, failure) in firstFailure where passed & (1 << UInt64(bit)) == 0 {
            var f = failure
            let n = failed[quantity, default: 0]
            if n > 1 { f.message += " (none of the \(n) \(quantity) values in this document is plausible)" }
            return f
        }
        return nil
    }

    /// `cloud cover 0…100 %`: the range a value broke, as counted in summaries.
    static func rule(_ range: Plausibility.Range) -> String {
        func text(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v) }
        let unit = range.unit.isEmpty ? "" : " " + range.unit
        return "\(range.field) \(text(range.low))…\(text(range.high))\(unit)"
    }
}
