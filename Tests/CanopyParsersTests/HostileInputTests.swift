import CanopyBundleFixtures
import CanopyModel
import Foundation
import Testing

@testable import CanopyParsers

/// Inputs a pull request could shape to crash, hang or exhaust Canopy. Each must end in a
/// `ParserError` or a parsed value (with warnings), quickly, never a crash.
/// XML entity attacks, deep XML and huge attributes live in `JUnitSafetyTests`/`JUnitBoundsTests`.
@Suite("Hostile input")
struct HostileInputTests {
    /// Parses `data` written to a file named `name`; returns the error, or nil when it parsed.
    private func outcome(_ data: Data, name: String) throws -> Result<ParsedInput, ParserError> {
        let path = try TemporaryFile.write(data, name: name)
        do throws(ParserError) {
            return .success(try ParserRegistry().parse(fileAt: path))
        } catch {
            return .failure(error)
        }
    }

    private func xcresult(failureMessage: String, testName: String = "testLogin()") -> String {
        """
        {"testNodes":[{"nodeType":"Test Case","name":"\(testName)","nodeIdentifier":"LoginTests/\(testName)","result":"Failed",
        "children":[{"nodeType":"Failure Message","name":"\(failureMessage)"}]}]}
        """
    }

    @Test(
        "deeply nested JSON fails with a nesting error, not a stack overflow",
        arguments: [
            ("arrays", String(repeating: "[", count: 100_000)),
            ("objects", String(repeating: "{\"a\":", count: 100_000)),
            ("xcresult arrays", "{\"testNodes\":" + String(repeating: "[", count: 100_000)),
            (
                "xcresult children",
                "{\"testNodes\":[" + String(repeating: "{\"nodeType\":\"Test Suite\",\"children\":[", count: 50_000)
            ),
        ])
    func deeplyNestedJSON(_ label: String, _ text: String) throws {
        let clock = ContinuousClock()
        var result: Result<ParsedInput, ParserError>?
        let elapsed = try clock.measure { result = try outcome(Data(text.utf8), name: "deep.json") }
        guard case .failure(let error) = try #require(result) else {
            Issue.record("\(label): a 100k-deep document parsed")
            return
        }
        switch error {
        case .malformed(_, _, _, let message, _): #expect(message.contains("nesting deeper than"), "\(message)")
        case .unknownFormat, .notAReport: break
        default: Issue.record("\(label): unexpected error \(error)")
        }
        #expect(elapsed < .seconds(10))
    }

    @Test("nesting just under the limit parses")
    func nestingUnderTheLimit() throws {
        let depth = JSONReader.maximumDepth - 1
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let value = try JSONReader.parse(Array(text.utf8))
        #expect(value.array?.count == 1)
    }

    @Test("invalid UTF-8 in a JSON string is repaired with U+FFFD and a warning naming the first, never a crash")
    func invalidUTF8InJSON() throws {
        var bytes = Array(xcresult(failureMessage: "bad BYTES here", testName: "testNAME()").utf8)
        for marker in ["BYTES", "NAME"] {
            let needle = Array(marker.utf8)
            while let start = (0...(bytes.count - needle.count)).first(where: {
                Array(bytes[$0..<($0 + needle.count)]) == needle
            }) {
                bytes.replaceSubrange(start..<(start + needle.count), with: [0xFF, 0xC3, 0x28, 0xE2, 0x82])
            }
        }
        let input = try outcome(Data(bytes), name: "xcresult.json").get()
        let test = try #require(input.tests.first)
        #expect(test.identity.name.contains("\u{FFFD}"))
        let message = try #require(test.attempts.first?.failures.first?.message)
        #expect(message.contains("\u{FFFD}"))
        let warning = try #require(input.diagnostics.first { $0.message.hasPrefix("invalid UTF-8") })
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("repaired with U+FFFD"))
        #expect(warning.line != nil && warning.column != nil)
        // Valid non-ASCII text (é, emoji) is no repair.
        let clean = try outcome(
            Data(xcresult(failureMessage: "café 🚀", testName: "testÉ()").utf8), name: "xcresult.json"
        ).get()
        #expect(!clean.diagnostics.contains { $0.message.hasPrefix("invalid UTF-8") })
    }

    @Test(
        "NUL bytes in JSON are an error naming the file",
        arguments: [
            "{\"testNodes\":[{\"nodeType\":\"Test Case\",\"name\":\"a\u{0}b\"}]}", "{\"testNodes\":[]}\u{0}",
            "\u{0}{\"testNodes\":[]}",
            "{\"testNodes\":[\u{0}]}",
        ])
    func nulBytesInJSON(_ text: String) throws {
        guard case .failure(let error) = try outcome(Data(text.utf8), name: "report.json") else {
            Issue.record("a JSON report with NUL bytes parsed")
            return
        }
        #expect(error.description.contains("report.json"))
    }

    @Test(
        "NUL bytes in XML are replaced with a warning naming the line (JUnitEventBuilder's recovery)",
        arguments: [
            "<testsuites><testsuite name=\"a\u{0}b\"><testcase classname=\"A\" name=\"t\"/></testsuite></testsuites>",
            "<testsuites><testsuite name=\"a\"><testcase classname=\"A\" name=\"t\"><failure>\u{0}\u{0}</failure></testcase></testsuite></testsuites>",
        ])
    func nulBytesInXML(_ text: String) throws {
        let input = try outcome(Data(text.utf8), name: "report.xml").get()
        #expect(input.tests.count == 1)
        #expect(input.diagnostics.contains { $0.severity == .warning && $0.description.contains("not allowed in XML") })
    }

    @Test(
        "binary garbage named .json or .xml is not a report",
        arguments: ["garbage.json", "garbage.xml", "garbage.junit"])
    func binaryGarbage(_ name: String) throws {
        var generator = SplitMix(seed: 8)
        for length in [1, 7, 4096, 200_000] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            guard case .failure(let error) = try outcome(Data(bytes), name: name) else {
                Issue.record("\(length) random bytes parsed as a report")
                continue
            }
            #expect(error.description.contains(name))
        }
    }

    @Test("binary garbage after a plausible start is an error, not a crash")
    func garbageAfterAPlausibleStart() throws {
        var generator = SplitMix(seed: 9)
        let noise = (0..<100_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        for head in ["{\"testNodes\":[", "[{\"elementType\":", "<testsuites><testsuite name=\"x\">"] {
            let name = head.hasPrefix("<") ? "r.xml" : "r.json"
            guard case .failure = try outcome(Data(head.utf8) + Data(noise), name: name) else {
                Issue.record("garbage after \(head) parsed")
                continue
            }
        }
    }

    @Test("a 100 MB failure message in xcresult JSON is truncated, not kept whole")
    func hugeJSONMessage() throws {
        let message = String(repeating: "é", count: 50 * 1024 * 1024)  // 100 MB of 2-byte scalars
        let input = try outcome(Data(xcresult(failureMessage: message).utf8), name: "huge.json").get()
        let kept = try #require(input.tests.first?.attempts.first?.failures.first?.message)
        #expect(kept.utf8.count <= XCResultFailureText.messageLimit + 64)
        #expect(kept.contains("bytes cut by Canopy"))
        #expect(kept.hasPrefix("éé"))
    }

    @Test("JSON strings over the reader's bound keep their head and a marker, cut on a scalar boundary")
    func boundedJSONStrings() throws {
        let long = "a" + String(repeating: "€", count: JSONReader.maximumStringBytes / 3 + 10)
        let value = try JSONReader.parse(Array("[\"\(long)\"]".utf8))
        let kept = try #require(value.array?.first?.string)
        #expect(kept.utf8.count < JSONReader.maximumStringBytes + 64)
        #expect(kept.hasSuffix("bytes cut by Canopy]"))
        #expect(!kept.contains("\u{FFFD}"))
    }

    @Test("truncatedUTF8 cuts multi-byte text on a scalar boundary")
    func truncatedUTF8Boundary() {
        let text = String(repeating: "日本", count: 1000)
        for limit in [1, 2, 3, 4, 100, 2999] {
            let cut = text.truncatedUTF8(to: limit)
            #expect(!cut.contains("\u{FFFD}"))
            #expect(cut.contains("bytes cut by Canopy"))
        }
    }

    @Test("a JSON file truncated at every byte is an error, never a crash")
    func jsonTruncatedEverywhere() throws {
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: Fixture.path("xcresult/flaky-first-run.json"))))
        let step = max(1, bytes.count / 400)
        for end in stride(from: 1, to: bytes.count - 2, by: step) {
            #expect(throws: JSONReadFailure.self) { try JSONReader.parse(Array(bytes[..<end])) }
        }
    }
}
