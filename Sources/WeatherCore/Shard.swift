#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One part of a deterministic N-way partition: shard `index` of `count` (0-based).
///
/// A key (an input's path relative to its root, a location id) belongs to the shard its
/// FNV-1a 64-bit hash selects, so every task of an array job, on any machine and in any run,
/// agrees on who owns what without talking to the others (docs/SCALING.md).
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, index >= 0, index < count else { return nil }
        self.index = index
        self.count = count
    }

    public var description: String { "\(index)/\(count)" }

    /// Whether `key` belongs to this shard.
    public func contains(_ key: String) -> Bool {
        count == 1 || Int(Shard.fnv1a64(key) % UInt64(count)) == index
    }

    /// FNV-1a, 64 bits, over the UTF-8 bytes: tiny, and the same on every machine and release
    /// (Swift's `Hasher` is seeded per process, so it cannot be used here).
    public static func fnv1a64(_ key: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            h ^= UInt64(byte)
            h &*= 0x0000_0100_0000_01b3
        }
        return h
    }

    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case malformed(String)
        case environment(String)

        public var description: String {
            switch self {
            case .malformed(let text): return "must be K/N with 0 <= K < N, or auto, not '\(Sanitize.printable(text))'"
            case .environment(let text): return text
            }
        }
    }

    /// `K/N`, or `auto`: the task's place in a Slurm job array (`SLURM_ARRAY_TASK_ID`,
    /// `SLURM_ARRAY_TASK_COUNT`, less `SLURM_ARRAY_TASK_MIN` for arrays not starting at 0) or a
    /// Kubernetes Indexed Job (`JOB_COMPLETION_INDEX` with `WXPIPE_SHARD_COUNT`, since the Job's
    /// `completions` is not passed to the pod).
    public static func parse(_ text: String, environment: [String: String]) throws(ParseError) -> Shard {
        if text == "auto" { return try fromEnvironment(environment) }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), let shard = Shard(index: k, count: n) else {
            throw .malformed(text)
        }
        return shard
    }

    static func fromEnvironment(_ env: [String: String]) throws(ParseError) -> Shard {
        if let id = env["SLURM_ARRAY_TASK_ID"] {
            guard let task = Int(id), let count = env["SLURM_ARRAY_TASK_COUNT"].flatMap({ Int($0) }) else {
                throw .environment("--shard auto: SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is missing or not a number")
            }
            let min = env["SLURM_ARRAY_TASK_MIN"].flatMap { Int($0) } ?? 0
            guard let shard = Shard(index: task - min, count: count) else {
                throw .environment("--shard auto: array task \(task) (min \(min)) is outside 0..<\(count); "
                                   + "use a contiguous --array range such as 0-\(count - 1)")
            }
            return shard
        }
        if let index = env["JOB_COMPLETION_INDEX"] {
            guard let k = Int(index), let n = env["WXPIPE_SHARD_COUNT"].flatMap({ Int($0) }), let shard = Shard(index: k, count: n) else {
                throw .environment("--shard auto: JOB_COMPLETION_INDEX needs WXPIPE_SHARD_COUNT (the Job's completions) set to a number above it")
            }
            return shard
        }
        throw .environment("--shard auto: neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX is set (not inside an array job); give K/N")
    }

    /// The variables `auto` reads, from this process's environment.
    public static func processEnvironment() -> [String: String] {
        var env: [String: String] = [:]
        for name in ["SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN", "JOB_COMPLETION_INDEX", "WXPIPE_SHARD_COUNT"] {
            if let value = getenv(name) { env[name] = String(cString: value) }
        }
        return env
    }
}
