import WeatherCore

/// Which task of a split `merge-scores` (`ScoreStatistics`) computes each group: the groups
/// dealt out largest first, each to the task with the least work so far (longest processing
/// time first), so that no task is longer than its share of the work or its largest group, where
/// a hash of the keys left one task of four with 47 % of the work. Every task computes the same
/// assignment from the same counts (every part's `part_pair_groups`), ties broken by the key, so
/// they agree without talking to each other. A group is still computed whole by one task, from
/// all its pairs: the statistics are those of one aggregate, bit for bit.
struct GroupAssignment {
    struct Group: Hashable, Comparable {
        enum Kind: Int, Comparable {
            /// Variable × lead: the per-lead passes (details, thresholds, reliability, months,
            /// comparisons, rankings).
            case lead
            /// Source × variable: the consistency pass.
            case source
            static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
        }
        var kind: Kind
        var key: String
        static func < (a: Group, b: Group) -> Bool { (a.kind, a.key) < (b.kind, b.key) }
    }

    /// The work of a pair in each kind of group, relative: the profile of one merge-scores gave the
    /// per-lead passes 39 % of the time and the consistency pass 17 %, over the same pairs.
    static func weight(_ kind: Group.Kind) -> Int { kind == .lead ? 39 : 17 }

    private(set) var tasks: [Group: Int] = [:]
    /// The work dealt to each task (pairs × weight).
    private(set) var load: [Int]
    let count: Int

    /// `rows`: each part's groups with their pairs (a group appears once per part that has it).
    init(_ rows: [ScoreStatistics.GroupRow], tasks count: Int) {
        self.count = count
        var pairs: [Group: Int] = [:]
        for r in rows { pairs[r.group, default: 0] += r.pairs }
        load = Array(repeating: 0, count: count)
        let work = pairs.map { ($0.key, $0.value * Self.weight($0.key.kind)) }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
        for (group, w) in work {
            let j = load.indices.min { load[$0] != load[$1] ? load[$0] < load[$1] : $0 < $1 }!
            tasks[group] = j
            load[j] += w
        }
    }

    /// The task of `group`; a group without pairs (a scores row only) goes where its key hashes.
    func task(of group: Group) -> Int {
        tasks[group] ?? Int(Shard.fnv1a64(group.key) % UInt64(count))
    }

    /// A hash of the whole assignment, the same in every task of one split: the last step refuses
    /// files whose groups were dealt out differently (other parts, or another version).
    var identity: String {
        let text = tasks.sorted { $0.key < $1.key }.map { "\($0.key.kind.rawValue)|\($0.key.key)|\($0.value)" }.joined(separator: "\n")
        return String(Shard.fnv1a64(text), radix: 16) + "/\(count)"
    }
}
