import WeatherAnalytics
import WeatherExport
import WeatherStore

/// `wxpipe rank`'s output formats.
public enum RankFormat: String, Sendable, CaseIterable {
    /// A header line per family, then one line per source in rank order.
    case text
    /// The `provider_ranking` rows, as `wxpipe sql --format csv` prints them.
    case csv
    /// The same rows as a JSON array of objects.
    case json
}

/// The rank stage: the `provider_ranking` rows the aggregate wrote, as text, CSV or JSON on `out`.
/// Reads only; takes no lock.
public enum RankStage {
    public static func run(store: String, filter: ComparisonFilter, format: RankFormat, log: StageLog, out: (String) -> Void) -> StageOutcome {
        do {
            guard try ComparisonStore.open(store, log: log) != nil else { return .failed }
            let database = try Database(path: store, readOnly: true)
            guard try database.scalar("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'provider_ranking'")?.int == 1 else {
                log.error("\(store) has no provider_ranking: run 'wxpipe aggregate --db \(store)' with this version first")
                return .failed
            }
            let rows = try RankingSentence.read(database, filter: filter)
            if rows.isEmpty { log.warning("no forecast pairs to rank for this variable, lead and location") }
            switch format {
            case .text:
                for family in RankingSentence.families(rows) {
                    out(RankingSentence.header(family))
                    for r in family { out("  " + RankingSentence.line(r)) }
                }
            case .csv, .json:
                let query = try ReadOnlyQuery(store: store, sql: """
                    SELECT * FROM provider_ranking
                    WHERE (?1 IS NULL OR variable = ?1) AND (?2 IS NULL OR lead_days = ?2) AND (?3 IS NULL OR location_id = ?3)
                      AND (?4 IS NULL OR lead_hours_bin = ?4) AND (?5 = 0 OR lead_days IS NOT NULL)
                    ORDER BY rowid
                    """)
                query.parameters = [.optional(filter.variable), .optional(filter.leadDays), .optional(filter.location),
                                    .optional(filter.leadBin), .integer(filter.leadDays != nil ? 1 : 0)]
                var text = ""
                try QueryOutput.write(query, format: format == .csv ? .csv : .json) { text += $0 }
                if text.hasSuffix("\n") { text.removeLast() }
                out(text)
            }
            return .completed
        } catch {
            log.error("\(error)")
            return .failed
        }
    }
}
