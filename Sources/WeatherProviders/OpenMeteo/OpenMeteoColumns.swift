import WeatherJSON
import WeatherCore

/// Reading Open-Meteo's column blocks (`hourly`, `daily`, `current` with their `*_units`).
extension OpenMeteoDecoder {
    struct Context {
        var zone: String?
        var offset: Int
        var warnings: [String] = []

        /// Local wall-clock text (`2025-05-10T12:45`, `2025-05-10`) or Unix seconds → UTC.
        ///
        /// Open-Meteo writes every time of a reply with the one `utc_offset_seconds` in force when
        /// it was requested, with no DST change inside the series (its maintainers' answers in
        /// open-meteo/open-meteo #261, #488, #1255): so the reply's offset, not the zone's rules,
        /// turns its wall clocks back into instants. The zone still defines the place's local days.
        func instant(_ f: Field, unixtime: Bool) throws(DecodeFailure) -> Int64 {
            if unixtime {
                let t = try f.integer()
                try f.checkInstant(t)
                return t
            }
            let text = try f.string()
            guard let wall = UTCTime.parseISO8601(text.count == 10 ? text + "T00:00" : text, assumingOffset: 0) else {
                throw DecodeFailure(.wrongType, "field '\(f.path)' is not a local ISO 8601 time: \(Sanitize.printable(String(text.prefix(30))))", fieldPath: f.path)
            }
            return wall - Int64(offset)
        }

        /// `2025-05-10T12:45`, the layout of nearly every Open-Meteo time, as seconds of its wall
        /// clock read as UTC: what `UTCTime.parseISO8601(_:assumingOffset: 0)` gives for it, without
        /// making a `String` per time. Nil for any other text, which then takes `instant`.
        static func localMinute(_ b: UnsafeBufferPointer<UInt8>) -> Int64? {
            guard b.count == 16, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
                  b[13] == UInt8(ascii: ":") else { return nil }
            func num(_ at: Int, _ n: Int) -> Int? {
                var v = 0
                for k in at..<at + n {
                    let d = b[k] &- 48
                    guard d <= 9 else { return nil }
                    v = v * 10 + Int(d)
                }
                return v
            }
            guard let y = num(0, 4), let mo = num(5, 2), let d = num(8, 2), let h = num(11, 2), let mi = num(14, 2),
                  (1...12).contains(mo), (1...31).contains(d), h <= 24, mi <= 59 else { return nil }
            return UTCTime.days(year: Int64(y), month: mo, day: d) * 86400 + Int64(h * 3600 + mi * 60)
        }
    }

    /// One block's columns, grouped by model: variable → values, with the path for errors.
    struct Block {
        var times: [Int64] = []
        var dates: [String] = []
        var columns = ModelColumns()

        /// One model's columns (empty when the block has none for it): the readers look the
        /// model up once and then read each of its 4,700 values (a 14-day hourly reply) by index.
        func columns(of model: String?) -> VariableColumns { columns[model] ?? VariableColumns() }

        func value(_ v: OpenMeteoVariable, model: String?, _ i: Int) -> Double? { columns(of: model).value(v, i) }
    }

    /// The models of a block (nil: the reply's only, unsuffixed one), in the order first seen;
    /// replies carry one to a handful, so a linear scan beats hashing the name.
    struct ModelColumns {
        private var entries: [(model: String?, columns: VariableColumns)] = []

        subscript(model: String?) -> VariableColumns? {
            for e in entries where e.model == model { return e.columns }
            return nil
        }

        mutating func set(_ column: [Double?], for variable: OpenMeteoVariable, model: String?) {
            if let k = entries.firstIndex(where: { $0.model == model }) {
                entries[k].columns[variable] = column
            } else {
                var columns = VariableColumns()
                columns[variable] = column
                entries.append((model, columns))
            }
        }

        var keys: [String?] { entries.map(\.model) }
    }

    /// One model's columns, indexed by the variable's column: an array index per value.
    struct VariableColumns {
        private var storage = [[Double?]?](repeating: nil, count: OpenMeteoVariable.allCases.count)

        subscript(variable: OpenMeteoVariable) -> [Double?]? {
            get { storage[variable.column] }
            set { storage[variable.column] = newValue }
        }

        /// Row `i` of `variable`'s column (nil: no column, a short one, or a null).
        @inline(__always)
        func value(_ variable: OpenMeteoVariable, _ i: Int) -> Double? {
            guard let col = storage[variable.column], i < col.count else { return nil }
            return col[i]
        }

        /// The columns present.
        var values: [[Double?]] { storage.compactMap { $0 } }

        /// Whether any column has a value in row `i`; asked once per row, so without
        /// collecting the columns present into an array first.
        func hasValue(at i: Int) -> Bool {
            for case let col? in storage where i < col.count && col[i] != nil { return true }
            return false
        }
    }

    /// `dates`: whether to keep each row's local date (daily rows carry theirs; other blocks' go unused).
    static func readBlock(_ body: Field, _ name: String, _ ctx: inout Context, dates: Bool = false) throws(DecodeFailure) -> Block? {
        guard let block = try body.optional(name)?.object() else { return nil }
        let units = try body.optional(name + "_units")?.object()
        let timeUnit = try units?.optional("time").map { f throws(DecodeFailure) in try f.string() } ?? "iso8601"
        let unixtime = timeUnit == "unixtime"
        var out = Block()
        let timeField = try block.required("time")
        let timePath = timeField.path
        /// One time; `field` makes its `Field` when the text is not the common layout (or an error names it).
        func readTime(_ t: JSONValue, _ field: () -> Field) throws(DecodeFailure) {
            if !unixtime, let wall = t.withRawString(Context.localMinute) ?? nil {
                out.times.append(wall - Int64(ctx.offset))
            } else {
                out.times.append(try ctx.instant(field(), unixtime: unixtime))
            }
            guard dates else { return }
            if !unixtime, let s = t.string { out.dates.append(String(s.prefix(10))) } else {
                out.dates.append(LocalTime.date(of: out.times.last!, zone: ctx.zone, fixedOffset: ctx.offset))
            }
        }
        if timeField.value.kind == .array {
            out.times.reserveCapacity(timeField.value.count)
            try timeField.value.forEachElement { (k, t) throws(DecodeFailure) in
                try readTime(t) { Field.element(t, k, arrayPath: timePath) }
            }
        } else {
            try readTime(timeField.value) { timeField }
        }
        for (key, value) in block.value.members where key != "time" && key != "interval" {
            guard let (variable, model) = OpenMeteoVariable.parse(key) else { continue }
            let field = Field(value, path: "\(name).\(key)")
            let unitValue = units?.value[key]
            guard let unit = unitValue?.string, let convert = variable.converter(unit: unit) else {
                let shown = unitValue.map { $0.rawText } ?? "(none)"
                ctx.warnings.append("\(name).\(key): unit \(Sanitize.printable(String(shown.prefix(20)))) not understood; values left missing")
                continue
            }
            var column: [Double?] = []
            var plausible = 0
            let range = variable.range
            if value.kind == .array {
                // The common cell, a plausible number, is read off the tape; any other makes the
                // `Field` that `array()` would have made, so its message and quarantine are the same.
                column.reserveCapacity(value.count)
                let path = field.path
                try value.forEachElement { (k, cell) throws(DecodeFailure) in
                    if cell.isNull { column.append(nil); return }
                    if let raw = cell.number {
                        let v = convert(raw)
                        if Plausibility.contains(range, v) {
                            plausible += 1
                            column.append(v)
                            return
                        }
                    }
                    let v = try Field.element(cell, k, arrayPath: path).quantityValue(convert, range, notePassed: false)
                    if v != nil { plausible += 1 }
                    column.append(v)
                }
            } else if !value.isNull {
                let v = try field.quantityValue(convert, range, notePassed: false)
                if v != nil { plausible += 1 }
                column.append(v)
            } else {
                column.append(nil)
            }
            ValueQuarantine.notePassed(range, in: value.document, count: plausible)
            out.columns.set(column, for: variable, model: model)
        }
        return out
    }
}
