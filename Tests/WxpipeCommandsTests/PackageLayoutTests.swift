import Foundation
import Testing
import TestSupport

/// The module layout stays as documented: every target's dependencies in `Package.swift` are
/// exactly the package modules its sources import (none declared and unused), and the table in
/// `docs/ARCHITECTURE.md` lists the same dependencies.
struct PackageLayoutTests {
    static let root = repositoryRoot

    /// Targets and their declared dependencies, read from `Package.swift`: the source targets,
    /// or with `tests` the test targets.
    static func declared(tests: Bool = false) throws -> [String: Set<String>] {
        let text = try String(contentsOfFile: root + "/Package.swift", encoding: .utf8)
        let sources = #/\.(?:target|executableTarget|systemLibrary)\(name: "(\w+)"(?:,\s*(?:pkgConfig:[^\n]*|dependencies: \[([^\]]*)\]))?/#
        let testTargets = #/\.(?:testTarget)\(name: "(\w+)"(?:,\s*(?:pkgConfig:[^\n]*|dependencies: \[([^\]]*)\]))?/#
        let pattern = tests ? testTargets : sources
        var out: [String: Set<String>] = [:]
        for m in text.matches(of: pattern) {
            let deps = (m.output.2.map(String.init) ?? "").split(separator: ",")
                .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \n\"")) }.filter { !$0.isEmpty }
            out[String(m.output.1)] = Set(deps)
        }
        // A library target under Tests/ (TestSupport) serves the test targets: it is checked with them.
        let support = try supportTargets()
        for name in support { out[name] = tests ? [] : nil }
        return out
    }

    /// The library targets whose sources are under `Tests/` (`.target(name: "X", path: "Tests/X")`).
    static func supportTargets() throws -> Set<String> {
        let text = try String(contentsOfFile: root + "/Package.swift", encoding: .utf8)
        return Set(text.matches(of: #/\.target\(name: "(\w+)",\s*path: "Tests\//#).map { String($0.output.1) })
    }

    /// The package modules imported by the Swift files under `Sources/<target>`.
    static func imported(by target: String, among modules: Set<String>, in top: String = "Sources") throws -> Set<String> {
        let folder = root + "/" + top + "/" + target
        guard let files = FileManager.default.enumerator(atPath: folder) else { return [] }
        var out: Set<String> = []
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for m in text.matches(of: #/(?m)^(?:@testable )?import (\w+)/#) where modules.contains(String(m.output.1)) {
                out.insert(String(m.output.1))
            }
        }
        return out
    }

    @Test func everyDeclaredDependencyIsImportedAndNoOther() throws {
        let targets = try PackageLayoutTests.declared()
        #expect(targets.count >= 15, "\(targets.keys.sorted())")
        for (target, deps) in targets where !["CSQLite", "CZlib"].contains(target) {
            let used = try PackageLayoutTests.imported(by: target, among: Set(targets.keys))
            #expect(used == deps, "\(target): Package.swift declares \(deps.sorted()), sources import \(used.sorted())")
        }
    }

    @Test func everyTestTargetImportsWhatItDeclares() throws {
        let sources = Set(try PackageLayoutTests.declared().keys).union(try PackageLayoutTests.supportTargets())
        let tests = try PackageLayoutTests.declared(tests: true)
        #expect(try PackageLayoutTests.supportTargets() == ["TestSupport"])
        #expect(!tests.isEmpty)
        for (target, deps) in tests {
            let used = try PackageLayoutTests.imported(by: target, among: sources, in: "Tests")
            #expect(used == deps, "\(target): Package.swift declares \(deps.sorted()), tests import \(used.sorted())")
        }
    }

    @Test func architectureTableMatchesPackageSwift() throws {
        let targets = try PackageLayoutTests.declared()
        let doc = try String(contentsOfFile: repositoryRoot + "/docs/ARCHITECTURE.md", encoding: .utf8)
        var documented: [String: Set<String>] = [:]
        for line in doc.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let imports = cells.last else { continue }
            let deps = imports == "–" ? [] : imports.split(separator: ",").map { name -> String in
                let n = name.trimmingCharacters(in: .whitespaces)
                if n == "Commands" { return "WxpipeCommands" }
                return targets[n] != nil ? n : "Weather" + n
            }
            for name in cells[0].matches(of: #/`(\w+)`/#) { documented[String(name.output.1)] = Set(deps) }
        }
        #expect(Set(documented.keys) == Set(targets.keys))
        for (target, deps) in targets {
            #expect(documented[target] == deps, "\(target): ARCHITECTURE.md \(documented[target]?.sorted() ?? []), Package.swift \(deps.sorted())")
        }
    }

    /// The `WeatherProviders` row names every folder under `Sources/WeatherProviders/` (one per
    /// provider, and `Common`): a provider added without its row is not findable from the doc.
    @Test func architectureTableNamesEveryProviderFolder() throws {
        let doc = try String(contentsOfFile: repositoryRoot + "/docs/ARCHITECTURE.md", encoding: .utf8)
        let row = try #require(doc.split(separator: "\n").first { $0.hasPrefix("| `WeatherProviders` |") }, "no WeatherProviders row")
        let folderCell = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }[1]
        let named = folderCell.firstMatch(of: #/Sources/WeatherProviders/\{([^}]*)\}/#).map {
            Set($0.output.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        } ?? []
        let base = repositoryRoot + "/Sources/WeatherProviders"
        let folders = Set(try FileManager.default.contentsOfDirectory(atPath: base).filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: base + "/" + name, isDirectory: &isDirectory) && isDirectory.boolValue
        })
        #expect(folders.count >= 7, "\(folders.sorted())")
        #expect(named == folders, "ARCHITECTURE.md names \(named.sorted()), Sources/WeatherProviders holds \(folders.sorted())")
    }
}
