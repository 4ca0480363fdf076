/// One case of a skill score: its date, the forecast's |error| and the reference's |error|.
struct SkillCase: Sendable, Equatable {
    var date: String
    var absError: Double
    var absReferenceError: Double
}

extension BlockBootstrap {
    /// The percentile interval of MAE skill 1 − Σ|e| / Σ|e_ref| by the same moving-block
    /// resampling of target dates as `errorIntervals` (forecast and reference errors of a date
    /// travel together, so the ratio keeps their correlation). Nil with the reason when the
    /// group is too small, or when a resample's reference errors sum to 0.
    static func skillInterval(_ cases: [SkillCase], options: BootstrapOptions) -> Result<ConfidenceInterval, IntervalUnavailable> {
        guard cases.count >= options.minimumPairs else { return .failure(.tooFewPairs(pairs: cases.count, minimum: options.minimumPairs)) }
        var byDate: [String: (Double, Double)] = [:]
        for c in cases {
            let s = byDate[c.date] ?? (0, 0)
            byDate[c.date] = (s.0 + c.absError, s.1 + c.absReferenceError)
        }
        let days = byDate.keys.sorted().map { byDate[$0]! }
        guard days.count > options.blockLengthDays, options.blockLengthDays >= 1, options.samples >= 1 else {
            return .failure(.tooFewDates(dates: days.count, blockLength: options.blockLengthDays))
        }
        var rng = Xoshiro256StarStar(seed: options.seed)
        var skills: [Double] = []
        skills.reserveCapacity(options.samples)
        for _ in 0..<options.samples {
            var forecast = 0.0, reference = 0.0
            for index in resampleIndices(count: days.count, blockLength: options.blockLengthDays, using: &rng) {
                forecast += days[index].0
                reference += days[index].1
            }
            guard reference > 0 else { return .failure(.invalidOptions("a resample has no reference error")) }
            skills.append(1 - forecast / reference)
        }
        return .success(percentileInterval(skills, alpha: 1 - options.confidenceLevel))
    }
}
