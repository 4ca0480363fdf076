/// The verification charts: the reliability diagram of probability forecasts and the interval
/// ("forest") plot of paired differences.
extension SVGChart {
    /// One bin of a reliability diagram with the 95 % interval of its observed frequency.
    struct ReliabilityPoint {
        var meanForecast: Double
        var observedFrequency: Double
        var low: Double
        var high: Double
        var count: Int
    }

    /// Observed frequency against forecast probability, with the diagonal of perfect reliability,
    /// error bars, and at the bottom a histogram of how often each probability bin was forecast.
    func reliability(_ points: [ReliabilityPoint], histogram: [Int], title: String) -> String {
        var chart = self
        chart.width = 420
        chart.height = 400
        chart.cssClass = "square"
        let range = (0.0, 1.0), ticks = [0, 0.2, 0.4, 0.6, 0.8, 1.0]
        var s = chart.frame(xTicks: ticks.map { ($0, SVGChart.label($0)) }, yTicks: ticks, xRange: range, yRange: range,
                            xTitle: "forecast probability", yTitle: "observed frequency", title: title)
        s += "<line x1=\"\(chart.xPos(0, range))\" y1=\"\(chart.yPos(0, range))\" x2=\"\(chart.xPos(1, range))\" y2=\"\(chart.yPos(1, range))\" stroke=\"#777\" stroke-dasharray=\"4 4\"/>"
        let most = Double(max(1, histogram.max() ?? 1))
        let binWidth = chart.plotWidth / Double(max(1, histogram.count))
        for (k, count) in histogram.enumerated() where count > 0 {
            let h = Double(count) / most * chart.plotHeight * 0.25
            s += "<rect x=\"\(chart.left + Double(k) * binWidth + 2)\" y=\"\(chart.top + chart.plotHeight - h)\" width=\"\(binWidth - 4)\" height=\"\(h)\" fill=\"#bbb\" fill-opacity=\"0.6\"><title>\(count) forecasts</title></rect>"
        }
        let color = SVGChart.palette[0]
        let path = points.map { "\(chart.xPos($0.meanForecast, range)),\(chart.yPos($0.observedFrequency, range))" }.joined(separator: " ")
        s += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>"
        for p in points {
            let x = chart.xPos(p.meanForecast, range), lo = chart.yPos(p.low, range), hi = chart.yPos(p.high, range)
            s += "<path class=\"ci\" d=\"M \(x) \(lo) L \(x) \(hi) M \(x - 4) \(lo) L \(x + 4) \(lo) M \(x - 4) \(hi) L \(x + 4) \(hi)\" stroke=\"\(color)\" stroke-width=\"1.5\" fill=\"none\"/>"
            s += SVGChart.marker(0, x, chart.yPos(p.observedFrequency, range), color)
        }
        return s + "</svg><ul class=\"legend\"><li><span class=\"sw\" style=\"background:#1b6ca8\"></span> observed frequency per bin, with its 95 % interval</li><li>dashed diagonal: perfect reliability</li><li><span class=\"sw\" style=\"background:#bbb\"></span> grey bars: how often each probability was forecast</li></ul>"
    }

    /// One row per comparison: the mean difference as a dot with its 95 % interval, against a
    /// vertical line at zero; a row whose interval misses zero is a significant difference.
    func intervals(_ rows: [(label: String, value: Double, low: Double, high: Double)], title: String, xTitle: String) -> String {
        guard !rows.isEmpty else { return "<p>No comparison with an interval.</p>" }
        var chart = self
        chart.left = 30
        chart.right = 30
        chart.height = Double(rows.count) * 44 + 64
        let lo = min(0, rows.map(\.low).min()!), hi = max(0, rows.map(\.high).max()!)
        let xTicks = SVGChart.ticks(lo, hi == lo ? lo + 1 : hi, count: 6)
        let range = (xTicks.first!, max(xTicks.last!, hi))
        var s = chart.frame(xTicks: xTicks.map { ($0, SVGChart.label($0)) }, yTicks: [], xRange: range, yRange: (0, 1),
                            xTitle: xTitle, yTitle: "", title: title)
        let zero = chart.xPos(0, range)
        s += "<line x1=\"\(zero)\" y1=\"\(chart.top)\" x2=\"\(zero)\" y2=\"\(chart.top + chart.plotHeight)\" stroke=\"#555\" stroke-width=\"1.2\"/>"
        for (i, row) in rows.enumerated() {
            let y = chart.top + 30 + Double(i) * 44
            let color = row.high < 0 || row.low > 0 ? "#b2182b" : "#555"
            // A halo in the plot's colour keeps the label legible where it crosses the zero line or an interval.
            s += "<text x=\"\(chart.left + 6)\" y=\"\(y - 10)\" font-size=\"11\" stroke=\"#fafafa\" stroke-width=\"3\" paint-order=\"stroke\">\(HTML.escape(row.label))</text>"
            s += "<line x1=\"\(chart.xPos(row.low, range))\" y1=\"\(y)\" x2=\"\(chart.xPos(row.high, range))\" y2=\"\(y)\" stroke=\"\(color)\" stroke-width=\"2\"/>"
            s += "<circle cx=\"\(chart.xPos(row.value, range))\" cy=\"\(y)\" r=\"4.5\" fill=\"\(color)\"/>"
        }
        return s + "</svg><ul class=\"legend\"><li>dot: mean difference (A − B); line: 95 % interval; red: the interval misses 0, a significant difference</li></ul>"
    }
}
