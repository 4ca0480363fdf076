import WeatherCore
import WeatherIngest
import WeatherProviders

/// `wxpipe inspect`: what each document is, what records it gives, what is wrong with it.
/// Reads inputs exactly as ingest does but writes nothing.
public struct Inspector {
    public var units: UnitSystem?

    public init(units: UnitSystem? = nil) { self.units = units }

    /// Calls `line` with human-readable lines; returns (documents, rejected).
    public func inspect(paths: [String], _ line: (String) -> Void) -> (documents: Int, rejected: Int) {
        let (files, problems) = InputWalker.expand(paths)
        for p in problems { line("\(Sanitize.printable(p.path)): error: \(p.message)") }
        var documents = 0
        var rejected = 0
        let context = DecodeContext(owmUnits: units)
        for file in files {
            Ingestor().ingest(file) { event in
                switch event {
                case .document(let doc):
                    documents += 1
                    let place = Sanitize.printable(doc.origin.description)
                    switch DocumentDecoder.decode(doc.bytes, context: context) {
                    case .success(let decoded):
                        line("\(place): \(decoded.format): \(decoded.observations.count) observation(s)")
                        for o in decoded.observations {
                            line("  observation \(UTCTime.iso8601(o.observedAt)) at \(o.latitude),\(o.longitude)"
                                 + (o.placeName.map { " (\(Sanitize.printable($0)))" } ?? "")
                                 + ": temp_c=\(show(o.tempC)) humidity_pct=\(show(o.humidityPct)) pressure_hpa=\(show(o.pressureHpa))"
                                 + " wind_speed_ms=\(show(o.windSpeedMs)) precip_mm=\(show(o.precipMm))/\(show(o.precipWindowH))h"
                                 + " units=\(o.unitsAssumed ?? "-") (\(o.unitsSource ?? "-"))")
                        }
                        for w in decoded.warnings { line("  warning: \(Sanitize.printable(w))") }
                    case .failure(let f):
                        rejected += 1
                        line("\(place): reject \(f.reason.rawValue): \(Sanitize.printable(f.message))")
                    }
                case .oversized(let origin, let size, let limit):
                    documents += 1
                    rejected += 1
                    line("\(Sanitize.printable(origin.description)): reject too_large: \(size) bytes > \(limit)")
                case .failed(let origin, let error, _):
                    documents += 1
                    rejected += 1
                    line("\(Sanitize.printable(origin.description)): reject: \(error.message)")
                case .empty(let origin):
                    documents += 1
                    rejected += 1
                    line("\(Sanitize.printable(origin.description)): reject empty: no JSON document")
                case .sourceStarted, .sourceFinished:
                    break
                }
            }
        }
        return (documents, rejected)
    }

    private func show(_ v: Double?) -> String { v.map { String($0) } ?? "-" }
}
