import Foundation

/// SplitMix64: the oracle's one source of randomness, so that a seed replays a scenario exactly on
/// any machine and Swift version (the standard library's generator is neither seedable nor stable).
struct OracleRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    mutating func pick<T>(_ values: [T]) -> T { values[int(0...(values.count - 1))] }

    /// `count` distinct indices of `0..<upper`, ascending.
    mutating func distinct(_ count: Int, of upper: Int) -> [Int] {
        var all = Array(0..<upper)
        all.shuffle(using: &self)
        return Array(all.prefix(max(0, min(count, upper)))).sorted()
    }

    /// 40 hex digits, a commit.
    mutating func commit() -> String {
        (0..<5).map { _ in String(format: "%08x", UInt32(truncatingIfNeeded: next())) }.joined()
    }
}
