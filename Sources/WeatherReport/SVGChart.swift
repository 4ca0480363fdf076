#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WeatherCore

/// Small inline-SVG charts for the report: no scripts, no fonts, no network.
///
/// Series are told apart by colour *and* by marker shape and dash pattern, so the charts read in
/// grey-scale print and for colour-blind readers. Every chart has axis titles with units and a legend.
struct SVGChart {
    struct Series {
        var name: String
        var points: [(x: Double, y: Double)]
    }

    static let palette = ["#1b6ca8", "#d1495b", "#2e933c", "#7b4fa0", "#e08e0b", "#3b3b3b", "#16a2a8", "#a0522d"]
    static let dashes = ["", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 4", "3 6"]

    var width = 640.0
    var height = 300.0
    let left = 64.0, right = 16.0, top = 16.0, bottom = 48.0

    var plotWidth: Double { width - left - right }
    var plotHeight: Double { height - top - bottom }

    /// Round tick values spanning `lo…hi` (1, 2, 5 × 10ⁿ steps).
    static func ticks(_ lo: Double, _ hi: Double, count: Int = 5) -> [Double] {
        guard hi > lo else { return [lo] }
        let raw = (hi - lo) / Double(count)
        let mag = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * mag }.first { $0 >= raw } ?? raw
        var out: [Double] = []
        var v = (lo / step).rounded(.down) * step
        while v < hi + step - step * 1e-9 {
            out.append(v)
            v += step
        }
        return out
    }

    static func label(_ v: Double) -> String {
        let r = (v * 1000).rounded() / 1000
        if r == r.rounded() { return String(Int(r)) }
        return String(r)
    }

    func frame(xTicks: [(Double, String)], yTicks: [Double], xRange: (Double, Double), yRange: (Double, Double),
               xTitle: String, yTitle: String, title: String) -> String {
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"\(HTML.escape(title))\">"
        s += "<title>\(HTML.escape(title))</title>"
        s += "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(plotWidth)\" height=\"\(plotHeight)\" fill=\"#fafafa\" stroke=\"#999\"/>"
        for y in yTicks {
            let py = yPos(y, yRange)
            s += "<line x1=\"\(left)\" y1=\"\(py)\" x2=\"\(left + plotWidth)\" y2=\"\(py)\" stroke=\"#ddd\"/>"
            s += "<text x=\"\(left - 6)\" y=\"\(py + 4)\" text-anchor=\"end\" font-size=\"11\">\(SVGChart.label(y))</text>"
        }
        for (x, text) in xTicks {
            let px = xPos(x, xRange)
            s += "<line x1=\"\(px)\" y1=\"\(top + plotHeight)\" x2=\"\(px)\" y2=\"\(top + plotHeight + 4)\" stroke=\"#666\"/>"
            s += "<text x=\"\(px)\" y=\"\(top + plotHeight + 16)\" text-anchor=\"middle\" font-size=\"11\">\(HTML.escape(text))</text>"
        }
        if yRange.0 < 0 && yRange.1 > 0 {
            let py = yPos(0, yRange)
            s += "<line x1=\"\(left)\" y1=\"\(py)\" x2=\"\(left + plotWidth)\" y2=\"\(py)\" stroke=\"#555\" stroke-width=\"1.2\"/>"
        }
        s += "<text x=\"\(left + plotWidth / 2)\" y=\"\(height - 8)\" text-anchor=\"middle\" font-size=\"12\">\(HTML.escape(xTitle))</text>"
        s += "<text x=\"14\" y=\"\(top + plotHeight / 2)\" text-anchor=\"middle\" font-size=\"12\" transform=\"rotate(-90 14 \(top + plotHeight / 2))\">\(HTML.escape(yTitle))</text>"
        return s
    }

    func xPos(_ x: Double, _ r: (Double, Double)) -> Double {
        r.1 == r.0 ? left + plotWidth / 2 : left + (x - r.0) / (r.1 - r.0) * plotWidth
    }

    func yPos(_ y: Double, _ r: (Double, Double)) -> Double {
        r.1 == r.0 ? top + plotHeight / 2 : top + plotHeight - (y - r.0) / (r.1 - r.0) * plotHeight
    }

    static func marker(_ k: Int, _ x: Double, _ y: Double, _ color: String) -> String {
        switch k % 4 {
        case 0: return "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"4\" fill=\"\(color)\"/>"
        case 1: return "<rect x=\"\(x - 4)\" y=\"\(y - 4)\" width=\"8\" height=\"8\" fill=\"\(color)\"/>"
        case 2: return "<path d=\"M \(x) \(y - 5) L \(x + 5) \(y + 4) L \(x - 5) \(y + 4) Z\" fill=\"\(color)\"/>"
        default: return "<path d=\"M \(x) \(y - 5) L \(x + 5) \(y) L \(x) \(y + 5) L \(x - 5) \(y) Z\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>"
        }
    }

    /// Lines with markers (accuracy against lead time).
    func lines(_ series: [Series], title: String, xTitle: String, yTitle: String, includeZero: Bool = true) -> String {
        let xs: [Double] = series.flatMap { s in s.points.map { $0.x } }
        let ys: [Double] = series.flatMap { s in s.points.map { $0.y } } + (includeZero ? [0.0] : [])
        guard let xlo = xs.min(), let xhi = xs.max(), let ylo = ys.min(), let yhi = ys.max() else { return "<p>No data.</p>" }
        let yTicks = SVGChart.ticks(ylo, yhi == ylo ? ylo + 1 : yhi)
        let yRange = (yTicks.first!, max(yTicks.last!, yhi))
        let xRange = (xlo, xhi == xlo ? xlo + 1 : xhi)
        let xTicks = SVGChart.ticks(xRange.0, xRange.1, count: min(8, max(1, Int(xRange.1 - xRange.0)))).map { ($0, SVGChart.label($0)) }
        var s = frame(xTicks: xTicks, yTicks: yTicks, xRange: xRange, yRange: yRange, xTitle: xTitle, yTitle: yTitle, title: title)
        for (k, serie) in series.enumerated() {
            let color = SVGChart.palette[k % SVGChart.palette.count]
            let pts = serie.points.sorted { $0.x < $1.x }
            let path = pts.map { "\(xPos($0.x, xRange)),\(yPos($0.y, yRange))" }.joined(separator: " ")
            s += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" stroke-dasharray=\"\(SVGChart.dashes[k % SVGChart.dashes.count])\"/>"
            for p in pts { s += SVGChart.marker(k, xPos(p.x, xRange), yPos(p.y, yRange), color) }
        }
        return s + "</svg>" + legend(series.map(\.name))
    }

    /// A legend below the chart, in HTML so it wraps; each entry shows the line's marker and dash.
    func legend(_ names: [String]) -> String {
        var s = "<ul class=\"legend\">"
        for (k, name) in names.enumerated() {
            let color = SVGChart.palette[k % SVGChart.palette.count]
            s += "<li><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"34\" height=\"12\" aria-hidden=\"true\"><line x1=\"1\" y1=\"6\" x2=\"33\" y2=\"6\" stroke=\"\(color)\" stroke-width=\"2\" stroke-dasharray=\"\(SVGChart.dashes[k % SVGChart.dashes.count])\"/>\(SVGChart.marker(k, 17, 6, color))</svg> \(HTML.escape(name))</li>"
        }
        return s + "</ul>"
    }

    /// One local day for the band chart.
    struct Day {
        var date: String
        var dayNumber: Int
        var high: Double?
        var low: Double?
        var rain: Double?
        var complete: Bool
    }

    /// Daily highs and lows as a band over time (x = calendar days, so gaps show as gaps), with
    /// rainfall bars scaled on their own. Incomplete days are drawn as hollow markers outside the
    /// band: their extremes may miss the real ones.
    func band(_ days: [Day], title: String) -> String {
        let temps = days.flatMap { [$0.high, $0.low] }.compactMap { $0 }
        guard let first = days.first, let last = days.last, let tlo = temps.min(), let thi = temps.max() else { return "<p>No daily values.</p>" }
        let yTicks = SVGChart.ticks(tlo, thi == tlo ? tlo + 1 : thi)
        let yRange = (yTicks.first!, max(yTicks.last!, thi))
        let xRange = (Double(first.dayNumber) - 0.5, Double(last.dayNumber) + 0.5)
        let span = last.dayNumber - first.dayNumber + 1
        let step = max(1, span / 8)
        let xTicks = stride(from: first.dayNumber, through: last.dayNumber, by: step).map { n -> (Double, String) in
            (Double(n), String(UTCTime.date(Int64(n) * 86400).dropFirst(5)))
        }
        var s = frame(xTicks: xTicks, yTicks: yTicks, xRange: xRange, yRange: yRange, xTitle: "local date",
                      yTitle: "temperature (°C)", title: title)
        let maxRain = max(1, days.compactMap(\.rain).max() ?? 1)
        let barWidth = plotWidth / Double(span) * 0.6
        for d in days {
            guard let r = d.rain, r > 0 else { continue }
            let h = r / maxRain * plotHeight * 0.5
            s += "<rect x=\"\(xPos(Double(d.dayNumber), xRange) - barWidth / 2)\" y=\"\(top + plotHeight - h)\" width=\"\(barWidth)\" height=\"\(h)\" fill=\"#7fb3d5\" stroke=\"#2e6f95\"><title>\(HTML.escape(d.date)): \(SVGChart.label(r)) mm</title></rect>"
        }
        // The band over runs of consecutive complete days.
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
        return s + "</svg>" + "<ul class=\"legend\"><li><span class=\"sw hi\"></span> daily high (squares, solid line)</li><li><span class=\"sw lo\"></span> daily low (circles, dashed line)</li><li>hollow markers: incomplete day</li><li><span class=\"sw rain\"></span> rain (bars; the tallest is \(SVGChart.label(maxRain)) mm)</li></ul>"
    }

    /// Vertical bars with labels (monthly rainfall); `partial` bars are hatched.
    func bars(_ items: [(label: String, value: Double, partial: Bool)], title: String, yTitle: String) -> String {
        guard !items.isEmpty else { return "<p>No monthly totals.</p>" }
        let hi = max(1, items.map(\.value).max() ?? 1)
        let yTicks = SVGChart.ticks(0, hi)
        let yRange = (0.0, max(yTicks.last!, hi))
        let n = Double(items.count)
        let xRange = (-0.5, n - 0.5)
        var s = frame(xTicks: items.enumerated().map { (Double($0.offset), $0.element.label) }, yTicks: yTicks, xRange: xRange,
                      yRange: yRange, xTitle: "month", yTitle: yTitle, title: title)
        s += "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#cfe3f1\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#2e6f95\" stroke-width=\"2\"/></pattern></defs>"
        let w = plotWidth / n * 0.6
        for (i, item) in items.enumerated() {
            let y = yPos(item.value, yRange)
            s += "<rect x=\"\(xPos(Double(i), xRange) - w / 2)\" y=\"\(y)\" width=\"\(w)\" height=\"\(top + plotHeight - y)\" fill=\"\(item.partial ? "url(#hatch)" : "#4f8fc0")\" stroke=\"#2e6f95\"/>"
            s += "<text x=\"\(xPos(Double(i), xRange))\" y=\"\(y - 4)\" text-anchor=\"middle\" font-size=\"11\">\(item.partial ? "≥ " : "")\(SVGChart.label(item.value))</text>"
        }
        return s + "</svg><ul class=\"legend\"><li><span class=\"sw full\"></span> every day of the month complete</li><li><span class=\"sw part\"></span> hatched, “≥”: some days missing — a lower bound</li></ul>"
    }
}

enum HTML {
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for ch in s.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                if ch.value < 0x20 && ch != "\n" && ch != "\t" { out += "\\u{\(String(ch.value, radix: 16))}" } else { out.unicodeScalars.append(ch) }
            }
        }
        return out
    }
}
