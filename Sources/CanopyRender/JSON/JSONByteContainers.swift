import Foundation

/// The containers `JSONByteSink` hands to `encode(to:)`: each knows its frame and writes through
/// the sink. Integers and floats of every width are written as `JSONEncoder` writes them.
extension JSONByteSink {
    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let sink: JSONByteSink
        let frame: Int
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws {
            sink.beginMember(key, in: frame)
            sink.writeLiteral("null")
        }
        mutating func encode(_ value: Bool, forKey key: Key) throws {
            sink.beginMember(key, in: frame)
            sink.writeLiteral(value ? "true" : "false")
        }
        mutating func encode(_ value: String, forKey key: Key) throws {
            sink.beginMember(key, in: frame)
            sink.writeString(value)
        }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            sink.beginMember(key, in: frame)
            sink.writeFloat(value)
        }
        mutating func encode(_ value: Float, forKey key: Key) throws {
            sink.beginMember(key, in: frame)
            sink.writeFloat(value)
        }
        mutating func encode(_ value: Int, forKey key: Key) throws {
            sink.beginMember(key, in: frame)
            sink.writeInteger(value)
        }
        mutating func encode(_ value: Int8, forKey key: Key) throws {
            sink.beginMember(key, in: frame)
            sink.writeInteger(value)
        }
        mutating func encode(_ value: Int16, forKey key: Key) throws {
            sink.beginMember(key, in: frame)
            sink.writeInteger(value)
        }
        mutating func encode(_ value: Int32, forKey key: Key) throws {
            sink.beginMember(key, in: frame)
            sink.writeInteger(value)
        }
        mutating func encode(_ value: Int64, forKey key: Key) throws {
            sink.beginMember(key, in: frame)
            sink.writeInteger(value)
        }
        mutating func encode(_ value: UInt, forKey key: Key) throws {
            sink.beginMember(key, in: frame)
            sink.writeInteger(value)
        }
        mutating func encode(_ value: UInt8, forKey key: Key) throws {
            sink.beginMember(key, in: frame)
            sink.writeInteger(value)
        }
        mutating func encode(_ value: UInt16, forKey key: Key) throws {
            sink.beginMember(key, in: frame)
            sink.writeInteger(value)
        }
        mutating func encode(_ value: UInt32, forKey key: Key) throws {
            sink.beginMember(key, in: frame)
            sink.writeInteger(value)
        }
        mutating func encode(_ value: UInt64, forKey key: Key) throws {
            sink.beginMember(key, in: frame)
            sink.writeInteger(value)
        }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            sink.beginMember(key, in: frame)
            try sink.encodeValue(value)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            sink.beginMember(key, in: frame)
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(sink: sink, frame: sink.openNested(object: true)))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            sink.beginMember(key, in: frame)
            return UnkeyedContainer(sink: sink, frame: sink.openNested(object: false))
        }

        mutating func superEncoder() -> any Encoder { sink.unsupported("superEncoder") }
        mutating func superEncoder(forKey key: Key) -> any Encoder { sink.unsupported("superEncoder") }
    }

    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let sink: JSONByteSink
        let frame: Int
        var codingPath: [any CodingKey] { [] }
        var count: Int { frame < sink.frames.count ? sink.frames[frame].count : 0 }

        mutating func encodeNil() throws {
            sink.beginEntry(in: frame)
            sink.writeLiteral("null")
        }
        mutating func encode(_ value: Bool) throws {
            sink.beginEntry(in: frame)
            sink.writeLiteral(value ? "true" : "false")
        }
        mutating func encode(_ value: String) throws {
            sink.beginEntry(in: frame)
            sink.writeString(value)
        }
        mutating func encode(_ value: Double) throws {
            sink.beginEntry(in: frame)
            sink.writeFloat(value)
        }
        mutating func encode(_ value: Float) throws {
            sink.beginEntry(in: frame)
            sink.writeFloat(value)
        }
        mutating func encode(_ value: Int) throws {
            sink.beginEntry(in: frame)
            sink.writeInteger(value)
        }
        mutating func encode(_ value: Int8) throws {
            sink.beginEntry(in: frame)
            sink.writeInteger(value)
        }
        mutating func encode(_ value: Int16) throws {
            sink.beginEntry(in: frame)
            sink.writeInteger(value)
        }
        mutating func encode(_ value: Int32) throws {
            sink.beginEntry(in: frame)
            sink.writeInteger(value)
        }
        mutating func encode(_ value: Int64) throws {
            sink.beginEntry(in: frame)
            sink.writeInteger(value)
        }
        mutating func encode(_ value: UInt) throws {
            sink.beginEntry(in: frame)
            sink.writeInteger(value)
        }
        mutating func encode(_ value: UInt8) throws {
            sink.beginEntry(in: frame)
            sink.writeInteger(value)
        }
        mutating func encode(_ value: UInt16) throws {
            sink.beginEntry(in: frame)
            sink.writeInteger(value)
        }
        mutating func encode(_ value: UInt32) throws {
            sink.beginEntry(in: frame)
            sink.writeInteger(value)
        }
        mutating func encode(_ value: UInt64) throws {
            sink.beginEntry(in: frame)
            sink.writeInteger(value)
        }
        mutating func encode<T: Encodable>(_ value: T) throws {
            sink.beginEntry(in: frame)
            try sink.encodeValue(value)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
            NestedKey
        > {
            sink.beginEntry(in: frame)
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(sink: sink, frame: sink.openNested(object: true)))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            sink.beginEntry(in: frame)
            return UnkeyedContainer(sink: sink, frame: sink.openNested(object: false))
        }

        mutating func superEncoder() -> any Encoder { sink.unsupported("superEncoder") }
    }

    /// Writes in place: the caller has written the separator (and key) already.
    struct SingleValueContainer: SingleValueEncodingContainer {
        let sink: JSONByteSink
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { sink.writeLiteral("null") }
        mutating func encode(_ value: Bool) throws { sink.writeLiteral(value ? "true" : "false") }
        mutating func encode(_ value: String) throws { sink.writeString(value) }
        mutating func encode(_ value: Double) throws { sink.writeFloat(value) }
        mutating func encode(_ value: Float) throws { sink.writeFloat(value) }
        mutating func encode(_ value: Int) throws { sink.writeInteger(value) }
        mutating func encode(_ value: Int8) throws { sink.writeInteger(value) }
        mutating func encode(_ value: Int16) throws { sink.writeInteger(value) }
        mutating func encode(_ value: Int32) throws { sink.writeInteger(value) }
        mutating func encode(_ value: Int64) throws { sink.writeInteger(value) }
        mutating func encode(_ value: UInt) throws { sink.writeInteger(value) }
        mutating func encode(_ value: UInt8) throws { sink.writeInteger(value) }
        mutating func encode(_ value: UInt16) throws { sink.writeInteger(value) }
        mutating func encode(_ value: UInt32) throws { sink.writeInteger(value) }
        mutating func encode(_ value: UInt64) throws { sink.writeInteger(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { try sink.encodeValue(value) }
    }
}
