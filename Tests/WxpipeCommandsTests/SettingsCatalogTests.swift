import Foundation
import Testing
import WeatherAnalytics
import WeatherPipeline
@testable import WxpipeCommands

/// The settings are declared once (`SettingsCatalog`): each pipeline key is the flag of the
/// same name, and the pipeline file and the command line read and refuse values alike.
struct SettingsCatalogTests {
    /// The options of `ingest` and `aggregate` that are not catalog settings: the store, the
    /// shard, the output, declared locations, format files (declared beside the catalog:
    /// `FormatFiles`) and the run's own switches.
    static let structureFlags = Set(["--db", "--shard", "--out", "--location", FormatFiles.flag]).union(IngestStage.Options.specs.map(\.name))

    @Test func everySettingIsItsFlagAndEveryFlagASetting() {
        for (catalog, command) in [(SettingsCatalog.input.map(Entry.init), IngestCommand.options),
                                   (SettingsCatalog.aggregate.map(Entry.init), AggregateCommand.options)] {
            let flags = command.map(\.name).filter { !SettingsCatalogTests.structureFlags.contains($0) }
            #expect(flags == catalog.map(\.flag), "every flag has its key, in order")
            for entry in catalog {
                #expect(entry.flag == "--" + entry.key.replacingOccurrences(of: "_", with: "-").replacingOccurrences(of: ".", with: "-"))
                #expect(!entry.defaultText.isEmpty && !entry.range.isEmpty && !entry.help.isEmpty && !entry.help.contains("\n"), "\(entry.key)")
            }
        }
        let keys = SettingsCatalog.keys
        #expect(Set(keys).count == keys.count, "one declaration per key")
        #expect(PipelineFile.topLevelKeys.filter { SettingsCatalog.aggregate.map(\.key).contains($0) } == SettingsCatalog.aggregate.map(\.key))
    }

    /// One default each, and it is the value both parsers give when the setting is absent.
    @Test func defaultsAreTheValueTypesDefaults() throws {
        let pipeline = try load(aggregate: "", input: nil)
        #expect(pipeline.aggregate == AggregateOptions() && pipeline.inputs[0].settings == IngestSettings())
        #expect(try AggregateCommand.parse(["--db", "w"]).options == AggregateOptions())
        #expect(try IngestCommand.parse(["--db", "w", "x"]).settings == IngestSettings())
        #expect(SettingsCatalog.issueSelection.defaultText == "latest_before 06:00")
    }

    @Test(arguments: SettingsCatalog.aggregate.map(\.key))
    func anAggregateSettingReadsAndRefusesAlike(_ key: String) throws {
        let setting = try #require(SettingsCatalog.aggregate.first { $0.key == key })
        let fromFile = try load(aggregate: "\"\(key)\": \(setting.example.json)", input: nil).aggregate
        let fromFlag = try AggregateCommand.parse(["--db", "w"] + args(setting.flag, setting.example.text, switch: setting.valueName == nil)).options
        #expect(fromFile == fromFlag)
        #expect(fromFile != AggregateOptions(), "the example changes something")
        for old in setting.deprecatedFlags {
            #expect(try AggregateCommand.parse(["--db", "w", old, setting.example.text]).options == fromFlag, "\(old) still works")
        }
        let refused = try #require(setting.refused)
        try expectRefused(setting.key, setting.flag, aggregate: "\"\(key)\": \(refused.json)", input: nil,
                          flags: ["--db", "w"] + args(setting.flag, refused.text, switch: setting.valueName == nil)) { try AggregateCommand.parse($0) }
    }

    @Test(arguments: SettingsCatalog.input.map(\.key))
    func anInputSettingReadsAndRefusesAlike(_ key: String) throws {
        let setting = try #require(SettingsCatalog.input.first { $0.key == key })
        let required = setting.requires.compactMap { k in SettingsCatalog.input.first { $0.key == k } }
        let fileKeys = required.map { ($0.key, $0.example.json) }
        let flags = required.flatMap { args($0.flag, $0.example.text, switch: $0.valueName == nil) }
        let fromFile = try load(aggregate: "", input: object(fileKeys + [(key, setting.example.json)])).inputs[0].settings
        let fromFlag = try IngestCommand.parse(["--db", "w"] + flags + args(setting.flag, setting.example.text, switch: setting.valueName == nil)
                                               + ["x"]).settings
        #expect(fromFile == fromFlag)
        #expect(fromFile != IngestSettings(), "the example changes something")
        if let refused = setting.refused {
            try expectRefused("inputs[0]." + key, setting.flag, aggregate: "", input: object(fileKeys + [(key, refused.json)]),
                              flags: ["--db", "w"] + flags + args(setting.flag, refused.text, switch: setting.valueName == nil) + ["x"]) {
                try IngestCommand.parse($0)
            }
        } else {
            // A setting that needs another is refused alone, naming both.
            #expect(throws: UsageError.self) { try IngestCommand.parse(["--db", "w", setting.flag, setting.example.text, "x"]) }
        }
    }

    /// docs/SETTINGS.md is the catalog rendered (`WXPIPE_WRITE_DOCS=1` rewrites it).
    @Test func theReferencePageIsTheCatalog() throws {
        let path = PackageLayoutTests.root + "/docs/SETTINGS.md"
        let rendered = SettingsReference.markdown
        if ProcessInfo.processInfo.environment["WXPIPE_WRITE_DOCS"] == "1" {
            try rendered.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let page = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        #expect(page == rendered, """
            docs/SETTINGS.md differs from SettingsCatalog: regenerate it with \
            `make docs`
            """)
    }

    // MARK: Helpers

    /// What the table test needs of either catalog's settings.
    struct Entry {
        var key, flag, defaultText, range, help: String
        init<T>(_ s: Setting<T>) { (key, flag, defaultText, range, help) = (s.key, s.flag, s.defaultText, s.range, s.help) }
    }

    func args(_ flag: String, _ value: String, switch isSwitch: Bool) -> [String] {
        isSwitch ? (value.isEmpty ? [flag] : [flag + "=" + value]) : [flag, value]
    }

    /// An input object's JSON for `(key, json)` pairs; dotted keys become nested objects.
    func object(_ pairs: [(String, String)]) -> String {
        var groups: [(String, [String])] = []
        for (key, json) in pairs {
            let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
            let entry = parts.count == 2 ? "\"\(parts[1])\": \(json)" : json
            if let i = groups.firstIndex(where: { $0.0 == parts[0] }) { groups[i].1.append(entry) } else { groups.append((parts[0], [entry])) }
        }
        return groups.map { name, entries in
            "\"\(name)\": " + (SettingsCatalog.input.contains { $0.key.hasPrefix(name + ".") } ? "{" + entries.joined(separator: ", ") + "}" : entries[0])
        }.joined(separator: ", ")
    }

    /// A pipeline file with one input "." (an object with `input`'s keys when given) and `aggregate`'s top-level keys.
    func load(aggregate: String, input: String?) throws(PipelineFile.Problem) -> PipelineFile {
        let dir = NSTemporaryDirectory() + "wxpipe-catalog-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let inputs = input.map { "[{\"path\": \".\", \($0)}]" } ?? "[\".\"]"
        try? ("{\"inputs\": \(inputs), \"store\": \"s.sqlite\"" + (aggregate.isEmpty ? "" : ", " + aggregate) + "}")
            .write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
        return try PipelineFile.load(path: dir + "/p.json")
    }

    /// Both parsers refuse the value, the file naming the key and the command line the flag.
    func expectRefused(_ key: String, _ flag: String, aggregate: String, input: String?, flags: [String],
                       parse: ([String]) throws -> Any) throws {
        do {
            _ = try load(aggregate: aggregate, input: input)
            Issue.record("the pipeline file accepted \(key)")
        } catch {
            #expect(error.key?.hasPrefix(key) == true, "\(error)")
            #expect(!error.message.isEmpty)
        }
        do {
            _ = try parse(flags)
            Issue.record("the command line accepted \(flags)")
        } catch let error as UsageError {
            #expect(error.message.contains(flag), "\(error.message)")
        }
    }
}
