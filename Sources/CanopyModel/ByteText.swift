/// Byte-level text helpers for the fast paths that build UTF-8 instead of appending scalars to a
/// `String` (the analysis and the renderers both do).
package enum ByteText {
    /// An ASCII upper-case letter made lower case; every other byte as it is.
    @inlinable
    package static func lowercased(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }
}

extension Array where Element == UInt8 {
    /// Appends `scalar` encoded as UTF-8.
    @inlinable
    package mutating func appendUTF8(_ scalar: Unicode.Scalar) {
        if scalar.isASCII {
            append(UInt8(truncatingIfNeeded: scalar.value))
        } else {
            UTF8.encode(scalar) { append($0) }
        }
    }
}
