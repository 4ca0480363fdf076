#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sums a verification score is computed from. They add up exactly, so the scores of two
/// stores (or two halves of an archive) can be merged by adding their sums.
public struct ScoreSums: Sendable, Equatable {
    public var n = 0
    public var sumF = 0.0, sumO = 0.0, sumF2 = 0.0, sumO2 = 0.0, sumFO = 0.0, sumAbsError = 0.0
    /// Σ(f − o)², kept apart from Σf² − 2Σfo + Σo², which cancels badly when errors are small.
    public var sumSqError = 0.0
    /// Pairs with |error| ≤ 2 °C (temperatures).
    public var nWithin2 = 0
    /// Pairs with |error| ≤ 3 °F (5/3 °C) and with |error| ≥ 10 °F (50/9 °C, a "bust"): the shares
    /// ForecastWatch reports for temperatures, so scores can be set beside theirs.
    public var nWithin3F = 0, nBust = 0
    // Precipitation events at the threshold.
    public var hits = 0, misses = 0, falseAlarms = 0, correctNegatives = 0
    /// Pairs with a probability of precipitation, and Σ (p − o)².
    public var nBrier = 0
    public var sumBrier = 0.0

    public init() {}

    public mutating func add(_ p: ForecastPair, thresholdMm: Double) {
        add(forecast: p.forecast, observed: p.observed, precipProbPct: p.precipProbPct, variable: p.variable, thresholdMm: thresholdMm)
    }

    /// Adds one pair's values: precipitation events (`variable` = `precip_mm`) at `thresholdMm`.
    public mutating func add(forecast f: Double, observed o: Double, precipProbPct: Double?, variable: String, thresholdMm: Double) {
        let e = f - o
        n += 1
        sumF += f; sumO += o; sumF2 += f * f; sumO2 += o * o; sumFO += f * o; sumAbsError += abs(e)
        sumSqError += e * e
        if abs(e) <= 2 + 1e-9 { nWithin2 += 1 }
        if abs(e) <= ScoreSums.within3FCelsius + 1e-9 { nWithin3F += 1 }
        if abs(e) >= ScoreSums.bustCelsius - 1e-9 { nBust += 1 }
        if variable == "precip_mm" {
            let forecastEvent = f >= thresholdMm
            let observedEvent = o >= thresholdMm
            switch (forecastEvent, observedEvent) {
            case (true, true): hits += 1
            case (false, true): misses += 1
            case (true, false): falseAlarms += 1
            case (false, false): correctNegatives += 1
            }
            if let prob = precipProbPct {
                let d = prob / 100 - (observedEvent ? 1 : 0)
                nBrier += 1
                sumBrier += d * d
            }
        }
    }

    public static func + (a: ScoreSums, b: ScoreSums) -> ScoreSums {
        var s = a
        s.n += b.n; s.sumF += b.sumF; s.sumO += b.sumO; s.sumF2 += b.sumF2; s.sumO2 += b.sumO2; s.sumFO += b.sumFO
        s.sumAbsError += b.sumAbsError; s.sumSqError += b.sumSqError; s.nWithin2 += b.nWithin2
        s.nWithin3F += b.nWithin3F; s.nBust += b.nBust
        s.hits += b.hits; s.misses += b.misses; s.falseAlarms += b.falseAlarms; s.correctNegatives += b.correctNegatives
        s.nBrier += b.nBrier; s.sumBrier += b.sumBrier
        return s
    }

    public var bias: Double? { n > 0 ? (sumF - sumO) / Double(n) : nil }
    public var mae: Double? { n > 0 ? sumAbsError / Double(n) : nil }
    /// Mean squared error: Σ(f − o)² / n.
    public var mse: Double? { n > 0 ? sumSqError / Double(n) : nil }
    public var rmse: Double? { mse.map { $0.squareRoot() } }
    /// Population standard deviation of the error: √(MSE − bias²).
    public var errorSD: Double? {
        guard let mse, let bias else { return nil }
        return max(0, mse - bias * bias).squareRoot()
    }
    public var within2Pct: Double? { n > 0 ? 100 * Double(nWithin2) / Double(n) : nil }
    public var within3FPct: Double? { n > 0 ? 100 * Double(nWithin3F) / Double(n) : nil }
    public var bustPct: Double? { n > 0 ? 100 * Double(nBust) / Double(n) : nil }

    /// 3 °F as a temperature difference in °C (5/3 = 1.667).
    public static let within3FCelsius = 5.0 / 3
    /// 10 °F as a temperature difference in °C (50/9 = 5.556).
    public static let bustCelsius = 50.0 / 9
    public var pod: Double? { ratio(hits, hits + misses) }
    public var far: Double? { ratio(falseAlarms, hits + falseAlarms) }
    public var csi: Double? { ratio(hits, hits + misses + falseAlarms) }
    public var frequencyBias: Double? { ratio(hits + falseAlarms, hits + misses) }
    public var brier: Double? { nBrier > 0 ? sumBrier / Double(nBrier) : nil }

    private func ratio(_ a: Int, _ b: Int) -> Double? { b > 0 ? Double(a) / Double(b) : nil }
}

/// One group of `forecast_scores`: a source, a variable and a lead, at one location or pooled
/// over all of them (`location_id` = `*`).
public struct ScoreKey: Hashable, Sendable, Comparable {
    public static let pooled = "*"

    public var provider: String
    public var product: String
    public var model: String
    /// `hour` or `3h` for days derived from sub-daily forecasts (`SourceIdentity`), '' for a
    /// provider's own values: a source of its own, never pooled with the provider's product.
    public var derivedFrom: String
    public var locationID: String = ScoreKey.pooled
    public var variable: String
    public var lead: ScoreLead

    public init(provider: String, product: String, model: String, derivedFrom: String = "", locationID: String = ScoreKey.pooled,
                variable: String, lead: ScoreLead) {
        self.provider = provider
        self.product = product
        self.model = model
        self.derivedFrom = derivedFrom
        self.locationID = locationID
        self.variable = variable
        self.lead = lead
    }

    /// `day` or `hour`: the `lead_kind` column.
    public var leadKind: String { lead.kind }
    /// Days ahead (`lead_days`), nil for an hour bin.
    public var leadDays: Int? { if case .days(let d) = lead { return d } else { return nil } }
    /// The hour bin (`lead_hours_bin`), nil for a day lead.
    public var leadBin: String? { if case .hours(let bin) = lead { return bin } else { return nil } }
    /// The lead as text: the day count or the bin (in seeds and key texts, unchanged since leads were strings).
    public var leadText: String { leadDays.map(String.init) ?? leadBin ?? "" }

    public static func < (a: ScoreKey, b: ScoreKey) -> Bool {
        func order(_ k: ScoreKey) -> (String, String, String, String, Int, String) {
            (k.provider + "\u{0}" + k.product, k.model + "\u{0}" + k.derivedFrom, k.variable, k.leadKind, k.lead.rank, k.locationID)
        }
        return order(a) < order(b)
    }
}

/// The lead of a score group: whole days ahead for day forecasts, or a bin of hours ahead
/// (`0-6 h`, …) for hourly ones — one type, so a day count cannot be read as a bin or back.
public enum ScoreLead: Hashable, Sendable {
    case days(Int)
    case hours(bin: String)

    public var kind: String {
        switch self {
        case .days: return "day"
        case .hours: return "hour"
        }
    }

    /// Days in order; bins in the order of `ForecastPair.leadBins`.
    var rank: Int {
        switch self {
        case .days(let d): return d
        case .hours(let bin): return ForecastPair.leadBins.firstIndex { $0.0 == bin } ?? 99
        }
    }
}
