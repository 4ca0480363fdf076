/// SplitMix64: a 64-bit generator used here only to expand one seed into the state of
/// `Xoshiro256StarStar`, as its authors recommend (Vigna, https://prng.di.unimi.it/splitmix64.c).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// xoshiro256** (Blackman & Vigna, https://prng.di.unimi.it/xoshiro256starstar.c): the
/// generator behind every resample, so that a seed gives the same intervals on every machine
/// and every Swift version. The standard library's `SystemRandomNumberGenerator` cannot be
/// seeded, and its `random(in:using:)` algorithms are not promised to stay the same, so the
/// helpers below derive integers and doubles themselves.
public struct Xoshiro256StarStar: RandomNumberGenerator, Sendable {
    private var s0: UInt64, s1: UInt64, s2: UInt64, s3: UInt64

    public init(seed: UInt64) {
        var mix = SplitMix64(seed: seed)
        s0 = mix.next(); s1 = mix.next(); s2 = mix.next(); s3 = mix.next()
    }

    public mutating func next() -> UInt64 {
        let result = rotl(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3
        s2 ^= t
        s3 = rotl(s3, 45)
        return result
    }

    private func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

    /// A uniform integer in `0..<bound` by Lemire's multiply-and-reject method
    /// (https://arxiv.org/abs/1805.10941): unbiased, and fixed here so results never drift.
    public mutating func nextIndex(below bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        let b = UInt64(bound)
        var product = next().multipliedFullWidth(by: b)
        if product.low < b {
            let threshold = (0 &- b) % b
            while product.low < threshold { product = next().multipliedFullWidth(by: b) }
        }
        return Int(product.high)
    }

    /// A uniform double in [0, 1) from the top 53 bits.
    public mutating func nextUnitDouble() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}

/// Seeds that depend only on text, so each group of a report (say
/// `open-meteo/forecast|temp_max_c|1|london`) gets its own stream, the same in every run.
/// Swift's `Hasher` is randomised per process and cannot serve.
public enum StableSeed {
    /// 64-bit FNV-1a of the UTF-8 bytes (http://www.isthe.com/chongo/tech/comp/fnv/).
    public static func fnv1a(_ text: String, base: UInt64 = 0xCBF2_9CE4_8422_2325) -> UInt64 {
        var hash = base
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}
