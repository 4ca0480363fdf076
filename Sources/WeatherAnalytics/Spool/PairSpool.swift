import WeatherCore

/// One scored pair as numbers: what the detail, comparison and consistency passes read of a row
/// of `forecast_pairs`, with its texts as indices into `PairSpool`'s tables.
struct PairRecord: BitwiseCopyable {
    /// The order the pair was written in: the order of its `rowid`, which ends every pass's order.
    var sequence: Int64
    /// Unix seconds; `Int64.min`: NULL.
    var validAt: Int64
    var issuedAt: Int64
    /// `lead_hours` as stored (rounded to 3 decimals).
    var leadHours: Double
    var forecast: Double
    var observed: Double
    /// NaN: NULL.
    var precipProbPct: Double
    var source: Int32
    var variable: Int32
    var location: Int32
    var period: Int32
    /// `Int32.min`: NULL.
    var leadDays: Int32
    /// An index of `PairSpool.bins`; -1: NULL.
    var leadBin: Int32
    /// Days since 1970-01-01 of `target_date`; `Int32.min`: NULL.
    var targetDay: Int32
    /// The UTC day of `validAt`; `Int32.min`: NULL.
    var validDay: Int32

    static let null32 = Int32.min
    static let null64 = Int64.min
}

/// The scored pairs, spooled to a temporary file as `PairWriter` writes them, so that each pass
/// of `DetailedScores` sorts compact records of numbers in an order of its own (`PairOrder`)
/// instead of asking SQLite to sort every pair's text columns three times.
///
/// Every pass must see exactly what a read of `forecast_pairs` would give it, in the same order.
/// The spool is `exact` only while that holds; a pair it could not represent as the table does
/// (an empty model, a date that is not `YYYY-MM-DD`, an instant outside years 0–9999, a value SQLite
/// would store as NULL) makes it inexact, and the passes read the table instead.
final class PairSpool {
    struct Source: Hashable {
        var provider: String, product: String, model: String?, derivedFrom: String?
    }

    private let file: RecordFile<PairRecord>
    private(set) var exact = true
    /// The texts the records index, in the order first seen.
    private(set) var sources = Interned<Source>()
    private(set) var variables = Interned<String>()
    private(set) var locations = Interned<String>()
    private(set) var periods = Interned<String>()
    private(set) var bins = Interned<String>()
    private var dayOfDate: [String: Int32] = [:]
    /// The text of every day a record holds (target days and valid instants' days), filled as
    /// records are appended: the passes only read it, so two of them can read the spool at once.
    private var dateOfDay: [Int32: String] = [:]
    private var lastValidDay = PairRecord.null32
    /// How many records a sorted run holds in memory; tests make it small so that runs are merged.
    var runRecords = 131_072

    init() throws { file = try RecordFile() }

    var count: Int { file.count }

    /// `sequence`: where the pair sorts among equal keys; the order appended when nil (a spool
    /// read from several files gives the order they are concatenated in).
    func append(_ p: ForecastPair, leadHoursBin: String?, sequence: Int64? = nil) throws {
        guard exact else { return }
        if p.model == "" || p.derivedFrom == "" || !p.forecast.isFinite || !p.observed.isFinite
            || !(p.precipProbPct?.isFinite ?? true) || !Self.inRange(p.issuedAt) || !(p.validAt.map(Self.inRange) ?? true) {
            return spoil()
        }
        let leadDays: Int32
        if let d = p.leadDays {
            guard let d32 = Int32(exactly: d), d32 != PairRecord.null32 else { return spoil() }
            leadDays = d32
        } else {
            leadDays = PairRecord.null32
        }
        var targetDay = PairRecord.null32
        if let date = p.targetDate {
            guard let day = day(of: date) else { return spoil() }
            targetDay = day
        }
        let lead = Convert.round(p.leadHours, 3)
        guard lead.isFinite else { return spoil() }
        let validDay = p.validAt.map { Int32(Self.utcDay($0)) } ?? PairRecord.null32
        if validDay != lastValidDay, validDay != PairRecord.null32 {
            lastValidDay = validDay
            if dateOfDay[validDay] == nil { dateOfDay[validDay] = UTCTime.date(Int64(validDay) * 86_400) }
        }
        try file.append(PairRecord(
            sequence: sequence ?? Int64(file.count), validAt: p.validAt ?? PairRecord.null64, issuedAt: p.issuedAt, leadHours: lead,
            forecast: p.forecast, observed: p.observed, precipProbPct: p.precipProbPct ?? .nan,
            source: sources.id(Source(provider: p.provider, product: p.product, model: p.model, derivedFrom: p.derivedFrom)),
            variable: variables.id(p.variable), location: locations.id(p.locationID), period: periods.id(p.period),
            leadDays: leadDays, leadBin: leadHoursBin.map { bins.id($0) } ?? -1, targetDay: targetDay,
            validDay: validDay))
    }

    /// From now on the passes read the table; the records written so far are not needed.
    private func spoil() {
        exact = false
    }

    /// Writes the records still buffered: from then on `forEach` only reads the spool, and
    /// `readers` passes on as many threads may read it at once (nothing may be appended
    /// meanwhile). They share the memory one pass had: each sorts runs of a `readers`th the size.
    func finishWriting(readers: Int) throws {
        try file.flush()
        runRecords = max(1, runRecords / max(1, readers))
    }

    /// Calls `body` with the records `order` keeps, in its order.
    func forEach(_ order: PairOrder, _ body: (PairRecord) throws -> Void) throws {
        precondition(exact, "an inexact spool is never read")
        let keys = PairOrder.Ranks(self)
        try file.forEachSorted(runRecords: runRecords, include: order.include(keys), by: order.less(keys), body)
    }

    /// `target_date` as stored, or the UTC date of `valid_at_utc` (`substr(valid_at_utc, 1, 10)`).
    func date(ofDay day: Int32) -> String {
        dateOfDay[day] ?? UTCTime.date(Int64(day) * 86_400)
    }

    /// The day of a `YYYY-MM-DD` date, nil for any other text (which then sorts as text would not).
    private func day(of date: String) -> Int32? {
        if let known = dayOfDate[date] { return known }
        let b = Array(date.utf8)
        guard b.count == 10, b[4] == 45, b[7] == 45,
              b.indices.allSatisfy({ $0 == 4 || $0 == 7 || (48...57).contains(b[$0]) }) else { return nil }
        func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + Int(b[$1] - 48) } }
        let days = UTCTime.days(year: Int64(number(0..<4)), month: number(5..<7), day: number(8..<10))
        guard let day = Int32(exactly: days), UTCTime.date(days * 86_400) == date else { return nil }
        dayOfDate[date] = day
        dateOfDay[day] = date
        return day
    }

    /// Whether an instant's ISO text has the fixed width that makes its text order its time order.
    private static func inRange(_ t: Int64) -> Bool { t >= -62_167_219_200 && t <= 253_402_300_799 }

    static func utcDay(_ t: Int64) -> Int64 { t >= 0 ? t / 86_400 : (t - 86_399) / 86_400 }
}

/// Values numbered in the order first seen; `ranks` numbers them in SQLite's `BINARY` text order.
struct Interned<Value: Hashable> {
    private(set) var values: [Value] = []
    private var ids: [Value: Int32] = [:]
    /// Pairs come in runs of one source, place and variable: the last value is checked first.
    private var last: (value: Value, id: Int32)?

    mutating func id(_ value: Value) -> Int32 {
        if let last, last.value == value { return last.id }
        let id: Int32
        if let known = ids[value] {
            id = known
        } else {
            id = Int32(values.count)
            values.append(value)
            ids[value] = id
        }
        last = (value, id)
        return id
    }

    subscript(_ id: Int32) -> Value { values[Int(id)] }

    /// Each value's place when sorted by `less`.
    func ranks(by less: (Value, Value) -> Bool) -> [Int32] {
        var out = [Int32](repeating: 0, count: values.count)
        for (rank, index) in values.indices.sorted(by: { less(values[$0], values[$1]) }).enumerated() { out[index] = Int32(rank) }
        return out
    }
}

extension String {
    /// SQLite's `BINARY` collation: the UTF-8 bytes compared, not Unicode's order of characters.
    func sqliteBefore(_ other: String) -> Bool { utf8.lexicographicallyPrecedes(other.utf8) }
}

extension Optional<String> {
    /// NULL before every text, as SQLite sorts.
    func sqliteBefore(_ other: String?) -> Bool {
        switch (self, other) {
        case (nil, nil): return false
        case (nil, _): return true
        case (_, nil): return false
        case let (a?, b?): return a.sqliteBefore(b)
        }
    }
}
