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
/// value of a group, but only one slice is in memory at once.
enum ScoredPairs {
    static func forEachSlice(_ database: Database, _ body: ([ScoreKey: [ScoredPair]]) throws -> Void) throws {
        var slice: [ScoreKey: [ScoredPair]] = [:]
        var current: ScoreKey?
        try database.prepare("""
            SELECT provider, product, model, location_id, variable, target_date, substr(valid_at_utc, 1, 10), issued_at_utc,
                   lead_days, lead_hours, forecast, observed, precip_prob_pct FROM forecast_pairs
            ORDER BY provider, product, model, variable, lead_days, lead_hours_bin, location_id,
                     COALESCE(target_date, valid_at_utc), issued_at_utc
            """).forEachRow { r in
            let leadDays = r[8].int.map(Int.init)
            let lead: ScoreLead = leadDays.map { .days($0) } ?? .hours(bin: ForecastPair.leadBin(r[9].double ?? 0) ?? "?")
            var key = ScoreKey(provider: r[0].string ?? "", product: r[1].string ?? "", model: r[2].string ?? "",
                               variable: r[4].string ?? "", lead: lead)
            if key != current {
                if !slice.isEmpty { try body(slice) }
                slice = [:]
                current = key
            }
            let pair = ScoredPair(locationID: r[3].string ?? "", date: r[5].string ?? r[6].string ?? "",
                                  issuedAt: r[7].string.flatMap { UTCTime.parseISO8601($0) } ?? 0, leadDays: leadDays,
                                  forecast: r[10].double ?? 0, observed: r[11].double ?? 0, probability: r[12].double.map { $0 / 100 })
            slice[key, default: []].append(pair)
            key.locationID = pair.locationID
            slice[key, default: []].append(pair)
        }
        if !slice.isEmpty { try body(slice) }
    }
}

extension ScoreKey {
    /// `provider/product[/model]`, the name a reader sees.
    var source: String { provider + "/" + product + (model.isEmpty ? "" : "/" + model) }

    /// The key as text, for per-group seeds and messages.
    var text: String { [source, variable, leadKind, leadText, locationID].joined(separator: "|") }

    /// Bound values for `WHERE provider = ? AND product = ? AND model IS ? AND location_id = ? AND variable = ? AND lead_kind = ? AND lead = ?`.
    var bindings: [SQLValue] {
        [.text(provider), .text(product), model.isEmpty ? .null : .text(model), .text(locationID), .text(variable),
         .text(leadKind), .text(leadText)]
    }

    static let whereClause = "provider = ? AND product = ? AND model IS ? AND location_id = ? AND variable = ? AND lead_kind = ? "
        + "AND COALESCE(CAST(lead_days AS TEXT), lead_hours_bin) = ?"

    /// The identity columns of a row: provider, product, model, location, and `lead_days` (NULL for hourly bins).
    var identity: [SQLValue] {
        [.text(provider), .text(product), model.isEmpty ? .null : .text(model), .text(locationID),
         .optional(leadDays)]
    }
}
