import WeatherStore

/// Tables the aggregate stage derives from the records; dropped and rebuilt on every run, so
/// running it twice gives the same tables. Each is declared once (`TableDeclaration`) next to
/// the code that fills it, and its `CREATE TABLE` is made from that declaration.
public enum DerivedSchema {
    /// Every derived table of a fixed shape, in the order they are created. `scores_by_lead`,
    /// whose columns are the lead days present, is declared per run (`VerificationTables.scoresByLead`).
    public static let declarations: [TableDeclaration] = [
        DailyTables.dailyObserved, DailyTables.rainfallMonthly, VerificationTables.forecastPairs, VerificationTables.excludedPairs,
        VerificationTables.verificationExclusions, VerificationTables.forecastScores, DerivedDayTables.derivedDayForecasts,
    ] + ScoreSchema.declarations

    /// The derived tables' names, `scores_by_lead` among them.
    public static let tables = ["daily_observed", "rainfall_monthly", "forecast_pairs", "excluded_pairs", "forecast_scores",
                                "scores_by_lead", "verification_exclusions", "derived_day_forecasts"] + ScoreSchema.tables

    /// The declaration of a derived table of a fixed shape, nil for others.
    public static func declaration(of table: String) -> TableDeclaration? {
        declarations.first { $0.name == table }
    }

    /// `CREATE TABLE` for every table of `declarations`.
    public static let sql = declarations.map(\.createSQL).joined(separator: "\n")

    /// Indexes for the questions SQL users ask of the derived tables (one location's pairs of
    /// one variable and provider; one variable's scores by provider), built after the tables
    /// are filled: one sort instead of an index update per row.
    public static let indexes = """
    CREATE INDEX forecast_pairs_lookup ON forecast_pairs(location_id, variable, provider);
    CREATE INDEX forecast_scores_lookup ON forecast_scores(variable, provider);
    """
}
