import WeatherStore

/// The columns and values of one exported table, in a dialect and a unit system.
///
/// Metric is the store as it is. Imperial converts every column whose name ends in a unit
/// (`temp_c` → `temp_f`, `precip_mm` → `precip_in`, `wind_speed_ms` → `wind_speed_mph`, …). In the
/// verification tables the unit is in the `variable` column, so `forecast` and `observed` are
/// converted as values and `error`, `bias`, `mae`, `rmse`, `error_sd` and the `scores_by_lead`
/// columns as differences (scaled, no offset); the variable is renamed (`temp_max_f`). The
/// mergeable `sum_*` columns of `forecast_scores` stay in metric units — they exist to merge
/// stores, not to be read — and their names say so in the imperial export (`sum_f_metric`).
struct ExportShape {
    let header: [String]
    private let convert: [((SQLValue, [SQLValue]) -> SQLValue)?]

    init(table: String, columns: [String], dialect: CSVDialect, units: Units) {
        let variableIndex = columns.firstIndex(of: "variable")
        var header: [String] = []
        var convert: [((SQLValue, [SQLValue]) -> SQLValue)?] = []
        for name in columns {
            var outName = name
            var f: ((SQLValue, [SQLValue]) -> SQLValue)?
            if dialect == .spreadsheet && name.hasSuffix("_utc") {
                f = { v, _ in
                    guard case .text(let s) = v, s.count == 20, s.hasSuffix("Z") else { return v }
                    return .text(String(s.prefix(10)) + " " + String(s.dropFirst(11).prefix(8)))
                }
            } else if units != .metric {
                if let c = units.conversion(for: name), name != "variable" {
                    outName = units.rename(name)
                    f = { v, _ in v.double.map { .real(ExportShape.tidy(c.value($0))) } ?? v }
                } else if let vi = variableIndex {
                    let relation = ColumnCatalog.variableUnit(of: name)
                    let isValue = relation == .value
                    if name == "variable" {
                        f = { v, _ in v.string.map { .text(units.rename($0)) } ?? v }
                    } else if relation == .value || relation == .difference {
                        f = { v, row in
                            guard let x = v.double, let variable = row[vi].string, let c = units.conversion(for: variable) else { return v }
                            return .real(ExportShape.tidy(isValue ? c.value(x) : c.difference(x)))
                        }
                    } else if relation == .metricSum {
                        outName = name + "_metric"
                    }
                }
            }
            header.append(outName)
            convert.append(f)
        }
        self.header = header
        self.convert = convert
    }

    func transform(_ row: [SQLValue]) -> [SQLValue] {
        var out = row
        for (k, f) in convert.enumerated() where f != nil { out[k] = f!(row[k], row) }
        return out
    }

    /// Four decimals: converted values carry no false precision.
    static func tidy(_ v: Double) -> Double { (v * 10_000).rounded() / 10_000 }
}
