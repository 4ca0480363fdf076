#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WeatherExport
import WeatherReport
import WeatherStore

/// The report stage: the HTML report of the store, written whole or not at all. It holds the
/// store's lock while it reads, after removing what killed runs left (`StoreAccess`), so it
/// shows complete sources only.
public enum ReportStage {
    public static func run(store: String, out: String, title: String?, log: StageLog) -> StageOutcome {
        do {
            let (lock, _) = try StoreAccess.lockedForReading(store, log: log)
            defer { withExtendedLifetime(lock) {} }
            var builder = ReportBuilder(database: try StoreFile.open(store, readOnly: true))
            if let title { builder.title = title }
            try OutputFile.writeText(try builder.build(generatedAt: Int64(time(nil))), to: out)
            log.info("wrote \(out)")
            return .completed
        } catch {
            log.error("\(error)")
            return .failed
        }
    }
}
