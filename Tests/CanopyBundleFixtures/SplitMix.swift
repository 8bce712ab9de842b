import Foundation

/// SplitMix64: the one seeded generator of the fixtures, the fuzz and hostile-input tests, the
/// oracle and the benchmarks, so that a seed gives the same values on any machine and Swift
/// version (the standard library's generator is neither seedable nor stable).
public struct SplitMix: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in (0, 1].
    public mutating func unit() -> Double { (Double(next() >> 11) + 1) / Double(1 << 53) }

    /// Standard normal (Box–Muller).
    public mutating func normal() -> Double { (-2 * log(unit())).squareRoot() * cos(2 * .pi * unit()) }
}
