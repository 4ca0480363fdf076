import WeatherCore
import WeatherIngest
import WeatherProviders

/// Fuzz target for the readers and decoders (`make fuzz`).
///
/// Built with `-sanitize=fuzzer -D FUZZING`, libFuzzer calls `LLVMFuzzerTestOneInput` with
/// generated inputs; each goes through the document splitter (as a stream) and every document
/// through the decoder. Built normally, the same binary replays corpus files given as arguments,
/// which is how findings become regression checks.
enum FuzzTarget {
    static func exercise(_ bytes: [UInt8]) {
        // The first byte picks how OpenWeatherMap bodies are read, to reach every unit path.
        let units: UnitSystem? = bytes.first.map { [nil, .standard, .metric, .imperial][Int($0 % 4)] } ?? nil
        let splitter = DocumentSplitter(source: MemorySource(bytes), mode: bytes.count % 2 == 0 ? .auto : .lines,
                                        maxDocumentBytes: 1 << 20, chunkSize: 4096)
        while let item = splitter.next() {
            if case .document(let doc, _, _) = item {
                _ = DocumentDecoder.decode(doc, context: DecodeContext(owmUnits: units, sourceName: "fuzz-2024-05-01T00-00-00Z.json"))
            }
        }
        // Containers: the same bytes as a gzip or tar stream.
        let reader = ByteReader(MemorySource(bytes))
        if let gz = try? GzipSource(reader, limits: .init(maxOutputBytes: 8 << 20)) {
            let s = DocumentSplitter(source: gz, maxDocumentBytes: 1 << 20, chunkSize: 4096)
            while s.next() != nil {}
        }
        let tar = TarReader(ByteReader(MemorySource(bytes)))
        while let entry = try? tar.nextEntry() {
            _ = entry
            let s = DocumentSplitter(source: tar.memberSource(), maxDocumentBytes: 1 << 20, chunkSize: 4096)
            while s.next() != nil {}
        }
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    FuzzTarget.exercise(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// libFuzzer's driver, called from our own entry point: SwiftPM links every executable with
/// `main` aliased to `<target>_main`, so the fuzzer's `main` is reached through this.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

@_cdecl("wxfuzz_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var vector = argv
    return LLVMFuzzerRunDriver(&count, &vector, fuzzOne)
}
#else
#if canImport(Glibc)
import Glibc
#endif

@main
struct Replay {
    /// `wxfuzz FILE...`: runs each corpus file through the target once.
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let f = fopen(path, "rb") else { continue }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = fread(&chunk, 1, chunk.count, f)
                if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
                if n < chunk.count { break }
            }
            fclose(f)
            FuzzTarget.exercise(bytes)
        }
        print("replayed \(CommandLine.arguments.count - 1) input(s)")
    }
}
#endif
