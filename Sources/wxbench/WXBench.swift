import Foundation
import WeatherJSON

/// `wxbench json FILE.ndjson`: parses the same documents with wxpipe's JSON parser and with
/// Foundation's `JSONSerialization`, in one process, and prints both rates and their ratio.
/// Used by `make bench` (scripts/bench.py); the ratio, not the absolute time, is the figure.
@main
struct WXBench {
    static func main() throws {
        let args = CommandLine.arguments
        guard args.count == 3, args[1] == "json" else {
            FileHandle.standardError.write(Data("usage: wxbench json FILE.ndjson\n".utf8))
            exit(2)
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: args[2]))
        let lines: [[UInt8]] = data.split(separator: UInt8(ascii: "\n")).map { [UInt8]($0) }
        let bytes = lines.reduce(0) { $0 + $1.count }

        func time(_ body: () throws -> Int) rethrows -> (Double, Int) {
            let start = DispatchTime.now().uptimeNanoseconds
            let checksum = try body()
            return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, checksum)
        }
        let (ours, n1) = try time {
            var n = 0
            for line in lines {
                let doc = try JSONDocument(parsing: line)
                if doc.root["main"]?["temp"]?.number != nil { n += 1 }
            }
            return n
        }
        let (foundation, n2) = try time {
            var n = 0
            for line in lines {
                let obj = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
                if let main = obj?["main"] as? [String: Any], main["temp"] is NSNumber { n += 1 }
            }
            return n
        }
        let mb = Double(bytes) / 1e6
        print("json documents: \(lines.count), \(String(format: "%.1f", mb)) MB (both parsers found \(n1)/\(n2) temperatures)")
        print(String(format: "json wxpipe parser:       %7.1f MB/s", mb / ours))
        print(String(format: "json JSONSerialization:   %7.1f MB/s", mb / foundation))
        print(String(format: "json ratio wxpipe/Foundation: %.1fx", foundation / ours))
    }
}
