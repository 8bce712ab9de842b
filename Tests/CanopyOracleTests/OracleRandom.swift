import CanopyBundleFixtures
import Foundation

/// The oracle's one source of randomness, over the fixtures' SplitMix64, so that a seed replays a
/// scenario exactly on any machine and Swift version.
struct OracleRandom: RandomNumberGenerator {
    private var base: SplitMix

    init(seed: UInt64) { base = SplitMix(seed: seed) }

    mutating func next() -> UInt64 { base.next() }

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
