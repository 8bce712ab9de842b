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
            "<testsuites><testsuite name=\"S\"><testcase classname=\"A\" name=\"\(name)\"><failure message=\"\(filler)\"/></testcase></testsuite></testsuites>\n"
        )
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

/// One million children of one element took over 1 GB and wrote a 125 MB `report.json`:
/// snapshots are read within `SnapshotLimits`, with a warning naming what was left out.
@Suite("Snapshot limits")
struct SnapshotLimitsTests {
    static func children(_ count: Int) -> String {
        (0..<count).map {
            #"{"identifier":"Row.\#($0)","elementType":"cell","children":[{"identifier":"Row.\#($0).title","elementType":"staticText"}]}"#
        }
        .joined(separator: ",")
    }

    @Test("a screen past its element limit keeps its first elements and warns")
    func elementsPerScreen() throws {
        let rows = SnapshotLimits.elementsPerScreen / 2 + 10
        let path = try TemporaryFile.write(
            #"{"name":"Feed","root":{"elementType":"table","children":[\#(Self.children(rows))]}}"#, name: "feed.json")
        let input = try ParserRegistry().parse(fileAt: path)
        let screen = try #require(input.screens.first)
        #expect(screen.root.elementCount == SnapshotLimits.elementsPerScreen)
        let warning = try #require(input.diagnostics.first { $0.message.contains("leaves out") })
        #expect(warning.severity == .warning)
        #expect(
            warning.message.contains(
                "screen \"Feed\" keeps its first \(SnapshotLimits.elementsPerScreen) elements and leaves out \(rows * 2 + 1 - SnapshotLimits.elementsPerScreen)"
            ))
    }

    @Test("screens past the file's limits are left out with a warning")
    func screensPerFile() throws {
        let screens = (0..<(SnapshotLimits.screensPerFile + 5)).map {
            #"{"name":"S\#($0)","root":{"elementType":"other"}}"#
        }
        let path = try TemporaryFile.write(#"{"screens":[\#(screens.joined(separator: ","))]}"#, name: "many.json")
        let input = try ParserRegistry().parse(fileAt: path)
        #expect(input.screens.count == SnapshotLimits.screensPerFile)
        #expect(
            input.diagnostics.contains {
                $0.severity == .warning && $0.message.contains("the first \(SnapshotLimits.screensPerFile) are read")
            })
    }

    @Test("a snapshot file over the size limit is an error naming the file")
    func fileSize() throws {
        let row = #"{"identifier":"Row","elementType":"cell"},"#
        let body = String(repeating: row, count: SnapshotLimits.maximumFileBytes / row.utf8.count + 1)
        let path = try TemporaryFile.write(
            #"{"name":"Huge","root":{"elementType":"table","children":[\#(body){"elementType":"cell"}]}}"#,
            name: "huge.json")
        #expect {
            _ = try ParserRegistry().parse(fileAt: path)
        } throws: { error in
            "\(error)".contains("huge.json") && "\(error)".contains("more than the 64 MB")
        }
    }
}
