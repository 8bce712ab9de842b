import Foundation

/// Encodes documents as JSON the same way everywhere: sorted keys, ISO 8601 dates, no escaped slashes.
public enum JSONOutput {
    public static func encode(_ value: some Encodable, pretty: Bool = true) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let data = try encoder.encode(value)
        return String(decoding: data, as: UTF8.self)
    }
}
