/// One daily forecast case with the dates a baseline needs.
public struct DailyForecastCase: Sendable, Equatable {
    /// Local date at the location when the forecast was issued.
    public var issueDate: String
    public var targetDate: String
    public var forecast: Double
    public var observed: Double

    public init(issueDate: String, targetDate: String, forecast: Double, observed: Double) {
        self.issueDate = issueDate; self.targetDate = targetDate; self.forecast = forecast; self.observed = observed
    }
}

/// MAE of a forecast and of a reference on the same cases, and the skill that follows.
///
/// Kept as sums so pooled groups merge by adding (the skill is recomputed from the sums, not
/// averaged). Only cases where the reference exists enter, so both MAEs are on the same cases.
public struct MAESkill: Sendable, Equatable {
    public var n = 0
    public var sumAbsError = 0.0
    public var sumAbsReferenceError = 0.0

    public init() {}

    public mutating func add(forecast: Double, observed: Double, reference: Double) {
        n += 1
        sumAbsError += abs(forecast - observed)
        sumAbsReferenceError += abs(reference - observed)
    }

    public static func + (a: MAESkill, b: MAESkill) -> MAESkill {
        var s = a
        s.n += b.n; s.sumAbsError += b.sumAbsError; s.sumAbsReferenceError += b.sumAbsReferenceError
        return s
    }

    public var mae: Double? { n > 0 ? sumAbsError / Double(n) : nil }
    public var referenceMAE: Double? { n > 0 ? sumAbsReferenceError / Double(n) : nil }

    /// 1 − MAE / MAE_ref: 1 is perfect, 0 no better than the reference, negative worse. Nil when
    /// there are no cases or the reference is perfect (MAE_ref = 0).
    public var skill: Double? {
        guard n > 0, sumAbsReferenceError > 0 else { return nil }
        return 1 - sumAbsError / sumAbsReferenceError
    }
}

/// Skill of daily forecasts against the two free baselines.
public enum SkillScores {
    /// `mae_skill_persistence`: against yesterday's observation (relative to the issue date).
    public static func persistence(_ cases: [DailyForecastCase], observed: [String: Double]) -> MAESkill {
        var skill = MAESkill()
        for c in cases {
            if let reference = Baselines.persistence(issueDate: c.issueDate, observed: observed) {
                skill.add(forecast: c.forecast, observed: c.observed, reference: reference)
            }
        }
        return skill
    }

    /// `mae_skill_climatology`: against the day-of-year mean of the target date; empty (n = 0)
    /// when the record is shorter than a year.
    public static func climatology(_ cases: [DailyForecastCase], climatology: DailyClimatology) -> MAESkill {
        var skill = MAESkill()
        for c in cases {
            if let reference = climatology.value(for: c.targetDate) {
                skill.add(forecast: c.forecast, observed: c.observed, reference: reference)
            }
        }
        return skill
    }
}
