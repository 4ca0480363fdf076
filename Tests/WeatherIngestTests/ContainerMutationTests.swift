import Foundation
import Testing
import TestSupport
import WeatherCore
@testable import WeatherIngest

/// Damaged containers — cut short at many points, bytes flipped — always end in documents and
/// failures with every stream opened and closed, never a crash or a hang.
struct ContainerMutationTests {
    static let seeds = ["standard/london-archive.tar.gz", "standard/london-pax.tar", "standard/london-appended.json.gz",
                        "metric/sydney-2024-05-01.ndjson.gz", "imperial/new-york.tgz"]

    @Test(arguments: seeds)
    func damagedContainers(_ seed: String) throws {
        let original = [UInt8](try #require(FileManager.default.contents(atPath: repositoryRoot + "/Fixtures/inputs/" + seed)))
        let dir = try temporaryFolder("ingest")
        defer { removeFolder(dir) }
        var state: UInt64 = 42
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        var mutants: [[UInt8]] = (1...20).map { Array(original.prefix(original.count * $0 / 21)) }
        for _ in 0..<20 {
            var m = original
            m[next(m.count)] ^= UInt8(1 << next(8))
            mutants.append(m)
        }
        let name = (seed as NSString).lastPathComponent
        for (k, m) in mutants.enumerated() {
            let path = "\(dir)/\(k)-\(name)"
            write(m, to: path)
            var started = 0, finished = 0, items = 0
            Ingestor().ingest(InputFile(path: path, size: m.count, modifiedAt: nil)) { event in
                switch event {
                case .sourceStarted: started += 1
                case .sourceFinished: finished += 1
                default: items += 1
                }
                return true
            }
            #expect(started == finished, "\(seed) mutant \(k)")
            #expect(items > 0 || m.isEmpty, "\(seed) mutant \(k) produced nothing at all")
        }
    }
}
