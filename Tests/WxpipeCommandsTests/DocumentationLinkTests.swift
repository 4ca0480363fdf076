import Foundation
import Testing
import TestSupport

/// The README is short and points into docs/: every relative link of the README and of the
/// pages under docs/ must reach a file of the repository, so a moved or renamed page fails here.
@Suite struct DocumentationLinkTests {
    static func pages() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/docs").filter { $0.hasSuffix(".md") }
        return ["README.md"] + docs.sorted().map { "docs/" + $0 }
    }

    /// The targets of `[text](target)` links that are not web addresses or anchors.
    static func relativeLinks(_ text: String) -> [String] {
        var out: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "](") {
            rest = rest[open.upperBound...]
            guard let close = rest.firstIndex(of: ")") else { break }
            let target = String(rest[..<close])
            rest = rest[close...]
            if target.hasPrefix("http") || target.hasPrefix("#") || target.contains(" ") { continue }
            out.append(String(target.split(separator: "#", maxSplits: 1).first ?? ""))
        }
        return out
    }

    @Test func everyRelativeLinkReachesAFile() throws {
        var checked = 0
        for page in try Self.pages() {
            let text = try String(contentsOfFile: repositoryRoot + "/" + page, encoding: .utf8)
            let folder = (repositoryRoot + "/" + page as NSString).deletingLastPathComponent
            for link in Self.relativeLinks(text) {
                checked += 1
                #expect(FileManager.default.fileExists(atPath: folder + "/" + link), "\(page) links to \(link), which does not exist")
            }
        }
        #expect(checked > 20)
    }

    /// The README stays a ten-minute read: the reference lives in docs/.
    @Test func theReadmeIsShortAndLinksEveryReferencePage() throws {
        let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 150)
        for page in try Self.pages().dropFirst() {
            #expect(readme.contains("(\(page))"), "README.md does not link \(page)")
        }
    }
}
