import CanopyModel
import Foundation
import Testing

@testable import CanopyParsers

/// One 200 MB attribute took 87 s (12 MB 0.27 s, 25 MB 1.9 s, 50 MB 4.9 s): libxml2 2.9's push
/// parser scans all its pending input again for every chunk while a tag is unfinished. The reader
/// now hands over as much as is pending, so a tag of N bytes costs O(log N) chunks, not N / chunk.
@Suite("Huge attributes")
struct HugeAttributeTests {
    /// Counts the bytes of the attributes it is handed.
    final class AttributeSizes: XMLStreamHandler {
        var largest = 0
        func documentWillStart(hasXMLDeclaration: Bool, fileSize: Int) {}
        func startElement(_ name: UnsafePointer<UInt8>, attributes: XMLAttributes, line: Int) -> Bool {
            for index in 0..<attributes.count { largest = max(largest, attributes.value(at: index).count) }
            return false
        }
        func endElement(_ name: UnsafePointer<UInt8>) -> Bool { false }
        func characters(_ bytes: UnsafeBufferPointer<UInt8>) {}
    }

    static func file(attributeBytes: Int, name: String = "t") throws -> String {
        let filler = String(repeating: "Failed to tap Login.Submit Button é ", count: attributeBytes / 37 + 1)
        return try TemporaryFile.write(
            "<testsuites><testsuite name=\"S\"><testcase classname=\"A\" name=\"\(name)\"><failure message=\"\(filler)\"/></testcase></testsuite></testsuites>\n")
    }

    @Test("a tag far larger than a chunk is read in a few chunks, not one per chunk of its length")
    func hugeTagInFewChunks() throws {
        let path = try Self.file(attributeBytes: 4 << 20)
        let sizes = AttributeSizes()
        let reader = XMLStreamReader(path: path, handler: sizes)
        try reader.read(sanitize: false, chunkSize: 4096)
        #expect(sizes.largest > 4 << 20)
        // 4 MiB in 4 KiB chunks is 1,024 chunks; growing to what is pending makes it about log2(1,024).
        #expect(reader.chunksParsed < 40, "\(reader.chunksParsed) chunks")
        let sanitized = AttributeSizes()
        let sanitizing = XMLStreamReader(path: path, handler: sanitized)
        try sanitizing.read(sanitize: true, chunkSize: 4096)
        #expect(sanitized.largest == sizes.largest)
        #expect(sanitizing.chunksParsed < 40, "\(sanitizing.chunksParsed) chunks with the sanitiser")
    }

    @Test("a huge message or name keeps its head and a marker, never the whole value")
    func hugeValuesAreCapped() throws {
        let longName = String(repeating: "n", count: 3 << 20)
        let path = try Self.file(attributeBytes: 3 << 20, name: longName)
        let input = try JUnitXMLParser(outputLimit: 16 * 1024).parse(fileAt: path)
        let test = try #require(input.tests.first)
        let message = try #require(test.attempts.first?.failures.first?.message)
        #expect(message.utf8.count < 16 * 1024 + 64)
        #expect(message.hasPrefix("Failed to tap Login.Submit Button é"))
        #expect(message.hasSuffix("bytes cut by Canopy]"))
        #expect(test.identity.name.utf8.count < 3 << 20)
        #expect(input.diagnostics.contains { $0.message.contains("a test name of \(3 << 20) bytes cut") })
    }
}
