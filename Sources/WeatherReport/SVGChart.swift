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
        /// 95 % intervals, drawn as error bars (none where a group has too few pairs for one).
        var intervals: [(x: Double, low: Double, high: Double)] = []
    }

    static let palette = ["#1b6ca8", "#d1495b", "#2e933c", "#7b4fa0", "#e08e0b", "#3b3b3b", "#16a2a8", "#a0522d"]
    static let dashes = ["", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 4", "3 6"]

    var width = 640.0
    var height = 300.0
    var left = 64.0, right = 16.0, top = 16.0, bottom = 48.0
    /// `chart` for full-width charts, whose text the page enlarges on phones so that it stays
    /// ≥ 10 px once the SVG is scaled down; `small` for the small multiples, which are not scaled down.
    var cssClass = "chart"
    /// Style (colour, marker, dash) of each series by name, the same in every chart of a report,
    /// so a provider keeps its look from section to section; names not listed take their position.
    var styles: [String: Int] = [:]

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
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"\(cssClass)\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"\(HTML.escape(title))\">"
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

    /// Lines with markers (accuracy against lead time), each point with its 95 % error bar when
    /// it has one; series are dodged sideways a little so that bars at the same x do not hide each other.
    func lines(_ series: [Series], title: String, xTitle: String, yTitle: String, includeZero: Bool = true) -> String {
        let xs: [Double] = series.flatMap { s in s.points.map { $0.x } }
        var ys: [Double] = series.flatMap { s in s.points.map { $0.y } + s.intervals.flatMap { [$0.low, $0.high] } }
        if includeZero { ys.append(0) }
        guard let xlo = xs.min(), let xhi = xs.max(), let ylo = ys.min(), let yhi = ys.max() else { return "<p>No data.</p>" }
        let yTicks = SVGChart.ticks(ylo, yhi == ylo ? ylo + 1 : yhi)
        let yRange = (yTicks.first!, max(yTicks.last!, yhi))
        // Padded by 8 % of the span on each side, so the end points' markers and error bars stay inside the plot.
        let pad = max(xhi - xlo, 1) * 0.08
        let xRange = (xlo - pad, xhi + pad)
        let xTicks = SVGChart.ticks(xlo, xhi == xlo ? xlo + 1 : xhi, count: min(8, max(1, Int(xhi - xlo)))).filter { $0 >= xlo && $0 <= xhi }
            .map { ($0, SVGChart.label($0)) }
        var s = frame(xTicks: xTicks, yTicks: yTicks, xRange: xRange, yRange: yRange, xTitle: xTitle, yTitle: yTitle, title: title)
        let spread = min(24, plotWidth / 40)
        for (position, serie) in series.enumerated() {
            let k = styles[serie.name] ?? position
            let color = SVGChart.palette[k % SVGChart.palette.count]
            let dodge = series.count > 1 ? (Double(position) / Double(series.count - 1) - 0.5) * spread : 0
            func x(_ v: Double) -> Double { xPos(v, xRange) + dodge }
            let pts = serie.points.sorted { $0.x < $1.x }
            let path = pts.map { "\(x($0.x)),\(yPos($0.y, yRange))" }.joined(separator: " ")
            s += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" stroke-dasharray=\"\(SVGChart.dashes[k % SVGChart.dashes.count])\"/>"
            for i in serie.intervals {
                let (lo, hi, px) = (yPos(i.low, yRange), yPos(i.high, yRange), x(i.x))
                s += "<path class=\"ci\" d=\"M \(px) \(lo) L \(px) \(hi) M \(px - 4) \(lo) L \(px + 4) \(lo) M \(px - 4) \(hi) L \(px + 4) \(hi)\" "
                    + "stroke=\"\(color)\" stroke-width=\"1.5\" fill=\"none\"/>"
            }
            for p in pts { s += SVGChart.marker(k, x(p.x), yPos(p.y, yRange), color) }
        }
        return s + "</svg>" + legend(series.map(\.name))
    }

    /// A legend below the chart, in HTML so it wraps; each entry shows the line's marker and dash.
    func legend(_ names: [String]) -> String {
        var s = "<ul class=\"legend\">"
        for (position, name) in names.enumerated() {
            let k = styles[name] ?? position
            let color = SVGChart.palette[k % SVGChart.palette.count]
            s += "<li><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"34\" height=\"12\" aria-hidden=\"true\"><line x1=\"1\" y1=\"6\" x2=\"33\" y2=\"6\" stroke=\"\(color)\" stroke-width=\"2\" stroke-dasharray=\"\(SVGChart.dashes[k % SVGChart.dashes.count])\"/>\(SVGChart.marker(k, 17, 6, color))</svg> \(HTML.escape(name))</li>"
        }
        return s + "</ul>"
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
