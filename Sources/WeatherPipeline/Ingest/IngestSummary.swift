import WeatherCore

/// Counts of one ingest run. The invariant the whole pipeline keeps:
/// `documents == accepted + rejected + duplicates`.
public struct IngestSummary: Sendable {
    public var inputs = 0
    /// Inputs skipped because the same content was ingested before (by content hash).
    public var inputsUnchanged = 0
    /// Inputs skipped because another input of this run has the same bytes and settings:
    /// (this path, the other path).
    public var identical: [(path: String, other: String)] = []
    /// Inputs read before with other settings (units, …), ingested again to replace that reading.
    public var inputsResettled = 0
    /// Sources a killed run had left `in_progress`, removed before this run began.
    public var leftoversRemoved = 0
    /// Per input, whether its rejects look like wrong units (see `UnitsAdvice`).
    public var unitsAdvice: [UnitsAdvice] = []
    /// Input path → its index in `unitsAdvice` (a run may name a hundred thousand files).
    private var unitsAdviceIndex: [String: Int] = [:]
    public var sources = 0
    public var bytesRead = 0
    public var documents = 0
    public var accepted = 0
    public var rejected = 0
    public var duplicates = 0
    public var observations = 0
    public var forecasts = 0
    public var locationsCreated = 0
    /// Documents with new forecasts, by where their issue time came from (`forecasts.issued_at_source`):
    /// a lead is only as right as its issue time, so a user sees how many replies had to fall back
    /// on a file name or a modification time.
    public var issueTimeSources: [IssueTimeSource: Int] = [:]
    /// Remarks on accepted documents (kept in the `warnings` table).
    public var warnings = 0
    /// Values set aside (quarantined) in accepted documents, by the rule they broke; each is
    /// also a row of `warnings` with its field path and value.
    public var quarantinedByRule: [String: Int] = [:]
    public var rejectsByReason: [RejectReason: Int] = [:]
    public var problems: [String] = []
    public var seconds: Double = 0
    /// Set when a signal stopped the run; `inputInProgress` was rolled back.
    public var interrupted: IngestInterrupted?
    public var inputInProgress: String?

    public init() {}

    public var balanced: Bool { documents == accepted + rejected + duplicates }

    /// The end-of-run summary printed on stderr.
    public func render() -> String {
        var lines: [String] = []
        if let interrupted {
            lines.append("\(interrupted): stopped after \(inputs) complete input(s); "
                         + "\(Sanitize.printable(inputInProgress ?? "the input in progress")) was rolled back (none of its records are kept) and will be ingested again by the next run")
        }
        if leftoversRemoved > 0 {
            lines.append("removed \(leftoversRemoved) source(s) an interrupted run had left incomplete")
        }
        lines.append(inputsLine)
        for (path, other) in identical.prefix(10) {
            let why = path == other ? "named twice" : "identical to \(Sanitize.printable(other))"
            lines.append("  skipped \(Sanitize.printable(path)): \(why)")
        }
        if identical.count > 10 { lines.append("  … and \(identical.count - 10) more identical input(s)") }
        lines.append("documents read: \(documents) = accepted \(accepted) + rejected \(rejected) + duplicates \(duplicates)")
        for (reason, n) in rejectsByReason.sorted(by: { $0.key < $1.key }) {
            lines.append("  rejected \(reason.rawValue): \(n)")
        }
        lines.append("records written: \(observations) observations, \(forecasts) forecasts; new locations: \(locationsCreated)")
        if let issueTimes = issueTimesLine { lines.append(issueTimes) }
        if warnings > 0 { lines.append("warnings: \(warnings) (see the warnings table; e.g. a unit not understood leaves that variable missing)") }
        let quarantined = quarantinedByRule.values.reduce(0, +)
        if quarantined > 0 {
            lines.append("values set aside: \(quarantined) (the documents were kept; each value is NULL and a row in warnings)")
            for (rule, n) in quarantinedByRule.sorted(by: { $0.key < $1.key }) { lines.append("  set aside, \(rule): \(n)") }
        }
        let mb = Double(bytesRead) / 1_000_000
        let rate = seconds > 0 ? mb / seconds : 0
        lines.append("time: \(format(seconds)) s, \(format(mb)) MB decompressed (\(format(rate)) MB/s)")
        lines += unitsAdvice.compactMap(\.message)
        if inputsUnchanged + identical.count == inputs && inputs > 0 && interrupted == nil { lines.append("nothing new to ingest") }
        return lines.joined(separator: "\n")
    }

    /// "inputs: 5 (2 unchanged since an earlier run, skipped; 1 identical to another input of
    /// this run, skipped; 1 read before with other settings, ingested again)".
    /// `issue times of 120 forecast replies: 2 from the envelope (fetched_at), 118 from their body`,
    /// in the order of precedence (docs/INPUTS.md); nil when no forecast was written.
    var issueTimesLine: String? {
        let order: [(IssueTimeSource, String)] = [
            (.envelope, "from the envelope (fetched_at)"), (.body, "from their body"), (.fileName, "from the file name"),
            (.modificationTime, "from the file's modification time"), (.ingestTime, "from the time of ingest (nothing else known)"),
        ]
        let parts = order.compactMap { source, words in issueTimeSources[source].map { "\($0) \(words)" } }
        guard !parts.isEmpty else { return nil }
        let total = issueTimeSources.values.reduce(0, +)
        return "issue times of \(total) forecast repl\(total == 1 ? "y" : "ies"): " + parts.joined(separator: ", ")
    }

    private var inputsLine: String {
        var parts = ["\(inputsUnchanged) unchanged since an earlier run, skipped"]
        if !identical.isEmpty { parts.append("\(identical.count) identical to another input of this run, skipped") }
        if inputsResettled > 0 { parts.append("\(inputsResettled) read before with other settings, ingested again") }
        return "inputs: \(inputs) (" + parts.joined(separator: "; ") + ")"
    }

    /// Adds one source's units counts to its input's entry.
    mutating func addUnitsCounts(_ counts: UnitsAdvice) {
        if let k = unitsAdviceIndex[counts.input] {
            unitsAdvice[k].add(counts)
        } else {
            unitsAdviceIndex[counts.input] = unitsAdvice.count
            unitsAdvice.append(counts)
        }
    }

    private func format(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return String(r)
    }
}
