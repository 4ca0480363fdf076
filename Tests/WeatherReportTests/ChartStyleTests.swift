import Testing
@testable import WeatherReport

/// A source keeps its colour, marker and dash in every chart of a report, wherever it falls in
/// the chart's own list of series (a newcomer read open-meteo's green triangle in one chart as
/// another provider in the next).
struct ChartStyleTests {
    @Test func aSeriesKeepsItsReportWideStyle() {
        var chart = SVGChart()
        chart.styles = ["a/x": 0, "b/y": 1, "c/z": 2]
        let onlyC = chart.lines([.init(name: "c/z", points: [(1, 1), (2, 2)])], title: "t", xTitle: "x", yTitle: "y")
        let bThenC = chart.lines([.init(name: "b/y", points: [(1, 1)]), .init(name: "c/z", points: [(1, 2)])], title: "t", xTitle: "x", yTitle: "y")
        let c = SVGChart.palette[2]
        #expect(onlyC.contains("stroke=\"\(c)\"") && !onlyC.contains("stroke=\"\(SVGChart.palette[0])\""))
        #expect(bThenC.contains("stroke=\"\(c)\"") && bThenC.contains("stroke=\"\(SVGChart.palette[1])\""))
        // Without a report-wide table, series take their position (as before).
        let plain = SVGChart().lines([.init(name: "c/z", points: [(1, 1)])], title: "t", xTitle: "x", yTitle: "y")
        #expect(plain.contains("stroke=\"\(SVGChart.palette[0])\""))
    }
}
