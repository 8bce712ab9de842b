/// FNV-1a, 64-bit: a small, stable hash for fingerprints. Deterministic across runs, processes and
/// platforms (unlike `Hasher`, which is seeded per process).
package enum FNV1a {
    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The 64-bit FNV-1a hash of the UTF-8 bytes of `text`.
    package static func hash(_ text: String) -> UInt64 {
        var hash = offsetBasis
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* prime
        }
        return hash
    }

    /// The hash as 16 lowercase hex digits.
    package static func hex(_ text: String) -> String {
        let digits = String(hash(text), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
