/// Tables the aggregate stage derives from the records; dropped and rebuilt on every run, so
/// running it twice gives the same tables. Kept next to the code that fills them.
public enum DerivedSchema {
    public static let tables = ["daily_observed", "rainfall_monthly", "forecast_pairs", "excluded_pairs", "forecast_scores",
                                "scores_by_lead", "verification_exclusions"] + ScoreSchema.tables

    /// The columns of a pair, shared by `forecast_pairs` (scored) and `excluded_pairs`.
    static let pairColumns = """
        provider TEXT NOT NULL,
        product TEXT NOT NULL,
        model TEXT,
        location_id TEXT NOT NULL,
        variable TEXT NOT NULL,
        period TEXT NOT NULL,
        target_date TEXT,
        valid_at_utc TEXT,
        issued_at_utc TEXT NOT NULL,
        lead_days INTEGER,
        lead_hours REAL NOT NULL,
        lead_hours_bin TEXT,
        forecast REAL NOT NULL,
        observed REAL NOT NULL,
        error REAL NOT NULL,
        precip_prob_pct REAL,
        forecast_id INTEGER NOT NULL,
        observation_id INTEGER,
        truth_provider TEXT,
        truth_product TEXT,
        pairing TEXT NOT NULL,
        truth_station TEXT
    """

    public static let sql = """
    CREATE TABLE daily_observed (
        location_id TEXT NOT NULL REFERENCES locations(id),
        local_date TEXT NOT NULL,
        temp_max_c REAL,
        temp_min_c REAL,
        temp_mean_c REAL,
        n_obs INTEGER NOT NULL,
        hours_covered INTEGER NOT NULL,
        hours_in_day INTEGER NOT NULL,
        complete INTEGER NOT NULL,
        precip_mm REAL,
        precip_hours_covered INTEGER NOT NULL,
        precip_complete INTEGER NOT NULL,
        truth_source TEXT,
        truth_station TEXT,
        PRIMARY KEY (location_id, local_date)
    );
    CREATE TABLE rainfall_monthly (
        location_id TEXT NOT NULL REFERENCES locations(id),
        month TEXT NOT NULL,
        precip_mm REAL,
        days_with_data INTEGER NOT NULL,
        days_complete INTEGER NOT NULL,
        days_in_month INTEGER NOT NULL,
        complete INTEGER NOT NULL,
        PRIMARY KEY (location_id, month)
    );
    CREATE TABLE forecast_pairs (
    \(pairColumns),
        FOREIGN KEY (location_id) REFERENCES locations(id)
    );
    CREATE TABLE excluded_pairs (
    \(pairColumns),
        reason TEXT NOT NULL
    );
    CREATE TABLE verification_exclusions (
        location_id TEXT NOT NULL,
        provider TEXT NOT NULL,
        product TEXT NOT NULL,
        model TEXT,
        reason TEXT NOT NULL,
        n INTEGER NOT NULL,
        detail TEXT
    );
    CREATE TABLE forecast_scores (
        provider TEXT NOT NULL,
        product TEXT NOT NULL,
        model TEXT,
        location_id TEXT NOT NULL,
        variable TEXT NOT NULL,
        lead_kind TEXT NOT NULL,
        lead_days INTEGER,
        lead_hours_bin TEXT,
        n INTEGER NOT NULL,
        bias REAL,
        mae REAL,
        rmse REAL,
        error_sd REAL,
        within_2c_pct REAL,
        sum_f REAL NOT NULL,
        sum_o REAL NOT NULL,
        sum_f2 REAL NOT NULL,
        sum_o2 REAL NOT NULL,
        sum_fo REAL NOT NULL,
        sum_abs_error REAL NOT NULL,
        n_within_2c INTEGER NOT NULL,
        threshold_mm REAL,
        hits INTEGER,
        misses INTEGER,
        false_alarms INTEGER,
        correct_negatives INTEGER,
        pod REAL,
        far REAL,
        csi REAL,
        frequency_bias REAL,
        brier REAL,
        n_brier INTEGER,
        sum_brier REAL,
        sum_sq_error REAL NOT NULL
    );
    """

    /// Indexes for the questions SQL users ask of the derived tables (one location's pairs of
    /// one variable and provider; one variable's scores by provider), built after the tables
    /// are filled: one sort instead of an index update per row.
    public static let indexes = """
    CREATE INDEX forecast_pairs_lookup ON forecast_pairs(location_id, variable, provider);
    CREATE INDEX forecast_scores_lookup ON forecast_scores(variable, provider);
    """
}
