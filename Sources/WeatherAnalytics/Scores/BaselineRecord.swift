import WeatherStore

/// The observed daily values the baselines need, per location and variable, from `daily_observed`
/// (the same truth as the pairs: one source per location-day, complete days only).
struct BaselineRecord {
    static let variables = ["temp_max_c", "temp_min_c", "precip_mm"]
    /// location → variable → local date → value.
    var observed: [String: [String: [String: Double]]] = [:]
    /// location → variable → the day-of-year climatology (available only with ≥ 1 year of record).
    var climatology: [String: [String: DailyClimatology]] = [:]

    static func load(_ database: Database) throws -> BaselineRecord {
        var record = BaselineRecord()
        try database.prepare("""
            SELECT location_id, local_date, CASE WHEN complete = 1 THEN temp_max_c END AS temp_max_c,
                   CASE WHEN complete = 1 THEN temp_min_c END AS temp_min_c, CASE WHEN precip_complete = 1 THEN precip_mm END AS precip_mm
            FROM daily_observed
            """).forEachRow(named: { r in
            let location = r.string("location_id") ?? "", date = r.string("local_date") ?? ""
            func keep(_ variable: String, _ v: Double?) {
                if let v { record.observed[location, default: [:]][variable, default: [:]][date] = v }
            }
            keep("temp_max_c", r.double("temp_max_c"))
            keep("temp_min_c", r.double("temp_min_c"))
            keep("precip_mm", r.double("precip_mm"))
        })
        for (location, byVariable) in record.observed {
            for (variable, values) in byVariable {
                record.climatology[location, default: [:]][variable] = DailyClimatology(observed: values)
            }
        }
        return record
    }

    /// MAE skill against persistence and climatology of one group's day pairs, summed over its
    /// locations (each location against its own record), with the cases of each (for their
    /// intervals) and a note when a baseline is missing.
    func skills(_ pairs: [ScoredPair], variable: String, rules: [String: ZoneRule])
        -> (MAESkill, MAESkill, persistenceCases: [SkillCase], climatologyCases: [SkillCase], String?) {
        guard BaselineRecord.variables.contains(variable) else { return (MAESkill(), MAESkill(), [], [], "no daily baseline for \(variable)") }
        var persistence = MAESkill(), climate = MAESkill()
        var persistenceCases: [SkillCase] = [], climatologyCases: [SkillCase] = []
        var shortest: Int64?
        // In location order: a Dictionary's own order changes from process to process, and sums
        // taken in another order differ in the last bit (a sharded aggregate must give the same digits).
        for (location, group) in Dictionary(grouping: pairs, by: \.locationID).sorted(by: { $0.key < $1.key }) {
            let rule = rules[location] ?? ZoneRule(zone: nil)
            let cases = group.map {
                DailyForecastCase(issueDate: rule.date(of: $0.issuedAt), targetDate: $0.date, forecast: $0.forecast, observed: $0.observed)
            }
            let values = observed[location]?[variable] ?? [:]
            persistence = persistence + SkillScores.persistence(cases, observed: values)
            for c in cases {
                if let reference = Baselines.persistence(issueDate: c.issueDate, observed: values) {
                    persistenceCases.append(SkillCase(date: c.targetDate, absError: abs(c.forecast - c.observed), absReferenceError: abs(reference - c.observed)))
                }
            }
            if let c = climatology[location]?[variable], c.isAvailable {
                climate = climate + SkillScores.climatology(cases, climatology: c)
                for d in cases {
                    if let reference = c.value(for: d.targetDate) {
                        climatologyCases.append(SkillCase(date: d.targetDate, absError: abs(d.forecast - d.observed),
                                                          absReferenceError: abs(reference - d.observed)))
                    }
                }
            } else {
                let span = climatology[location]?[variable]?.spanDays ?? 0
                shortest = min(shortest ?? span, span)
            }
        }
        var notes: [String] = []
        if persistence.n == 0 { notes.append("no observation of the day before the issue date") }
        if let shortest { notes.append("climatology needs ≥ 365 days of observations (\(shortest) days)") }
        return (persistence, climate, persistenceCases, climatologyCases, notes.isEmpty ? nil : notes.joined(separator: "; "))
    }
}
