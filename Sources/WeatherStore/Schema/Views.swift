/// Views for people who query the store with SQL: records joined to their location's name and
/// local time, and verification scores pooled over lead times.
///
/// SQLite resolves a view's tables when it is queried, not when it is created, so all views are
/// created with the store's tables, including those over the derived tables (`daily_observed`,
/// `forecast_scores`) that the aggregate stage drops and rebuilds: the views answer once that
/// stage has run, and survive every rebuild. https://www.sqlite.org/lang_createview.html
public enum Views {
    public static let names = ["observations_named", "daily_named", "scores_pooled"]

    /// The measured columns of `observations`, from its declaration: a new measured column
    /// appears in `observations_named` too.
    static let measured = RecordTables.observations.columns.filter(\.measured).map { "o." + $0.name }.joined(separator: ", ")

    public static let sql = """
    -- Observations with their location's name, and the local time from the reply's UTC offset
    -- (else the location's; NULL when neither is known).
    CREATE VIEW IF NOT EXISTS observations_named AS
    SELECT o.id, o.location_id, l.name AS location_name, l.country AS location_country,
           o.provider, o.product, o.observed_at_utc,
           datetime(o.observed_at_utc, COALESCE(o.utc_offset_s, l.utc_offset_s) || ' seconds') AS observed_at_local,
           COALESCE(o.utc_offset_s, l.utc_offset_s) AS local_offset_s,
           \(measured), o.condition, o.condition_text, o.source_id
    FROM observations o JOIN locations l ON l.id = o.location_id;

    -- Daily values with the location's name, country and time zone.
    CREATE VIEW IF NOT EXISTS daily_named AS
    SELECT d.location_id, l.name AS location_name, l.country AS location_country, l.timezone,
           d.local_date, d.temp_max_c, d.temp_min_c, d.temp_mean_c, d.precip_mm, d.n_obs, d.hours_covered,
           d.hours_in_day, d.complete, d.precip_complete
    FROM daily_observed d JOIN locations l ON l.id = d.location_id;

    -- Scores over all lead times of a provider, product, model and variable, from the mergeable
    -- sums of the pooled rows (location '*'), so the pooled RMSE is exact, not an average of RMSEs.
    CREATE VIEW IF NOT EXISTS scores_pooled AS
    SELECT provider, product, model, variable, lead_kind, threshold_mm,
           MIN(lead_days) AS min_lead_days, MAX(lead_days) AS max_lead_days,
           SUM(n) AS n,
           (SUM(sum_f) - SUM(sum_o)) / SUM(n) AS bias,
           SUM(sum_abs_error) / SUM(n) AS mae,
           sqrt(SUM(sum_sq_error) / SUM(n)) AS rmse,
           CASE WHEN substr(variable, -2) = '_c' THEN 100.0 * SUM(n_within_2c) / SUM(n) END AS within_2c_pct,
           SUM(hits) AS hits, SUM(misses) AS misses, SUM(false_alarms) AS false_alarms,
           SUM(correct_negatives) AS correct_negatives,
           1.0 * SUM(hits) / NULLIF(SUM(hits) + SUM(misses), 0) AS pod,
           1.0 * SUM(false_alarms) / NULLIF(SUM(hits) + SUM(false_alarms), 0) AS far,
           1.0 * SUM(hits) / NULLIF(SUM(hits) + SUM(misses) + SUM(false_alarms), 0) AS csi,
           SUM(sum_brier) / NULLIF(SUM(n_brier), 0) AS brier
    FROM forecast_scores WHERE n > 0 AND location_id = '*'
    GROUP BY provider, product, model, variable, lead_kind, threshold_mm;
    """

    /// Drops and recreates the views (the record views `observations` and `forecasts` too), so a
    /// store opened by a newer wxpipe gets the newer definitions (a view holds no data; `names`
    /// are constants, never input).
    public static func create(in database: Database) throws(StoreError) {
        for name in RecordViews.names + names { try database.execute("DROP VIEW IF EXISTS \(name)") }
        try database.execute(RecordViews.sql)
        try database.execute(sql)
    }
}
