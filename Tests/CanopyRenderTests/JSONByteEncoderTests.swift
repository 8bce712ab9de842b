import Foundation
import Testing

@testable import CanopyRender

/// `JSONByteEncoder` must write exactly the bytes `JSONEncoder` writes with the same settings:
/// every case here is compared with `JSONEncoder` itself, pretty, compact and slash-escaped.
struct JSONByteEncoderTests {
    static func expectSameBytes<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for pretty in [true, false] {
            let reference = String(
                decoding: try JSONOutput.foundationEncoder(pretty: pretty).encode(value), as: UTF8.self)
            let bytes = String(decoding: try JSONByteEncoder(pretty: pretty).encode(value), as: UTF8.self)
            #expect(bytes == reference, "pretty: \(pretty)", sourceLocation: sourceLocation)
        }
        let reference = String(
            decoding: try JSONOutput.foundationEncoder(pretty: false, escapesSlashes: true).encode(value), as: UTF8.self
        )
        let bytes = String(
            decoding: try JSONByteEncoder(pretty: false, escapesSlashes: true).encode(value), as: UTF8.self)
        #expect(bytes == reference, "escaped slashes", sourceLocation: sourceLocation)
    }

    @Test("strings: quotes, backslashes, slashes, every control character, DEL, non-ASCII, separators")
    func strings() throws {
        var texts = [
            "", "plain", "a\"b\\c/d", "</script>", "del\u{7F}", "c1\u{80}\u{85}\u{9F}", "é日本語😀", "\u{2028}\u{2029}",
            "\u{FEFF}bom",
        ]
        texts += (0..<0x20).map { "x" + String(UnicodeScalar(UInt8($0))) + "y" }
        try Self.expectSameBytes(texts)
        try Self.expectSameBytes(texts.joined())
    }

    @Test(
        "numbers: integers of every width and their bounds, doubles of every magnitude, floats, non-conforming values")
    func numbers() throws {
        try Self.expectSameBytes([0, 1, -1, 9, 10, -10, 1_234_567_890, Int.max, Int.min])
        try Self.expectSameBytes(Ints())
        var doubles: [Double] = [
            0, -0.0, 1, -1, 0.1, 0.5, 13.365, 100, 1e15, 1e16, 9_007_199_254_740_993, 1e-4, 1e-5, 1.5e-5, 5e-324,
            .greatestFiniteMagnitude, .infinity, -.infinity, .nan,
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let exponent = Double(Int.random(in: -30...30, using: &generator))
            doubles.append(Double.random(in: -1...1, using: &generator) * pow(10, exponent))
            doubles.append(Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) / 1000)
            doubles.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator)))
        }
        try Self.expectSameBytes(doubles)
        try Self.expectSameBytes(doubles.map { Float($0) })
    }

    @Test("keys: sorted in UTF-8 byte order, whatever order the type writes them in")
    func keys() throws {
        try Self.expectSameBytes([
            "b": 1, "B": 2, "a10": 3, "a9": 4, "a_": 5, "aZ": 6, "": 7, "ß": 8, "é": 9, "😀": 11, "z": 12,
        ])
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aAbB09_-.é日😀\u{0}\"\\/")
        for _ in 0..<50 {
            var dictionary: [String: [String: Int]] = [:]
            for index in 0..<Int.random(in: 0...12, using: &generator) {
                let key = String(
                    (0..<Int.random(in: 0...4, using: &generator)).map { _ in alphabet.randomElement(using: &generator)!
                    })
                dictionary[key, default: [:]][String(index)] = index
            }
            try Self.expectSameBytes(dictionary)
        }
        try Self.expectSameBytes([1: "one", 10: "ten", 2: "two", -1: "minus"])
        try Self.expectSameBytes(Unsorted())
    }

    @Test("shapes: empty containers, nil, enums with payloads, dates, URLs, nested and repeated containers")
    func shapes() throws {
        try Self.expectSameBytes([Int]())
        try Self.expectSameBytes([String: Int]())
        try Self.expectSameBytes([[Int]](repeating: [], count: 3))
        try Self.expectSameBytes(Optional<Int>.none)
        try Self.expectSameBytes([Shape.empty, .one(3), .named(a: 1, "q"), .nested([[:], ["k": [.empty]]])])
        try Self.expectSameBytes(Dates())
        try Self.expectSameBytes(URL(string: "https://example.com/a b?q=1")!)
        try Self.expectSameBytes(Nested())
        try Self.expectSameBytes([Silent(), Silent()])
        try Self.expectSameBytes(TwiceAsked())
        try Self.expectSameBytes(Wrapper(inner: Wrapper(inner: Nested())))
    }

    @Test("what it cannot write goes to JSONEncoder, and JSONOutput's bytes are the same")
    func fallback() throws {
        #expect(throws: JSONByteEncoder.Unsupported.self) { try JSONByteEncoder(pretty: true).encode(Super()) }
        #expect(throws: JSONByteEncoder.Unsupported.self) { try JSONByteEncoder(pretty: true).encode(Data([1, 2])) }
        for value in [AnyEncodable(Super()), AnyEncodable(Data([1, 2, 3])), AnyEncodable(Decimal(string: "1.25")!)] {
            let reference = String(
                decoding: try JSONOutput.foundationEncoder(pretty: true).encode(value), as: UTF8.self)
            #expect(try JSONOutput.encode(value) == reference)
        }
    }

    @Test("the sample dashboard's embedded data")
    func dashboardData() throws {
        try Self.expectSameBytes(HTMLDashboardData(DashboardSample.make().tests))
    }
}

private struct Ints: Encodable {
    var values: (Int8, Int16, Int32, Int64, UInt, UInt8, UInt16, UInt32, UInt64) = (
        .min, .min, .min, .min, .max, .max, .max, .max, .max
    )
    func encode(to encoder: any Encoder) throws {
        var keyed = encoder.container(keyedBy: AnyKey.self)
        try keyed.encode(values.0, forKey: AnyKey("i8"))
        try keyed.encode(values.1, forKey: AnyKey("i16"))
        try keyed.encode(values.2, forKey: AnyKey("i32"))
        try keyed.encode(values.3, forKey: AnyKey("i64"))
        try keyed.encode(values.4, forKey: AnyKey("u"))
        try keyed.encode(values.5, forKey: AnyKey("u8"))
        try keyed.encode(values.6, forKey: AnyKey("u16"))
        try keyed.encode(values.7, forKey: AnyKey("u32"))
        try keyed.encode(values.8, forKey: AnyKey("u64"))
        var unkeyed = keyed.nestedUnkeyedContainer(forKey: AnyKey("list"))
        try unkeyed.encode(Int8.max)
        try unkeyed.encode(UInt16.min)
        try unkeyed.encode(Int64.min)
        try unkeyed.encode(Float(2.5))
        try unkeyed.encodeNil()
    }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

private struct Unsorted: Encodable {
    var zeta = 1
    var alpha: String? = "a"
    var missing: String?
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // An upper-case key, sorted before the lower-case ones.
    var Beta = [3, 2, 1]
    var mid = ["z": 1, "a": 2]
    var alphabet = 2.5
}

private indirect enum Shape: Encodable {
    case empty
    case one(Int)
    case named(a: Int, String)
    case nested([[String: [Shape]]])
}

private struct Dates: Encodable {
    var epoch = Date(timeIntervalSince1970: 0.99)
    var before = Date(timeIntervalSince1970: -0.5)
    var far = Date(timeIntervalSince1970: 1e11)
    var bench = Date(timeIntervalSince1970: 1_795_000_000)
}

/// Nested containers made through the keyed and unkeyed containers, and single values.
private struct Nested: Encodable {
    func encode(to encoder: any Encoder) throws {
        var keyed = encoder.container(keyedBy: AnyKey.self)
        var inner = keyed.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("z"))
        try inner.encode("b", forKey: AnyKey("b"))
        try inner.encode(true, forKey: AnyKey("a"))
        var list = keyed.nestedUnkeyedContainer(forKey: AnyKey("m"))
        var item = list.nestedContainer(keyedBy: AnyKey.self)
        try item.encodeNil(forKey: AnyKey("y"))
        try item.encode(1.5, forKey: AnyKey("x"))
        var deeper = list.nestedUnkeyedContainer()
        try deeper.encode("d")
        try list.encode(Silent())
        try keyed.encode(Single(value: 3), forKey: AnyKey("a"))
        _ = keyed.nestedUnkeyedContainer(forKey: AnyKey("empty"))
        try keyed.encode([Single](), forKey: AnyKey("b"))
    }
}

private struct Single: Encodable {
    var value: Int
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// Encodes nothing: `JSONEncoder` writes an empty object.
private struct Silent: Encodable {
    func encode(to encoder: any Encoder) throws {}
}

/// Asks for its keyed container twice: both are the same object.
private struct TwiceAsked: Encodable {
    func encode(to encoder: any Encoder) throws {
        var first = encoder.container(keyedBy: AnyKey.self)
        try first.encode(2, forKey: AnyKey("second"))
        var again = encoder.container(keyedBy: AnyKey.self)
        try again.encode(1, forKey: AnyKey("first"))
    }
}

private struct Wrapper<Inner: Encodable>: Encodable {
    var inner: Inner
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(inner)
    }
}

private struct Super: Encodable {
    func encode(to encoder: any Encoder) throws {
        var keyed = encoder.container(keyedBy: AnyKey.self)
        try "s".encode(to: keyed.superEncoder())
    }
}

private struct AnyEncodable: Encodable {
    let wrapped: any Encodable
    init(_ wrapped: any Encodable) { self.wrapped = wrapped }
    func encode(to encoder: any Encoder) throws { try wrapped.encode(to: encoder) }
}
