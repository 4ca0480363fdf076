import WeatherCore
import WeatherIngest

/// What `wxpipe run --dry-run` prints: the inputs found, the stages and their outputs. Reads
/// only the input folders' listings; never opens the store.
public enum PipelinePlan {
    public static func lines(for p: PipelineFile, path: String) -> [String] {
        var lines = ["pipeline \(Sanitize.printable(p.name)) (\(Sanitize.printable(path)))", "inputs:"]
        lines += inputLines(p)
        lines.append("stages:")
        lines += stages(p).enumerated().map { "  \($0.offset + 1). \($0.element)" }
        lines.append("dry run: nothing was written")
        return lines
    }

    /// One line per input with its files and bytes, then the total.
    private static func inputLines(_ p: PipelineFile) -> [String] {
        var lines: [String] = []
        var totalFiles = 0, totalBytes = 0
        for input in p.inputs {
            let (files, problems) = InputWalker.expand([input.path])
            let bytes = files.reduce(0) { $0 + $1.size }
            totalFiles += files.count
            totalBytes += bytes
            lines.append("  \(Sanitize.printable(input.path)): \(files.count) file(s), \(bytes) bytes"
                         + (input.units.map { ", OpenWeatherMap units \($0.rawValue)" } ?? "")
                         + (input.settings.formats.isEmpty ? "" : ", declared formats " + input.settings.formats.map { Sanitize.printable($0.name) }.joined(separator: ", "))
                         + (problems.isEmpty ? "" : ", \(problems.count) problem(s)"))
        }
        lines.append("  total: \(totalFiles) file(s), \(totalBytes) bytes (inputs already ingested are skipped by content hash)")
        return lines
    }

    private static func stages(_ p: PipelineFile) -> [String] {
        var stages = ["ingest into \(Sanitize.printable(p.store))"]
        let a = p.aggregate
        var aggregate = "aggregate (reference: \(a.reference.isEmpty ? "observed observations" : a.reference.joined(separator: ", "))"
        aggregate += ", issue_selection \(a.issueSelection.label)\(a.allowSelfReference ? ", self-reference allowed" : "")"
        aggregate += ", day_window_tolerance_hours \(a.dayWindowToleranceHours)"
        aggregate += ", daily_min_coverage \(a.dailyMinCoverage), match_window_minutes \(a.matchWindowMinutes)"
        aggregate += ", precip_threshold_mm \(a.precipThresholdMm)\(a.homogeneous ? ", homogeneous" : ""), pairing \(a.pairingLabel)"
        aggregate += a.includeIncompleteDays ? ", incomplete days included)" : ")"
        stages.append(aggregate)
        let tables = p.export.tables.isEmpty ? "all tables" : p.export.tables.joined(separator: ", ")
        if let csv = p.export.csv { stages.append("export CSV (\(p.export.dialect), \(p.export.units)) of \(tables) to \(Sanitize.printable(csv))/") }
        if let sqlite = p.export.sqlite { stages.append("export SQLite of \(tables) to \(Sanitize.printable(sqlite))") }
        if let xlsx = p.export.xlsx { stages.append("export XLSX (\(p.export.units)) of \(tables) to \(Sanitize.printable(xlsx))") }
        if let report = p.export.report { stages.append("write the HTML report \(Sanitize.printable(report))") }
        return stages
    }
}
