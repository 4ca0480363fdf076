import WeatherCore
import WeatherStore

/// One row of the final `forecast_pairs` with what the detailed scores need.
struct ScoredPair: Sendable {
    var locationID: String
    /// The target date (`YYYY-MM-DD`): the local target date of a day pair, the UTC date of an hourly one.
    var date: String
    var issuedAt: Int64
    var leadDays: Int?
    var forecast: Double
    var observed: Double
    /// Probability of precipitation, 0…1.
    var probability: Double?

    var error: Double { forecast - observed }
    var dated: DatedPair { DatedPair(date: date, forecast: forecast, observed: observed) }
}

/// The final pairs as `forecast_scores` groups them, one source × variable × lead at a time:
/// that slice's pooled group (`*`) and its per-location groups. Intervals and quantiles need every
/// value of a group, but only one slice is in memory at once — and of a slice that streams
/// (`PooledGroupStream.streams`: hour leads, no precipitation) only one location's group: its
/// pooled group is gathered as a `PooledGroupStream` and handed to `pooled`. The pairs come from
/// `spool` when the aggregate wrote one (its records, in the same order), else from the table.
enum ScoredPairs {
    static func forEachSlice(_ database: Database, spool: PairSpool? = nil, observed: [ScoreKey: [Double: Int]] = [:],
                             _ body: ([ScoreKey: [ScoredPair]]) throws -> Void,
                             pooled: (ScoreKey, PooledGroupStream) throws -> Void = { _, _ in }) throws {
        // A slice that does not stream is gathered as runs: its rows come location after location,
        // so each location's group is one run of rows, and the pooled group all of them — one
        // comparison of keys per row instead of two dictionary look-ups.
        var slice: [ScoreKey: [ScoredPair]] = [:]
        var pooledPairs: [ScoredPair] = []
        var current: ScoreKey?
        var stream: PooledGroupStream?
        var location: ScoreKey?
        var locationPairs: [ScoredPair] = []
        func flushLocation() throws {
            if let location, !locationPairs.isEmpty { try body([location: locationPairs]) }
            location = nil
            locationPairs.removeAll(keepingCapacity: true)
        }
        func endLocationRun() {
            if let location, !locationPairs.isEmpty { slice[location] = locationPairs }
            location = nil
            locationPairs.removeAll(keepingCapacity: true)
        }
        func finish() throws {
            if let key = current, let s = stream {
                try flushLocation()
                try pooled(key, s)
            } else if let key = current {
                endLocationRun()
                if !pooledPairs.isEmpty { slice[key] = pooledPairs }
                if !slice.isEmpty { try body(slice) }
            }
            slice = [:]
            pooledPairs = []
            stream = nil
        }
        func add(_ key: ScoreKey, _ pair: ScoredPair) throws {
            var key = key
            if key != current {
                try finish()
                current = key
                if PooledGroupStream.streams(key) { stream = PooledGroupStream(observed: observed[key]) }
            }
            key.locationID = pair.locationID
            if stream != nil {
                stream!.add(pair)
                if key != location {
                    try flushLocation()
                    location = key
                }
                locationPairs.append(pair)
                return
            }
            pooledPairs.append(pair)
            if key != location {
                endLocationRun()
                location = key
            }
            locationPairs.append(pair)
        }
        if let spool {
            var key: (source: Int32, variable: Int32, leadDays: Int32, bin: Int32, value: ScoreKey)?
            try spool.forEach(.slices) { r in
                if let k = key, k.source == r.source, k.variable == r.variable, k.leadDays == r.leadDays, k.bin == r.leadBin {
                    return try add(k.value, spool.scoredPair(r))
                }
                let made = spool.scoreKey(r)
                key = (r.source, r.variable, r.leadDays, r.leadBin, made)
                try add(made, spool.scoredPair(r))
            }
        } else {
            try database.prepare("""
                SELECT rowid, provider, product, model, derived_from, location_id, variable, target_date,
                       substr(valid_at_utc, 1, 10) AS valid_date, issued_at_utc, lead_days, lead_hours_bin, forecast, observed, precip_prob_pct
                FROM forecast_pairs
                ORDER BY provider, product, model, derived_from, variable, lead_days, lead_hours_bin, location_id,
                         COALESCE(target_date, valid_at_utc), issued_at_utc, rowid
                """).forEachRow(named: { r in
                let leadDays = r.int("lead_days").map(Int.init)
                let lead: ScoreLead = leadDays.map { .days($0) } ?? .hours(bin: r.string("lead_hours_bin") ?? "?")
                let key = ScoreKey(provider: r.string("provider") ?? "", product: r.string("product") ?? "", model: r.string("model") ?? "",
                                   derivedFrom: r.string("derived_from") ?? "", variable: r.string("variable") ?? "", lead: lead)
                try add(key, ScoredPair(locationID: r.string("location_id") ?? "", date: r.string("target_date") ?? r.string("valid_date") ?? "",
                                        issuedAt: try StoredInstant.read(r, "issued_at_utc", table: "forecast_pairs"), leadDays: leadDays,
                                        forecast: r.double("forecast") ?? 0, observed: r.double("observed") ?? 0,
                                        probability: r.double("precip_prob_pct").map { $0 / 100 }))
            })
        }
        try finish()
    }
}

extension PairSpool {
    /// The group of a record, pooled over locations, as a read of its row makes it.
    func scoreKey(_ r: PairRecord) -> ScoreKey {
        let s = sources[r.source]
        let lead: ScoreLead = r.leadDays != PairRecord.null32 ? .days(Int(r.leadDays)) : .hours(bin: r.leadBin >= 0 ? bins[r.leadBin] : "?")
        return ScoreKey(provider: s.provider, product: s.product, model: s.model ?? "", derivedFrom: s.derivedFrom ?? "",
                        variable: variables[r.variable], lead: lead)
    }

    func scoredPair(_ r: PairRecord) -> ScoredPair {
        let date = r.targetDay != PairRecord.null32 ? date(ofDay: r.targetDay)
            : r.validAt != PairRecord.null64 ? date(ofDay: r.validDay) : ""
        return ScoredPair(locationID: locations[r.location], date: date, issuedAt: r.issuedAt,
                          leadDays: r.leadDays != PairRecord.null32 ? Int(r.leadDays) : nil, forecast: r.forecast, observed: r.observed,
                          probability: r.precipProbPct.isNaN ? nil : r.precipProbPct / 100)
    }
}

/// An instant a derived table keeps as ISO 8601 UTC text (`issued_at_utc`), read back as Unix
/// seconds. Text that is not such an instant is an error that names the table, the row and the
/// value — never the Unix epoch.
enum StoredInstant {
    static func read(_ r: Row, _ column: StaticString, table: String) throws -> Int64 {
        let text = r.string(column)
        guard let text, let t = UTCTime.parseISO8601(text) else {
            throw StoredValueError(table: table, column: column.description, rowID: r.int("rowid"), value: text)
        }
        return t
    }
}

/// A value in a derived table that is not what the aggregate wrote there.
struct StoredValueError: Error, CustomStringConvertible {
    var table: String
    var column: String
    var rowID: Int64?
    var value: String?

    var description: String {
        "\(table) row \(rowID.map(String.init) ?? "?"): \(column) is \(value.map { "'\($0)'" } ?? "NULL"), not an ISO 8601 UTC instant"
    }
}

extension ScoreKey {
    /// `provider/product[/model]` and ` (from hour)` for a derived day (`SourceIdentity`), the name a reader sees.
    var source: String { SourceIdentity.name(provider: provider, product: product, model: model, derivedFrom: derivedFrom) }

    /// The key as text, for per-group seeds and messages (a provider's own groups keep the text,
    /// and so the seeds, they had before derived days existed).
    var text: String { [source, variable, leadKind, leadText, locationID].joined(separator: "|") }

    /// Bound values for `whereClause`.
    var bindings: [SQLValue] {
        [.text(provider), .text(product), model.isEmpty ? .null : .text(model), derivedFrom.isEmpty ? .null : .text(derivedFrom),
         .text(locationID), .text(variable), .text(leadKind), .text(leadText)]
    }

    static let whereClause = "provider = ? AND product = ? AND model IS ? AND derived_from IS ? AND location_id = ? AND variable = ? "
        + "AND lead_kind = ? AND COALESCE(CAST(lead_days AS TEXT), lead_hours_bin) = ?"
}
