/// One verification case with the day it verifies: what the bootstrap resamples by.
public struct DatedPair: Sendable, Equatable {
    /// The target date, `YYYY-MM-DD` (sorts as text in date order).
    public var date: String
    public var forecast: Double
    public var observed: Double

    public init(date: String, forecast: Double, observed: Double) {
        self.date = date; self.forecast = forecast; self.observed = observed
    }

    public var error: Double { forecast - observed }
}

/// How the intervals are drawn. The defaults are those docs/STATISTICS.md states (1000 resamples of 3-day blocks).
public struct BootstrapOptions: Sendable, Equatable {
    /// Consecutive dates per block: errors of neighbouring days are correlated (one weather
    /// regime lasts several days), and blocks keep that correlation in each resample.
    public var blockLengthDays = 3
    public var samples = 1000
    public var seed: UInt64 = 13
    public var confidenceLevel = 0.95
    /// Below this many pairs no interval is given: a percentile interval from a handful of
    /// values says more about the resampling than about the forecasts.
    public var minimumPairs = 10

    public init(blockLengthDays: Int = 3, samples: Int = 1000, seed: UInt64 = 13,
                confidenceLevel: Double = 0.95, minimumPairs: Int = 10) {
        self.blockLengthDays = blockLengthDays; self.samples = samples; self.seed = seed
        self.confidenceLevel = confidenceLevel; self.minimumPairs = minimumPairs
    }
}

/// A two-sided confidence interval.
public struct ConfidenceInterval: Sendable, Equatable {
    public var low: Double
    public var high: Double

    public init(low: Double, high: Double) { self.low = low; self.high = high }

    public var width: Double { high - low }
    public func contains(_ value: Double) -> Bool { value >= low && value <= high }
}

/// Percentile intervals of the three error scores of one group.
public struct ErrorIntervals: Sendable, Equatable {
    public var bias: ConfidenceInterval
    public var mae: ConfidenceInterval
    public var rmse: ConfidenceInterval
    public var pairs: Int
    public var dates: Int
}

/// Why a group has no interval; `description` is the text stored beside the empty columns.
public enum IntervalUnavailable: Error, Equatable, CustomStringConvertible {
    case tooFewPairs(pairs: Int, minimum: Int)
    /// With no more dates than one block, every resample is the sample itself.
    case tooFewDates(dates: Int, blockLength: Int)
    case invalidOptions(String)

    public var description: String {
        switch self {
        case let .tooFewPairs(pairs, minimum): "n = \(pairs) < \(minimum): no interval"
        case let .tooFewDates(dates, blockLength): "\(dates) dates ≤ block length \(blockLength): no interval"
        case let .invalidOptions(why): "invalid bootstrap options: \(why)"
        }
    }
}

/// What the bootstrap keeps of a group's pairs: per target date, the count and the sums of the
/// errors, their absolute values and squares, each added in the order the pairs come — so a
/// group read as a stream gives the very sums (to the last bit) its list of pairs would.
public struct DatedErrorSums: Sendable {
    var byDate: [String: BlockBootstrap.DateSums] = [:]
    /// Pairs added.
    public private(set) var pairs = 0

    public init() {}

    public mutating func add(_ pair: DatedPair) { add(date: pair.date, error: pair.error) }

    public mutating func add(date: String, error e: Double) {
        pairs += 1
        // One look-up: the sums are changed in place.
        Self.add(e, to: &byDate[date, default: BlockBootstrap.DateSums()])
    }

    private static func add(_ e: Double, to sums: inout BlockBootstrap.DateSums) {
        sums.count += 1
        sums.sumError += e
        sums.sumAbsError += abs(e)
        sums.sumSquaredError += e * e
    }
}

/// The moving-block bootstrap (Künsch 1989; Liu & Singh 1992) over target dates.
///
/// The series is the sorted list of distinct dates that have pairs (m of them); all pairs of
/// one date travel together, so pairs that share a day's weather are never split. A resample
/// joins ⌈m/L⌉ blocks of L consecutive dates, each starting at a uniform position in
/// 0…m − L (blocks do not wrap around), and keeps the first m dates. Bias, MAE and RMSE of
/// each resample come from per-date sums; the interval is the (α/2, 1 − α/2) type-7 quantile
/// pair of the replicates (the percentile interval, Efron & Tibshirani 1993, ch. 13).
public enum BlockBootstrap {
    /// Per-date sums, so a resample costs one addition per drawn date.
    struct DateSums: Sendable {
        var count = 0.0, sumError = 0.0, sumAbsError = 0.0, sumSquaredError = 0.0
    }

    public static func errorIntervals(_ pairs: [DatedPair],
                                      options: BootstrapOptions = BootstrapOptions()) -> Result<ErrorIntervals, IntervalUnavailable> {
        var sums = DatedErrorSums()
        for pair in pairs { sums.add(pair) }
        return errorIntervals(sums, options: options)
    }

    /// The intervals from per-date sums gathered as the pairs stream by (`DatedErrorSums`): the
    /// same draws and the same values as from the pairs themselves, without holding them.
    public static func errorIntervals(_ sums: DatedErrorSums,
                                      options: BootstrapOptions = BootstrapOptions()) -> Result<ErrorIntervals, IntervalUnavailable> {
        if let problem = validate(options) { return .failure(.invalidOptions(problem)) }
        let n = sums.pairs
        guard n >= options.minimumPairs else {
            return .failure(.tooFewPairs(pairs: n, minimum: options.minimumPairs))
        }
        let days = sums.byDate.keys.sorted().map { sums.byDate[$0]! }
        guard days.count > options.blockLengthDays else {
            return .failure(.tooFewDates(dates: days.count, blockLength: options.blockLengthDays))
        }
        var rng = Xoshiro256StarStar(seed: options.seed)
        var biases = [Double](), maes = [Double](), rmses = [Double]()
        biases.reserveCapacity(options.samples); maes.reserveCapacity(options.samples); rmses.reserveCapacity(options.samples)
        for _ in 0..<options.samples {
            let total = resampledSums(days, blockLength: options.blockLengthDays, using: &rng)
            biases.append(total.sumError / total.count)
            maes.append(total.sumAbsError / total.count)
            rmses.append((total.sumSquaredError / total.count).squareRoot())
        }
        let alpha = 1 - options.confidenceLevel
        return .success(ErrorIntervals(bias: percentileInterval(biases, alpha: alpha), mae: percentileInterval(maes, alpha: alpha),
                                       rmse: percentileInterval(rmses, alpha: alpha), pairs: n, dates: days.count))
    }

    /// The date indices of one resample: ⌈count/L⌉ blocks of L consecutive indices, truncated
    /// to `count`.
    public static func resampleIndices(count: Int, blockLength: Int, using rng: inout Xoshiro256StarStar) -> [Int] {
        precondition(blockLength >= 1 && blockLength <= count, "block length must be in 1…count")
        var indices = [Int]()
        indices.reserveCapacity(count + blockLength)
        let starts = count - blockLength + 1
        while indices.count < count {
            let start = rng.nextIndex(below: starts)
            indices.append(contentsOf: start..<(start + blockLength))
        }
        indices.removeLast(indices.count - count)
        return indices
    }

    /// The sums of one resample: the dates of `resampleIndices`, drawn identically but added
    /// as they are drawn instead of being collected.
    static func resampledSums(_ days: [DateSums], blockLength: Int, using rng: inout Xoshiro256StarStar) -> DateSums {
        let starts = days.count - blockLength + 1
        var total = DateSums(), drawn = 0
        while drawn < days.count {
            let start = rng.nextIndex(below: starts)
            let end = min(start + blockLength, start + days.count - drawn)
            for index in start..<end {
                total.count += days[index].count; total.sumError += days[index].sumError
                total.sumAbsError += days[index].sumAbsError; total.sumSquaredError += days[index].sumSquaredError
            }
            drawn += end - start
        }
        return total
    }

    static func dateSums(_ pairs: [DatedPair]) -> [DateSums] {
        var sums = DatedErrorSums()
        for pair in pairs { sums.add(pair) }
        return sums.byDate.keys.sorted().map { sums.byDate[$0]! }
    }

    static func percentileInterval(_ replicates: [Double], alpha: Double) -> ConfidenceInterval {
        let sorted = replicates.sorted()
        return ConfidenceInterval(low: Quantile.type7(sorted: sorted, alpha / 2)!,
                                  high: Quantile.type7(sorted: sorted, 1 - alpha / 2)!)
    }

    private static func validate(_ options: BootstrapOptions) -> String? {
        if options.blockLengthDays < 1 { return "block length \(options.blockLengthDays) < 1" }
        if options.samples < 1 { return "samples \(options.samples) < 1" }
        if !(options.confidenceLevel > 0 && options.confidenceLevel < 1) { return "confidence level must be in (0, 1)" }
        return nil
    }
}
