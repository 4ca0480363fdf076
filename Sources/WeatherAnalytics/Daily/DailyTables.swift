import WeatherCore
import WeatherStore

/// The aggregate's daily tables, declared once: `daily_observed` (one row per location and local
/// day) and `rainfall_monthly`, each with how a value fills its row.
enum DailyTables {
    static let dailyObserved = TableDeclaration("daily_observed", columns: [
        ColumnDeclaration("location_id", "TEXT", notNull: true, references: "locations(id)", "the locations row"),
        .text("local_date", notNull: true, "local calendar date"),
        .real("temp_max_c", "daily maximum temperature"),
        .real("temp_min_c", "daily minimum temperature"),
        .real("temp_mean_c", "daily mean temperature"),
        .integer("n_obs", notNull: true, "observations in the day"),
        .integer("hours_covered", notNull: true, "clock hours with an observation"),
        .integer("hours_in_day", notNull: true, "hours in the local day (23 or 25 on DST changes)"),
        .integer("complete", notNull: true, "1 when coverage met the minimum"),
        .real("precip_mm", "precipitation, liquid equivalent"),
        .integer("precip_hours_covered", notNull: true, "clock hours with precipitation data"),
        .integer("precip_complete", notNull: true, "1 when precipitation covers the day"),
        .text("truth_source", "truth source"),
        .text("truth_station", "truth station"),
        .text("truth_basis", "what temp_max_c and temp_min_c were made from: hourly, reported_6h, reported_24h, daily_summary"),
        .text("precip_basis", "what precip_mm was made from: hourly or reported_total"),
    ], primaryKey: ["location_id", "local_date"])

    static let rainfallMonthly = TableDeclaration("rainfall_monthly", columns: [
        ColumnDeclaration("location_id", "TEXT", notNull: true, references: "locations(id)", "the locations row"),
        .text("month", notNull: true, "calendar month (YYYY-MM)"),
        .real("precip_mm", "precipitation, liquid equivalent"),
        .integer("days_with_data", notNull: true, "days with data"),
        .integer("days_complete", notNull: true, "complete days"),
        .integer("days_in_month", notNull: true, "days in the month"),
        .integer("complete", notNull: true, "1 when coverage met the minimum"),
    ], primaryKey: ["location_id", "month"])

    static let dailyLayout = RowLayout<DailyObserved>(columns: dailyObserved.insertColumns) { b, d throws(StoreError) in
        try b("location_id", d.locationID)
        try b("local_date", d.localDate)
        try b("temp_max_c", d.tempMaxC)
        try b("temp_min_c", d.tempMinC)
        try b("temp_mean_c", d.tempMeanC)
        try b("n_obs", d.nObs)
        try b("hours_covered", d.hoursCovered)
        try b("hours_in_day", d.hoursInDay)
        try b("complete", Int64(d.complete ? 1 : 0))
        try b("precip_mm", d.precipMm)
        try b("precip_hours_covered", d.precipHoursCovered)
        try b("precip_complete", Int64(d.precipComplete ? 1 : 0))
        try b("truth_source", d.truthSource)
        try b("truth_station", d.truthStation)
        try b("truth_basis", d.truthBasis)
        try b("precip_basis", d.precipBasis)
    }

    static let monthLayout = RowLayout<RainfallMonth>(columns: rainfallMonthly.insertColumns) { b, m throws(StoreError) in
        try b("location_id", m.locationID)
        try b("month", m.month)
        try b("precip_mm", m.precipMm)
        try b("days_with_data", m.daysWithData)
        try b("days_complete", m.daysComplete)
        try b("days_in_month", m.daysInMonth)
        try b("complete", Int64(m.complete ? 1 : 0))
    }
}
