import Foundation

/// Encodes `Encodable` values straight into JSON bytes: the bytes `JSONEncoder` writes with
/// `JSONOutput`'s settings (sorted keys, ISO 8601 dates, unescaped slashes, non-conforming floats
/// as "inf", "-inf" and "nan"), without the tree of boxed values `JSONEncoder` builds first.
///
/// `canopy run` encodes large documents (report.json, insights.json, the page's embedded data),
/// where that tree would be a large part of the run's CPU. Members are written in the order the
/// type encodes them; when an object ends they are put in key order (UTF-8 byte order, as
/// `JSONEncoder` sorts). What this encoder does not do — `superEncoder`, `Data`, `Decimal` —
/// throws `JSONByteEncoder.Unsupported`, and `JSONOutput` then uses `JSONEncoder`.
/// `JSONByteEncoderTests` compares both on every shape; `DocumentEncodingTests` on the documents
/// of the sample history.
struct JSONByteEncoder {
    struct Unsupported: Error {
        var what: String
    }

    var pretty: Bool
    /// `/` as `\/`, as `JSONEncoder` writes it without `.withoutEscapingSlashes`.
    var escapesSlashes = false

    func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let sink = JSONByteSink(pretty: pretty, escapesSlashes: escapesSlashes)
        try sink.encodeValue(value)
        sink.closeFrames(downTo: 0)
        if let failure = sink.failure { throw Unsupported(what: failure) }
        return sink.bytes
    }
}
