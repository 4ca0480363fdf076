import Foundation
import Testing

/// The Python checks of our output (independent readers and recomputations).
///
/// Their packages — `scores` (which brings numpy, scipy, xarray), `openpyxl` and `duckdb` — are
/// core: `make test` installs them. So a missing python3 or package is a test failure that says
/// what to install, never a silent pass; and a script that crashes (a traceback, an unexpected
/// exit status) is a failure, never read as an answer.
public enum Python {
    /// The `python3` on PATH (the one `make test` installs the packages into).
    public static let interpreter: String? = Subprocess.which("python3")

    /// Runs `python3 SCRIPT ARGS`. Records a failure and returns nil when python3 is missing,
    /// when the script cannot import a package, or when it crashes or exits with a status not
    /// in `allowedStatuses`; else returns its output.
    @discardableResult
    public static func run(_ script: String, _ args: [String], stdin: Data? = nil, cwd: String? = nil,
                           allowedStatuses: Set<Int32> = [0],
                           sourceLocation: SourceLocation = #_sourceLocation) throws -> ProcessOutput? {
        let name = (script as NSString).lastPathComponent
        guard let interpreter else {
            Issue.record("python3 is not installed, so \(name) could not check our output: install python3 and run `make test`",
                         sourceLocation: sourceLocation)
            return nil
        }
        let out = try Subprocess.run(interpreter, [script] + args, stdin: stdin, cwd: cwd)
        if let module = missingModule(out.stderr) {
            Issue.record("""
                \(name) needs the Python package '\(module)', which is not installed for \(interpreter): \
                `make test` installs it (python3 -m pip install scores openpyxl duckdb)
                """, sourceLocation: sourceLocation)
            return nil
        }
        if out.signaled || !allowedStatuses.contains(out.status) || out.stderr.contains("Traceback (most recent call last)") {
            Issue.record("\(name) failed (exit \(out.status)\(out.signaled ? ", killed by a signal" : "")):\n\(out.stderr)\(out.stdout)",
                         sourceLocation: sourceLocation)
            return nil
        }
        return out
    }

    /// Runs a script of `Tests/Scripts` and returns the JSON it prints (nil after a recorded failure).
    public static func json(_ script: String, _ args: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Any? {
        guard let out = try run(repositoryRoot + "/Tests/Scripts/" + script, args, sourceLocation: sourceLocation) else { return nil }
        return try JSONSerialization.jsonObject(with: Data(out.stdout.utf8))
    }

    /// The module named by a `ModuleNotFoundError` in `stderr`.
    static func missingModule(_ stderr: String) -> String? {
        guard let line = stderr.split(separator: "\n").last(where: { $0.hasPrefix("ModuleNotFoundError: No module named ") }) else { return nil }
        return line.dropFirst("ModuleNotFoundError: No module named ".count).trimmingCharacters(in: CharacterSet(charactersIn: "'\" "))
    }
}
