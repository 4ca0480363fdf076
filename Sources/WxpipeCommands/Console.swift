#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WeatherPipeline

/// Where messages go: data to stdout, diagnostics to stderr (never mixed).
public final class Console {
    public init() {}

    public func out(_ s: String) {
        print(s)
    }

    /// Unbuffered, so diagnostics appear in order even when stdout is a pipe.
    public func err(_ s: String) {
        var text = s + "\n"
        text.withUTF8 { buf in
            var done = 0
            while done < buf.count {
                let n = write(2, buf.baseAddress! + done, buf.count - done)
                if n <= 0 { break }
                done += n
            }
        }
    }

    /// Red "error:" and yellow "warning:" on a terminal, plain text otherwise or when the user
    /// set `NO_COLOR` (https://no-color.org).
    private var colour: Bool { isatty(2) == 1 && getenv("NO_COLOR") == nil }

    public func error(_ s: String) { err((colour ? "\u{1B}[1;31merror:\u{1B}[0m " : "error: ") + s) }
    public func warning(_ s: String) { err((colour ? "\u{1B}[1;33mwarning:\u{1B}[0m " : "warning: ") + s) }
}

/// The stages report through the console: their lines are diagnostics, so they go to stderr.
extension Console: StageLog {
    public func info(_ message: String) { err(message) }
}
