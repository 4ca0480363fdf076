import WeatherCore
import WeatherStore

/// `derived_day_forecasts`, declared once: the day forecasts the aggregate made from sub-daily
/// ones (`DerivedDays`), one row per issue and local day, with the hours they cover — so a user
/// can see, export and check what was scored as `provider/product (from hour)`. Rebuilt on
/// every aggregate; `forecasts` keeps only what was ingested.
enum DerivedDayTables {
    static let derivedDayForecasts = TableDeclaration("derived_day_forecasts", columns: [
        .text("provider", notNull: true, "weather API the reply came from"),
        .text("product", notNull: true, "the provider's endpoint (current, onecall, forecast5, …)"),
        .text("model", "forecast model (multi-model Open-Meteo replies)"),
        .text("derived_from", notNull: true, "hour or 3h: a day derived from that product's sub-daily forecasts (empty: the provider's own values)"),
        ColumnDeclaration("location_id", "TEXT", notNull: true, references: "locations(id)", "the locations row"),
        .text("target_date", notNull: true, "local date a day forecast is for"),
        .text("issued_at_utc", notNull: true, "when the forecast was issued, UTC"),
        .text("valid_from_utc", notNull: true, "local midnight starting the day, UTC"),
        .text("valid_to_utc", notNull: true, "local midnight ending the day, UTC"),
        .integer("hours_in_day", notNull: true, "hours in the local day (23 or 25 on DST changes)"),
        .integer("hours_covered", notNull: true, "local clock hours with a forecast temperature (a 3-hourly one stands for 3)"),
        .integer("precip_hours_covered", notNull: true, "local clock hours with an amount wholly inside the day"),
        .real("temp_max_c", "highest forecast temperature valid in the day (empty below daily_min_coverage)"),
        .real("temp_min_c", "lowest forecast temperature valid in the day (empty below daily_min_coverage)"),
        .real("precip_mm", "sum of the amounts wholly inside the day (empty unless every hour has one)"),
        .real("precip_prob_pct", "highest probability of precipitation of the day's periods"),
        .integer("forecast_id", notNull: true, "the day's first forecasts row"),
    ])

    static let layout = RowLayout<DerivedDay>(columns: derivedDayForecasts.insertColumns) { b, d throws(StoreError) in
        try b("provider", d.provider)
        try b("product", d.product)
        try b("model", d.model)
        try b("derived_from", d.derivedFrom)
        try b("location_id", d.locationID)
        try b("target_date", d.localDate)
        try b("issued_at_utc", UTCTime.iso8601(d.issuedAt))
        try b("valid_from_utc", UTCTime.iso8601(d.validFrom))
        try b("valid_to_utc", UTCTime.iso8601(d.validTo))
        try b("hours_in_day", d.hoursInDay)
        try b("hours_covered", d.hoursCovered)
        try b("precip_hours_covered", d.precipHoursCovered)
        try b("temp_max_c", d.tempMaxC)
        try b("temp_min_c", d.tempMinC)
        try b("precip_mm", d.precipMm)
        try b("precip_prob_pct", d.precipProbPct)
        try b("forecast_id", d.forecastID)
    }
}

/// Writes `derived_day_forecasts` through the aggregate's queued writes (`WriteQueue`) and says
/// at once which rows a span's days will be: the table is made anew by each aggregate and never
/// deleted from, so its rowids are 1, 2, … in the order rows are written. Each write checks that
/// SQLite gave the rows those ids.
final class DerivedDayRows {
    let insert: ColumnInsert<DerivedDay>
    let writes: WriteQueue
    /// Rows queued so far.
    private var queued: Int64 = 0

    init(_ database: Database, writes: WriteQueue) throws {
        insert = try ColumnInsert(database, into: DerivedDayTables.derivedDayForecasts, layout: DerivedDayTables.layout)
        self.writes = writes
    }

    /// Queues `days`; returns the rowids they are written as (read them back after `writes.drain()`).
    func append(_ days: [DerivedDay]) throws -> ClosedRange<Int64> {
        precondition(!days.isEmpty)
        let rows = (queued + 1)...(queued + Int64(days.count))
        queued = rows.upperBound
        try writes.run { [insert] in
            let written = try insert.insert(days)
            let last = insert.database.lastInsertRowID
            guard written == days.count, last == rows.upperBound else {
                throw DerivedDayRowsError(expected: rows, written: written, lastRowID: last)
            }
        }
        return rows
    }
}

/// `derived_day_forecasts` did not get the rowids its rows were counted as.
struct DerivedDayRowsError: Error, CustomStringConvertible {
    var expected: ClosedRange<Int64>
    var written: Int
    var lastRowID: Int64

    var description: String {
        "derived_day_forecasts: rows \(expected.lowerBound)…\(expected.upperBound) expected, \(written) written ending at row \(lastRowID)"
    }
}
