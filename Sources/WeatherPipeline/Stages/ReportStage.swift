#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WeatherExport
import WeatherReport
import WeatherStore

/// The report stage: the HTML report of the store, written whole or not at all.
public enum ReportStage {
    public static func run(store: String, out: String, title: String?, log: StageLog) -> StageOutcome {
        do {
            var builder = ReportBuilder(database: try Database(path: store, readOnly: true))
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
