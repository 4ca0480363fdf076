import Foundation
import TestSupport
import WeatherCore
@testable import WeatherIngest

func write(_ bytes: [UInt8], to path: String) {
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
}

/// Everything the ingestor reports for one file, in order.
struct Collected {
    var documents: [RawDocument] = []
    var failures: [(Origin, IngestError)] = []
    var oversized: [(Origin, Int)] = []
    var empties: [Origin] = []
    var sources: [(String, String?)] = []

    var texts: [String] { documents.map { String(decoding: $0.bytes, as: UTF8.self) } }
}

func collect(_ path: String, ingestor: Ingestor = Ingestor()) -> Collected {
    var c = Collected()
    let (files, _) = InputWalker.expand([path])
    for file in files {
        ingestor.ingest(file) { event in
            switch event {
            case .document(let d): c.documents.append(d)
            case .failed(let o, let e, _): c.failures.append((o, e))
            case .oversized(let o, let size, _): c.oversized.append((o, size))
            case .empty(let o): c.empties.append(o)
            case .sourceStarted(let p, let m, _): c.sources.append((p, m))
            case .sourceFinished: break
            }
            return true
        }
    }
    return c
}
