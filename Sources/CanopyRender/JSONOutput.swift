import Foundation

/// Encodes documents as JSON the same way everywhere: sorted keys, ISO 8601 dates, no escaped slashes.
public enum JSONOutput {
    public static func encode(_ value: some Encodable, pretty: Bool = true) throws -> String {
        String(decoding: try bytes(value, pretty: pretty), as: UTF8.self)
    }

    /// The document's UTF-8: written by `JSONByteEncoder`, or by `JSONEncoder` for a value that
    /// encoder does not handle (the same bytes either way).
    static func bytes(_ value: some Encodable, pretty: Bool) throws -> [UInt8] {
        do {
            return try JSONByteEncoder(pretty: pretty).encode(value)
        } catch is JSONByteEncoder.Unsupported {
            return Array(try foundationEncoder(pretty: pretty).encode(value))
        }
    }

    /// `JSONEncoder` with the settings above: the reference `JSONByteEncoder` is tested against.
    static func foundationEncoder(pretty: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }
}
