import Testing
@testable import WeatherAnalytics

/// Persistence and climatology baselines and MAE skill against them.
struct StatisticsSkillTests {
    typealias S = StatisticsTestSupport

    let observed: [String: Double] = [
        "2024-05-01": 10, "2024-05-02": 12, "2024-05-03": 15, "2024-05-04": 11, "2024-05-05": 9, "2024-05-06": 13,
    ]

    /// Six one-day-ahead forecasts; persistence is the observation of the day before the issue date.
    /// The one issued on 05-01 has no persistence value (04-30 unobserved) and is left out of both MAEs.
    ///   issue  target  forecast obs | persistence (|err|) | forecast |err|
    ///   05-02  05-03   14       15  | 10 (5)              | 1
    ///   05-03  05-04   13       11  | 12 (1)              | 2
    ///   05-04  05-05   10        9  | 15 (6)              | 1
    ///   05-05  05-06   12       13  | 11 (2)              | 1
    ///   05-06  05-07    9        8  |  9 (1)              | 1
    /// MAE = 6/5 = 1.2, MAE_persistence = 15/5 = 3, skill = 1 − 1.2/3 = 0.6.
    @Test func persistenceMAEOnFiveDaysByHand() {
        let cases = [
            DailyForecastCase(issueDate: "2024-05-01", targetDate: "2024-05-02", forecast: 12.5, observed: 12),
            DailyForecastCase(issueDate: "2024-05-02", targetDate: "2024-05-03", forecast: 14, observed: 15),
            DailyForecastCase(issueDate: "2024-05-03", targetDate: "2024-05-04", forecast: 13, observed: 11),
            DailyForecastCase(issueDate: "2024-05-04", targetDate: "2024-05-05", forecast: 10, observed: 9),
            DailyForecastCase(issueDate: "2024-05-05", targetDate: "2024-05-06", forecast: 12, observed: 13),
            DailyForecastCase(issueDate: "2024-05-06", targetDate: "2024-05-07", forecast: 9, observed: 8),
        ]
        let skill = SkillScores.persistence(cases, observed: observed)
        #expect(skill.n == 5)
        #expect(S.close(skill.mae, 1.2) && S.close(skill.referenceMAE, 3))
        #expect(S.close(skill.skill, 0.6))
    }

    @Test func persistenceLooksAcrossMonthAndLeapDay() {
        #expect(Baselines.persistence(issueDate: "2024-03-01", observed: ["2024-02-29": 4]) == 4)
        #expect(Baselines.persistence(issueDate: "2025-01-01", observed: ["2024-12-31": -2]) == -2)
        #expect(Baselines.persistence(issueDate: "2024-13-01", observed: observed) == nil)
        #expect(CivilDay.number("2023-02-29") == nil && CivilDay.number("2024-2-01") == nil)
        #expect(CivilDay.number("1970-01-02") == 1 && CivilDay.text(19_782) == "2024-02-29")
    }

    /// Every day of eight centuries reads back as its number (leap years, century rules), and
    /// what is not a valid `YYYY-MM-DD` date is nil — the ten-byte digits read and the split alike.
    @Test func civilDayNumbersReadEveryDateBackAndNothingElse() {
        let first = CivilDay.number("1600-01-01")!, last = CivilDay.number("2399-12-31")!
        #expect(last - first + 1 == 292_194)
        var mismatches = 0
        for n in first...last where CivilDay.number(CivilDay.text(n)) != n { mismatches += 1 }
        #expect(mismatches == 0)
        for bad in ["2024-13-01", "2024-00-10", "2024-01-00", "2024-04-31", "2100-02-29", "2024-1a-01", "2024/01/01",
                    "2024-01-1", "2024-001-1", " 2024-01-01", "１９７０-01-01", "", "2024-01-01T00"] {
            #expect(CivilDay.number(bad) == nil, "\(bad)")
        }
        #expect(CivilDay.number("2000-02-29") == CivilDay.number("2000-03-01")! - 1)
    }

    @Test func skillSumsMergeAndHandleAPerfectReference() {
        var a = MAESkill(), b = MAESkill()
        a.add(forecast: 1, observed: 0, reference: 3)
        b.add(forecast: 2, observed: 0, reference: 1)
        let pooled = a + b
        #expect(pooled.n == 2 && S.close(pooled.skill, 1 - 3.0 / 4))
        var perfect = MAESkill()
        perfect.add(forecast: 1, observed: 0, reference: 0)
        #expect(perfect.skill == nil && MAESkill().skill == nil && MAESkill().mae == nil)
    }

    /// Observations 2022-01-01 … 2023-12-31 whose value is the day number counted from
    /// 2022-01-01 (0 … 729). A ±7-day window fully inside the record averages to the
    /// anniversary's own day number.
    func linearRecord() -> [String: Double] {
        Dictionary(uniqueKeysWithValues: S.dates(from: "2022-01-01", count: 730).enumerated().map { ($1, Double($0)) })
    }

    @Test func climatologyAveragesTheWindowAroundEachAnniversary() {
        let clim = DailyClimatology(observed: linearRecord())
        #expect(clim.isAvailable && clim.spanDays == 730)
        // Anniversaries 2022-06-15 (day 165) and 2023-06-15 (day 530).
        #expect(S.close(clim.value(for: "2024-06-15"), (165 + 530) / 2.0))
        // 29 February falls back to 28 February: days 58 and 423.
        #expect(S.close(clim.value(for: "2024-02-29"), (58 + 423) / 2.0))
        // Near the record's edges the windows are cut: days 0…9 (around 2022-01-03),
        // 360…374 (2023-01-03) and 725…729 (2024-01-03's window before the record ends).
        let firstYear: Int = (0...9).reduce(0, +), secondYear: Int = (360...374).reduce(0, +)
        let cutOff: Int = (725...729).reduce(0, +)
        let sum = Double(firstYear + secondYear + cutOff)
        #expect(S.close(clim.value(for: "2024-01-03"), sum / 30))
    }

    @Test func climatologyNeedsAYearOfRecord() {
        let short = Dictionary(uniqueKeysWithValues: S.dates(from: "2023-01-01", count: 364).map { ($0, 1.0) })
        let clim = DailyClimatology(observed: short)
        #expect(!clim.isAvailable && clim.value(for: "2023-06-01") == nil)
        let cases = [DailyForecastCase(issueDate: "2023-05-31", targetDate: "2023-06-01", forecast: 2, observed: 1)]
        #expect(SkillScores.climatology(cases, climatology: clim).n == 0)
        let year = Dictionary(uniqueKeysWithValues: S.dates(from: "2023-01-01", count: 365).map { ($0, 1.0) })
        #expect(DailyClimatology(observed: year).isAvailable)
    }

    @Test func climatologySkillOnTheSameCases() {
        let clim = DailyClimatology(observed: linearRecord())
        let cases = [
            DailyForecastCase(issueDate: "2024-06-14", targetDate: "2024-06-15", forecast: 350, observed: 340),
            DailyForecastCase(issueDate: "2024-02-28", targetDate: "2024-02-29", forecast: 236.5, observed: 240.5),
        ]
        // References 347.5 and 240.5: |errors| 7.5 and 0 against 10 and 4.
        let skill = SkillScores.climatology(cases, climatology: clim)
        #expect(skill.n == 2 && S.close(skill.referenceMAE, 3.75) && S.close(skill.mae, 7))
        #expect(S.close(skill.skill, 1 - 14 / 7.5))
    }
}
