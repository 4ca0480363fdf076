import WeatherCore

/// The tables ingest writes beside the records, declared once: what was read (`sources`), the
/// places (`locations`), what was refused (`rejects`) and what was remarked on (`warnings`),
/// each with how a value fills its row.
public enum IngestTables {
    public static let sources = TableDeclaration("sources", columns: [
        .id,
        .text("path", notNull: true, "input file"),
        .text("member", "member of a tar archive"),
        .text("input_hash", "hash of the whole input file"),
        .text("content_hash", "hash of the decompressed content"),
        .integer("bytes", "decompressed size"),
        .text("modified_at_utc", "file modification time, UTC"),
        .integer("documents", notNull: true, defaultValue: "0", "documents read"),
        .integer("accepted", notNull: true, defaultValue: "0", "documents accepted"),
        .integer("rejected", notNull: true, defaultValue: "0", "documents rejected"),
        .integer("duplicates", notNull: true, defaultValue: "0", "duplicate documents"),
        .integer("records", notNull: true, defaultValue: "0", "records written"),
        .text("status", notNull: true, "complete, or in_progress for an interrupted run"),
        .text("ingested_at_utc", notNull: true, "when it was ingested, UTC"),
        .text("settings_fingerprint", "the ingest settings that shaped its records (defaults left out)"),
    ], indexes: [
        "CREATE INDEX IF NOT EXISTS sources_input_hash ON sources(input_hash)",
        "CREATE INDEX IF NOT EXISTS sources_path ON sources(path)",
    ])

    public static let locations = TableDeclaration("locations", columns: [
        ColumnDeclaration("id", "TEXT", primaryKey: true, "location id"),
        .text("name", "place name"),
        .text("country", "country code"),
        .text("state", "state or region"),
        .real("lat", notNull: true, "latitude"),
        .real("lon", notNull: true, "longitude"),
        .text("timezone", "IANA time zone"),
        .integer("utc_offset_s", "offset of local time from UTC"),
        .real("radius_km", notNull: true, "matching radius"),
        .flag("declared", "1 when declared in a pipeline file"),
    ])

    public static let rejects = TableDeclaration("rejects", columns: [
        .id, .sourceID,
        .text("path", notNull: true, "input file"),
        .text("member", "member of a tar archive"),
        .integer("line", "line of the document in its file (NDJSON)"),
        .integer("byte_offset", "byte offset of the document in its file"),
        .text("reason", notNull: true, "reject reason"),
        .text("message", notNull: true, "what was wrong"),
        .text("field_path", "JSON path of the field at fault"),
        .text("format", "detected reply format"),
        .text("excerpt", "the start of the document"),
    ], indexes: [
        "CREATE INDEX IF NOT EXISTS rejects_source ON rejects(source_id)",
    ])

    public static let warnings = TableDeclaration("warnings", columns: [
        .id, .sourceID,
        .text("path", notNull: true, "input file"),
        .text("member", "member of a tar archive"),
        .integer("line", "line of the document in its file (NDJSON)"),
        .text("format", "detected reply format"),
        .text("message", notNull: true, "remark on an accepted document"),
        .text("field_path", "JSON path of the field at fault"),
        .text("value", "the value set aside, as the reply had it"),
        .text("rule", "the plausibility rule the value broke"),
    ], indexes: [
        "CREATE INDEX IF NOT EXISTS warnings_source ON warnings(source_id)",
    ])

    /// Every table ingest writes besides the records, in the order they are created.
    public static let all = [sources, locations, rejects, warnings]

    // MARK: How a value fills a row

    /// A reject with the source it was read from.
    static let rejectLayout = RowLayout<(reject: Reject, sourceID: Int64)>(columns: rejects.insertColumns) { b, r throws(StoreError) in
        try b("source_id", r.sourceID)
        try b("path", r.reject.origin.path)
        try b("member", r.reject.origin.member)
        try b("line", r.reject.origin.line)
        try b("byte_offset", r.reject.origin.byteOffset)
        try b("reason", r.reject.reason.rawValue)
        try b("message", r.reject.message)
        try b("field_path", r.reject.fieldPath)
        try b("format", r.reject.format)
        try b("excerpt", r.reject.excerpt)
    }

    /// A remark on an accepted document, and for a value set aside its field path, value and rule.
    struct Warning {
        var message: String
        var format: String
        var origin: Origin
        var sourceID: Int64
        var fieldPath: String?
        var value: String?
        var rule: String?
    }

    static let warningLayout = RowLayout<Warning>(columns: warnings.insertColumns) { b, r throws(StoreError) in
        try b("source_id", r.sourceID)
        try b("path", r.origin.path)
        try b("member", r.origin.member)
        try b("line", r.origin.line)
        try b("format", r.format)
        try b("message", r.message)
        try b("field_path", r.fieldPath)
        try b("value", r.value)
        try b("rule", r.rule)
    }

    /// A source (a file or an archive member) as it starts: `in_progress` until `finishSource`;
    /// the counts are written then.
    static let sourceStartLayout = RowLayout<SourceStart>(columns: [
        "path", "member", "input_hash", "modified_at_utc", "status", "ingested_at_utc", "settings_fingerprint",
    ]) { b, r throws(StoreError) in
        try b("path", r.path)
        try b("member", r.member)
        try b("input_hash", r.inputHash)
        try b("modified_at_utc", r.modifiedAt.map(UTCTime.iso8601))
        try b("status", "in_progress")
        try b("ingested_at_utc", UTCTime.iso8601(r.now))
        try b("settings_fingerprint", r.settings)
    }

    static let locationLayout = RowLayout<Location>(columns: locations.insertColumns) { b, r throws(StoreError) in
        try b("id", r.id)
        try b("name", r.name)
        try b("country", r.country)
        try b("state", r.state)
        try b("lat", r.latitude)
        try b("lon", r.longitude)
        try b("timezone", r.timeZone)
        try b("utc_offset_s", r.utcOffsetSeconds)
        try b("radius_km", r.radiusKm)
        try b("declared", Int64(r.declared ? 1 : 0))
    }
}

/// What `sources` records when a source starts.
struct SourceStart {
    var path: String
    var member: String?
    var inputHash: String?
    var settings: String
    var modifiedAt: Int64?
    var now: Int64
}
