/// A 2×2 contingency table of a yes/no event and the scores drawn from it.
///
/// With a = hits, b = false alarms, c = misses, d = correct negatives, n = a + b + c + d
/// (Jolliffe & Stephenson 2012, ch. 3; WWRP/WGNE JWGFVR verification pages). Every score is
/// nil when its denominator is 0. Tables add by counts, so pooled tables merge exactly.
public struct ContingencyTable: Sendable, Equatable {
    public var hits = 0, misses = 0, falseAlarms = 0, correctNegatives = 0

    public init(hits: Int = 0, misses: Int = 0, falseAlarms: Int = 0, correctNegatives: Int = 0) {
        self.hits = hits; self.misses = misses; self.falseAlarms = falseAlarms; self.correctNegatives = correctNegatives
    }

    public mutating func add(forecastEvent: Bool, observedEvent: Bool) {
        switch (forecastEvent, observedEvent) {
        case (true, true): hits += 1
        case (false, true): misses += 1
        case (true, false): falseAlarms += 1
        case (false, false): correctNegatives += 1
        }
    }

    public static func + (x: ContingencyTable, y: ContingencyTable) -> ContingencyTable {
        ContingencyTable(hits: x.hits + y.hits, misses: x.misses + y.misses, falseAlarms: x.falseAlarms + y.falseAlarms,
                         correctNegatives: x.correctNegatives + y.correctNegatives)
    }

    public var n: Int { hits + misses + falseAlarms + correctNegatives }

    /// Probability of detection a/(a + c).
    public var pod: Double? { ratio(Double(hits), Double(hits + misses)) }
    /// False alarm ratio b/(a + b).
    public var far: Double? { ratio(Double(falseAlarms), Double(hits + falseAlarms)) }
    /// Probability of false detection b/(b + d).
    public var pofd: Double? { ratio(Double(falseAlarms), Double(falseAlarms + correctNegatives)) }
    /// Critical success index (threat score) a/(a + b + c).
    public var csi: Double? { ratio(Double(hits), Double(hits + misses + falseAlarms)) }
    /// Frequency bias (a + b)/(a + c): forecast events per observed event.
    public var frequencyBias: Double? { ratio(Double(hits + falseAlarms), Double(hits + misses)) }

    /// Hits expected by chance, a_r = (a + b)(a + c)/n.
    public var randomHits: Double? { ratio(Double(hits + falseAlarms) * Double(hits + misses), Double(n)) }

    /// Equitable threat score (Gilbert skill score): (a − a_r)/(a + b + c − a_r).
    public var ets: Double? {
        guard let ar = randomHits else { return nil }
        return ratio(Double(hits) - ar, Double(hits + misses + falseAlarms) - ar)
    }

    /// Heidke skill score 2(ad − bc)/[(a + c)(c + d) + (a + b)(b + d)].
    public var hss: Double? {
        let (a, b, c, d) = doubles
        return ratio(2 * (a * d - b * c), (a + c) * (c + d) + (a + b) * (b + d))
    }

    /// Peirce skill score (Hanssen–Kuipers, true skill statistic) POD − POFD = (ad − bc)/((a + c)(b + d)).
    public var pss: Double? {
        let (a, b, c, d) = doubles
        return ratio(a * d - b * c, (a + c) * (b + d))
    }

    private var doubles: (Double, Double, Double, Double) {
        (Double(hits), Double(falseAlarms), Double(misses), Double(correctNegatives))
    }

    private func ratio(_ x: Double, _ y: Double) -> Double? { y != 0 ? x / y : nil }
}

/// The table of one precipitation threshold.
public struct ThresholdContingency: Sendable, Equatable {
    public var thresholdMm: Double
    public var table: ContingencyTable
}

/// Precipitation as a yes/no event at several amounts: "at least X mm".
public enum PrecipitationContingency {
    /// The default `precip_thresholds_mm`: a wet day (0.2 mm, the rain-gauge resolution), 1, 5, 10 mm.
    public static let defaultThresholdsMm: [Double] = [0.2, 1, 5, 10]

    /// One table per threshold, in the order given; an event is an amount ≥ the threshold
    /// (the same rule as `ScoreSums`). Pairs are (forecast mm, observed mm).
    public static func tables(_ pairs: [(forecastMm: Double, observedMm: Double)],
                              thresholdsMm: [Double] = defaultThresholdsMm) -> [ThresholdContingency] {
        thresholdsMm.map { threshold in
            var table = ContingencyTable()
            for pair in pairs {
                table.add(forecastEvent: pair.forecastMm >= threshold, observedEvent: pair.observedMm >= threshold)
            }
            return ThresholdContingency(thresholdMm: threshold, table: table)
        }
    }
}
