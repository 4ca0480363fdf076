import Testing
import WeatherCore

/// `Shard`: the stable N-way partition of `--shard K/N` (docs/SCALING.md).
struct ShardPartitionTests {
    /// Keys as a collector names them: one folder per city, one file per hour.
    static let keys = (0..<10_000).map { "cron/city-\($0 % 37)/2024-05-01T\($0 % 24)-00Z-\($0).json.gz" }

    @Test func fnv1aIsTheStandardFunction() {
        // The published FNV-1a 64-bit test vectors (offset basis 0xcbf29ce484222325, prime 2^40 + 2^8 + 0xb3).
        #expect(Shard.fnv1a64("") == 0xcbf2_9ce4_8422_2325)
        #expect(Shard.fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(Shard.fnv1a64("foobar") == 0x8594_4171_f739_67e8)
    }

    @Test func onlyValidPlacesAreShards() {
        #expect(Shard(index: 0, count: 0) == nil)
        #expect(Shard(index: -1, count: 3) == nil)
        #expect(Shard(index: 3, count: 3) == nil)
        #expect(Shard(index: 2, count: 3)?.description == "2/3")
    }

    @Test(arguments: [1, 2, 3, 5, 7, 16])
    func everyKeyIsInExactlyOneShardEveryTime(count: Int) throws {
        let shards = (0..<count).map { Shard(index: $0, count: count)! }
        for key in Self.keys.prefix(2000) {
            let owners = shards.filter { $0.contains(key) }
            #expect(owners.count == 1, "\(key): \(owners)")
            // The same key, asked again (as another task of the array job would), has the same owner.
            #expect(shards.filter { $0.contains(key) } == owners)
            #expect(owners.first?.index == Int(Shard.fnv1a64(key) % UInt64(count)))
        }
    }

    @Test(arguments: [2, 4, 7, 10])
    func tenThousandKeysSpreadEvenly(count: Int) {
        var sizes = [Int](repeating: 0, count: count)
        for key in Self.keys {
            for k in 0..<count where Shard(index: k, count: count)!.contains(key) { sizes[k] += 1 }
        }
        #expect(sizes.reduce(0, +) == Self.keys.count)
        let expected = Double(Self.keys.count) / Double(count)
        // Within 15 % of an equal share: about 5 standard deviations of a fair split at N = 10.
        for size in sizes { #expect(abs(Double(size) - expected) < 0.15 * expected, "\(sizes)") }
    }

    @Test func parsesKOfN() throws {
        #expect(try Shard.parse("2/5", environment: [:]) == Shard(index: 2, count: 5))
        #expect(try Shard.parse("0/1", environment: [:]) == Shard(index: 0, count: 1))
        for bad in ["5/5", "-1/3", "1/0", "a/b", "1/2/3", "3", "", " 1/2", "1/2 "] {
            #expect(throws: Shard.ParseError.malformed(bad), "\(bad)") { try Shard.parse(bad, environment: [:]) }
        }
        #expect(Shard.ParseError.malformed("x\u{1B}").description.contains("\\u{1B}"), "the text is shown escaped")
    }

    @Test func autoReadsTheArrayJob() throws {
        // A Slurm array --array=5-8: task 7 is the third of four.
        #expect(try Shard.parse("auto", environment: ["SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_COUNT": "4",
                                                      "SLURM_ARRAY_TASK_MIN": "5"]) == Shard(index: 2, count: 4))
        #expect(try Shard.parse("auto", environment: ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4"]) == Shard(index: 1, count: 4))
        #expect(try Shard.parse("auto", environment: ["JOB_COMPLETION_INDEX": "3", "WXPIPE_SHARD_COUNT": "8"]) == Shard(index: 3, count: 8))
        for env in [["SLURM_ARRAY_TASK_ID": "1"], ["SLURM_ARRAY_TASK_ID": "9", "SLURM_ARRAY_TASK_COUNT": "4"],
                    ["JOB_COMPLETION_INDEX": "3"], ["JOB_COMPLETION_INDEX": "8", "WXPIPE_SHARD_COUNT": "8"], [:]] {
            #expect(throws: Shard.ParseError.self, "\(env)") { try Shard.parse("auto", environment: env) }
        }
    }
}
