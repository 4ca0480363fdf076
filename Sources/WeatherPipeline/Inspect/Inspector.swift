#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WeatherCore
import WeatherIngest
import WeatherProviders

/// `wxpipe inspect`: what each document is, what records it gives, what is wrong with it.
/// Reads inputs exactly as ingest does but writes nothing.
public struct Inspector {
    public var units: UnitSystem?
    /// The input settings documents are decoded with (`--place`, `--location …,station=ID`,
    /// `--format-file`): station archives that name only their station need them to give records,
    /// and format files' shapes are asked after the built-in decoders.
    public var settings: IngestSettings

    public init(units: UnitSystem? = nil, settings: IngestSettings = IngestSettings(), formats: [DeclaredFormat] = []) {
        self.units = units
        self.settings = settings
        if units != nil { self.settings.units = units }
        if !formats.isEmpty { self.settings.formats = formats }
    }

    /// Calls `line` with human-readable lines; returns (documents, rejected, unreadable paths).
    public func inspect(paths: [String], _ line: (String) -> Void) -> (documents: Int, rejected: Int, unreadable: Int) {
        let (files, problems) = InputWalker.expand(paths)
        for p in problems { line("\(Sanitize.printable(p.path)): error: \(p.message)") }
        var documents = 0
        var rejected = 0
        for file in files {
            Ingestor().ingest(file) { event in
                switch event {
                case .document(let doc):
                    documents += 1
                    let place = Sanitize.printable(doc.origin.description)
                    let context = DecodeContext(settings: settings, sourceName: doc.origin.member ?? doc.origin.path,
                                                modifiedAt: doc.origin.modifiedAt, ingestTime: Int64(time(nil)))
                    switch DocumentDecoder.decode(doc.bytes, context: context) {
                    case .success(let decoded):
                        line("\(place): \(decoded.format) (recognised by \(decoded.detectedBy)): "
                             + "\(decoded.observations.count) observation(s), \(decoded.forecasts.count) forecast(s), \(decoded.places.filter(\.isGeocoding).count) place(s)")
                        for o in decoded.observations.prefix(5) {
                            line("  observation \(UTCTime.iso8601(o.observedAt)) at \(o.latitude),\(o.longitude)"
                                 + (o.placeName.map { " (\(Sanitize.printable($0)))" } ?? "")
                                 + ": temp_c=\(show(o.tempC)) humidity_pct=\(show(o.humidityPct)) pressure_hpa=\(show(o.pressureHpa))"
                                 + " wind_speed_ms=\(show(o.windSpeedMs)) precip_mm=\(show(o.precipMm))/\(show(o.precipWindowH))h"
                                 + (o.extremesWindowH.map { " temp_max_c=\(show(o.tempMaxC)) temp_min_c=\(show(o.tempMinC))/\(show($0))h" } ?? "")
                                 + (o.stationID.map { " station=\(Sanitize.printable($0))" } ?? "")
                                 + " units=\(o.unitsAssumed ?? "-") (\(o.unitsSource?.rawValue ?? "-"))")
                        }
                        if decoded.observations.count > 5 { line("  … \(decoded.observations.count - 5) more observation(s)") }
                        let byPeriod = Dictionary(grouping: decoded.forecasts, by: \.period)
                        for period in ForecastPeriod.allCases {
                            guard let fs = byPeriod[period], let first = fs.first else { continue }
                            line("  forecasts \(period.rawValue): \(fs.count), issued \(UTCTime.iso8601(first.issuedAt)) (from \(first.issuedAtSource.rawValue)), "
                                 + "first valid \(UTCTime.iso8601(fs.map(\.validFrom).min()!))"
                                 + (first.targetDate.map { ", first target date \($0)" } ?? "")
                                 + ": temp_c=\(show(first.tempC)) temp_max_c=\(show(first.tempMaxC)) temp_min_c=\(show(first.tempMinC)) precip_mm=\(show(first.precipMm))")
                        }
                        for p in decoded.places where p.isGeocoding {
                            line("  place \(Sanitize.printable(p.name ?? "-")), \(p.state.map { Sanitize.printable($0) + ", " } ?? "")\(p.country ?? "-") at \(p.latitude),\(p.longitude)")
                        }
                        for w in decoded.warnings { line("  warning: \(Sanitize.printable(w))") }
                        for q in decoded.quarantined { line("  set aside \(q.fieldPath) = \(q.value) (\(q.rule))") }
                    case .failure(let f):
                        rejected += 1
                        line("\(place): reject \(f.reason.rawValue): \(Sanitize.printable(f.message))")
                    }
                case .oversized(let origin, let size, let limit):
                    documents += 1
                    rejected += 1
                    line("\(Sanitize.printable(origin.description)): reject too_large: \(size) bytes > \(limit)")
                case .failed(let origin, let error, let partial):
                    documents += 1
                    rejected += 1
                    let r = Reject(error, origin: origin, partial: partial)
                    line("\(Sanitize.printable(origin.description)): reject \(r.reason.rawValue): \(Sanitize.printable(r.message))")
                case .empty(let origin):
                    documents += 1
                    rejected += 1
                    line("\(Sanitize.printable(origin.description)): reject empty: no JSON document")
                case .sourceStarted, .sourceFinished:
                    break
                }
                return true
            }
        }
        return (documents, rejected, problems.count)
    }

    private func show(_ v: Double?) -> String { v.map { String($0) } ?? "-" }
}
