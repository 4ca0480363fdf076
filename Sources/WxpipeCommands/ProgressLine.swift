#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WeatherCore
import WeatherPipeline

/// One updating progress line on stderr, only when stderr is a terminal.
///
/// At most ten updates a second (a terminal is slow, and a run may read a million documents);
/// the line is cleared when the run ends, so the summary starts on a clean line. Nothing is
/// written to a pipe or a file, so logs stay clean.
final class ProgressLine: ProgressDisplay {
    private var lastUpdate = 0.0
    private let started = ProgressLine.now()
    private var shown = false

    static var isTerminal: Bool { isatty(2) == 1 }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    func update(_ p: IngestProgress) {
        let t = ProgressLine.now()
        guard t - lastUpdate >= 0.1 else { return }
        lastUpdate = t
        write("\r\u{1B}[K" + ProgressLine.text(p, elapsed: max(0.001, t - started), width: terminalWidth()))
        shown = true
    }

    /// The line: decompressed MB and MB/s (the summary's measure), the share of the input files
    /// read and the ETA (from their stored, compressed sizes), documents, the current file.
    static func text(_ p: IngestProgress, elapsed: Double, width: Int) -> String {
        let mb = Double(p.decompressedBytes) / 1e6
        let rate = mb / elapsed
        var eta = ""
        if p.totalBytes > 0 && p.bytesRead > 0 {
            let done = Double(min(p.bytesRead, p.totalBytes)) / Double(p.totalBytes)
            let left = elapsed * (1 - done) / done
            eta = ", ETA \(Int(left) / 60):\(String(format2: Int(left) % 60))"
        }
        let pct = p.totalBytes > 0 ? " (\(min(100, p.bytesRead * 100 / p.totalBytes))% of the input)" : ""
        var line = "ingest: \(format(mb)) MB decompressed\(pct), \(p.documents) documents, \(format(rate)) MB/s\(eta) — \(Sanitize.printable(p.currentPath))"
        if line.count > width - 1 { line = String(line.prefix(width - 2)) + "…" }
        return line
    }

    func clear() {
        if shown { write("\r\u{1B}[K") }
        shown = false
    }

    private func terminalWidth() -> Int {
        var w = winsize()
        return ioctl(2, UInt(TIOCGWINSZ), &w) == 0 && w.ws_col > 20 ? Int(w.ws_col) : 100
    }

    private static func format(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        return String(r)
    }

    private func write(_ s: String) {
        var text = s
        text.withUTF8 { buf in _ = Glibc.write(2, buf.baseAddress, buf.count) }
    }
}

extension String {
    /// Two-digit zero padding.
    init(format2 v: Int) { self = v < 10 ? "0\(v)" : "\(v)" }
}
