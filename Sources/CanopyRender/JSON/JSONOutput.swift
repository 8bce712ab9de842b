import Foundation

/// Encodes documents as JSON the same way everywhere: sorted keys, ISO 8601 dates, no escaped slashes.
package enum JSONOutput {
    package static func encode(_ value: some Encodable, pretty: Bool = true) throws -> String {
        String(decoding: try bytes(value, pretty: pretty), as: UTF8.self)
    }

    /// `encode`'s UTF-8 followed by a newline, for a file (no copy into a `String` on the way).
    package static func fileBytes(_ value: some Encodable, pretty: Bool = true) throws -> [UInt8] {
        var bytes = try bytes(value, pretty: pretty)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// The document's UTF-8: written by `JSONByteEncoder`, or by `JSONEncoder` for a value that
    /// encoder does not handle (the same bytes either way). `escapesSlashes` writes `/` as `\/`
    /// (the page's embedded data).
    static func bytes(_ value: some Encodable, pretty: Bool, escapesSlashes: Bool = false) throws -> [UInt8] {
        do {
            return try JSONByteEncoder(pretty: pretty, escapesSlashes: escapesSlashes).encode(value)
        } catch is JSONByteEncoder.Unsupported {
            return Array(try foundationEncoder(pretty: pretty, escapesSlashes: escapesSlashes).encode(value))
        }
    }

    /// `JSONEncoder` with the settings above: the reference `JSONByteEncoder` is tested against.
    static func foundationEncoder(pretty: Bool, escapesSlashes: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        if pretty { encoder.outputFormatting.insert(.prettyPrinted) }
        if !escapesSlashes { encoder.outputFormatting.insert(.withoutEscapingSlashes) }
        encoder.dateEncodingStrategy = .iso8601
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }
}
