import WeatherCore

/// The time-series charts of the report: daily highs and lows with rain on its own axis, and
/// monthly rainfall bars.
extension SVGChart {
    /// One local day for the band chart.
    struct Day {
        var date: String
        var dayNumber: Int
        var high: Double?
        var low: Double?
        var rain: Double?
        var complete: Bool
    }

    /// Tick marks and labels on the right edge, for a second quantity (rain in mm).
    func rightAxis(ticks: [Double], range: (Double, Double), title: String) -> String {
        var s = ""
        for t in ticks {
            let py = yPos(t, range)
            s += "<line x1=\"\(left + plotWidth)\" y1=\"\(py)\" x2=\"\(left + plotWidth + 4)\" y2=\"\(py)\" stroke=\"#2e6f95\"/>"
            s += "<text x=\"\(left + plotWidth + 7)\" y=\"\(py + 4)\" text-anchor=\"start\" font-size=\"11\" fill=\"#2e6f95\">\(SVGChart.label(t))</text>"
        }
        let mid = top + plotHeight / 2, x = width - 10
        return s + "<text x=\"\(x)\" y=\"\(mid)\" text-anchor=\"middle\" font-size=\"12\" fill=\"#2e6f95\" transform=\"rotate(90 \(x) \(mid))\">\(HTML.escape(title))</text>"
    }

    /// Daily highs and lows as a band over time (x = calendar days, so gaps show as gaps), with
    /// rainfall bars on their own axis in mm at the right. Incomplete days are hollow markers
    /// outside the band: their extremes may miss the real ones.
    func band(_ days: [Day], title: String) -> String {
        var chart = self
        chart.right = 60
        return chart.drawBand(days, title: title)
    }

    private func drawBand(_ days: [Day], title: String) -> String {
        let temps = days.flatMap { [$0.high, $0.low] }.compactMap { $0 }
        guard let first = days.first, let last = days.last, let tlo = temps.min(), let thi = temps.max() else { return "<p>No daily values.</p>" }
        let yTicks = SVGChart.ticks(tlo, thi == tlo ? tlo + 1 : thi)
        let yRange = (yTicks.first!, max(yTicks.last!, thi))
        let xRange = (Double(first.dayNumber) - 0.5, Double(last.dayNumber) + 0.5)
        let span = last.dayNumber - first.dayNumber + 1
        let step = max(1, span / 5)  // at most ~6 dates: they stay apart at phone width, where labels are enlarged
        let xTicks = stride(from: first.dayNumber, through: last.dayNumber, by: step).map { n -> (Double, String) in
            (Double(n), String(UTCTime.date(Int64(n) * 86400).dropFirst(5)))
        }
        var s = frame(xTicks: xTicks, yTicks: yTicks, xRange: xRange, yRange: yRange, xTitle: "local date",
                      yTitle: "temperature (°C)", title: title)
        // The rain axis runs to twice the wettest day, so bars fill at most the lower half and leave the band readable.
        let rainTicks = SVGChart.ticks(0, 2 * max(1, days.compactMap(\.rain).max() ?? 1), count: 4)
        let rainRange = (0.0, rainTicks.last!)
        s += rightAxis(ticks: rainTicks, range: rainRange, title: "rain (mm)")
        let barWidth = plotWidth / Double(span) * 0.6
        for d in days {
            guard let r = d.rain, r > 0 else { continue }
            let y = yPos(r, rainRange)
            s += "<rect x=\"\(xPos(Double(d.dayNumber), xRange) - barWidth / 2)\" y=\"\(y)\" width=\"\(barWidth)\" height=\"\(top + plotHeight - y)\" fill=\"#7fb3d5\" fill-opacity=\"0.7\" stroke=\"#2e6f95\"><title>\(HTML.escape(d.date)): \(SVGChart.label(r)) mm</title></rect>"
        }
        s += bandLines(days, xRange: xRange, yRange: yRange)
        return s + "</svg>" + "<ul class=\"legend\"><li><span class=\"sw hi\"></span> daily high (squares, solid line)</li><li><span class=\"sw lo\"></span> daily low (circles, dashed line)</li><li>hollow markers: incomplete day</li><li><span class=\"sw rain\"></span> rain (bars, right axis in mm)</li></ul>"
    }

    /// The band over runs of consecutive complete days, and every day's markers.
    private func bandLines(_ days: [Day], xRange: (Double, Double), yRange: (Double, Double)) -> String {
        var s = ""
        var runs: [[Day]] = []
        for d in days where d.complete && d.high != nil && d.low != nil {
            if let prev = runs.last?.last, prev.dayNumber == d.dayNumber - 1 { runs[runs.count - 1].append(d) } else { runs.append([d]) }
        }
        for run in runs {
            let upper = run.map { "\(xPos(Double($0.dayNumber), xRange)),\(yPos($0.high!, yRange))" }
            let lower = run.map { "\(xPos(Double($0.dayNumber), xRange)),\(yPos($0.low!, yRange))" }
            s += "<polygon points=\"\((upper + lower.reversed()).joined(separator: " "))\" fill=\"#f4a582\" fill-opacity=\"0.45\" stroke=\"none\"/>"
            s += "<polyline points=\"\(upper.joined(separator: " "))\" fill=\"none\" stroke=\"#b2182b\" stroke-width=\"2\"/>"
            s += "<polyline points=\"\(lower.joined(separator: " "))\" fill=\"none\" stroke=\"#2166ac\" stroke-width=\"2\" stroke-dasharray=\"6 3\"/>"
        }
        for d in days {
            let x = xPos(Double(d.dayNumber), xRange)
            if let h = d.high {
                s += d.complete ? SVGChart.marker(1, x, yPos(h, yRange), "#b2182b")
                    : "<rect x=\"\(x - 4)\" y=\"\(yPos(h, yRange) - 4)\" width=\"8\" height=\"8\" fill=\"#fff\" stroke=\"#b2182b\" stroke-width=\"1.5\"/>"
            }
            if let l = d.low {
                s += d.complete ? SVGChart.marker(0, x, yPos(l, yRange), "#2166ac")
                    : "<circle cx=\"\(x)\" cy=\"\(yPos(l, yRange))\" r=\"4\" fill=\"#fff\" stroke=\"#2166ac\" stroke-width=\"1.5\"/>"
            }
        }
        return s
    }

    /// Vertical bars with labels (monthly rainfall); `partial` bars are hatched.
    func bars(_ items: [(label: String, value: Double, partial: Bool)], title: String, yTitle: String) -> String {
        guard !items.isEmpty else { return "<p>No monthly totals.</p>" }
        let hi = max(1, items.map(\.value).max() ?? 1)
        let yTicks = SVGChart.ticks(0, hi)
        let yRange = (0.0, max(yTicks.last!, hi))
        let n = Double(items.count)
        let xRange = (-0.5, n - 0.5)
        // Labels need ~8 characters of room, more where the page enlarges them on phones: thin
        // them out, and leave the values to the table when the bars are too narrow to carry them.
        let slot = plotWidth / n, room = cssClass == "chart" ? 100.0 : 56.0
        let every = max(1, Int((room / slot).rounded(.up)))
        var s = frame(xTicks: items.enumerated().filter { $0.offset % every == 0 }.map { (Double($0.offset), $0.element.label) },
                      yTicks: yTicks, xRange: xRange, yRange: yRange, xTitle: "month", yTitle: yTitle, title: title)
        s += "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#cfe3f1\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#2e6f95\" stroke-width=\"2\"/></pattern></defs>"
        let w = plotWidth / n * 0.6
        for (i, item) in items.enumerated() {
            let y = yPos(item.value, yRange)
            s += "<rect x=\"\(xPos(Double(i), xRange) - w / 2)\" y=\"\(y)\" width=\"\(w)\" height=\"\(top + plotHeight - y)\" fill=\"\(item.partial ? "url(#hatch)" : "#4f8fc0")\" stroke=\"#2e6f95\"/>"
            s += "<title>\(HTML.escape(item.label)): \(item.partial ? "≥ " : "")\(SVGChart.label(item.value)) mm</title>"
            if every == 1 && slot >= room {
                s += "<text x=\"\(xPos(Double(i), xRange))\" y=\"\(y - 4)\" text-anchor=\"middle\" font-size=\"11\">\(item.partial ? "≥ " : "")\(SVGChart.label(item.value))</text>"
            }
        }
        return s + "</svg><ul class=\"legend\"><li><span class=\"sw full\"></span> every day of the month complete</li><li><span class=\"sw part\"></span> hatched, “≥”: some days missing — a lower bound</li></ul>"
    }
}
