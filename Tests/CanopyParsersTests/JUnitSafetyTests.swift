import CanopyModel
import Foundation
import Testing

@testable import CanopyParsers

@Suite("JUnit safety and errors")
struct JUnitSafetyTests {
    private func parseError(_ file: String) -> ParserError? {
        do {
            _ = try ParserRegistry().parse(fileAt: Fixture.path("junit/\(file)"))
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "XXE with a file entity is refused, naming the line; the secret never appears",
        arguments: ["xxe-file.xml", "xxe-parameter.xml"])
    func externalEntitiesRefused(_ file: String) throws {
        let error = try #require(parseError(file))
        guard case .unsafe(_, let line, _, let message) = error else {
            Issue.record("expected .unsafe, got \(error)")
            return
        }
        #expect(line == 3)
        #expect(message.contains("refuses DTD entities"))
        #expect(!error.description.contains("root:"))
    }

    @Test("billion laughs is refused at the first declaration, fast")
    func billionLaughs() throws {
        let clock = ContinuousClock()
        var error: ParserError?
        let elapsed = clock.measure { error = parseError("billion-laughs.xml") }
        guard case .unsafe(_, let line, _, _) = try #require(error) else {
            Issue.record("expected .unsafe")
            return
        }
        #expect(line == 3)
        #expect(elapsed < .seconds(5))
    }

    @Test("quadratic blowup (one huge entity referenced many times) is refused")
    func quadraticBlowup() throws {
        let big = String(repeating: "A", count: 100_000)
        let refs = String(repeating: "&big;", count: 10_000)
        let xml =
            "<?xml version=\"1.0\"?><!DOCTYPE t [<!ENTITY big \"\(big)\">]><testsuites><testsuite name=\"x\"><testcase classname=\"A\" name=\"b\"><failure message=\"\(refs)\"/></testcase></testsuite></testsuites>"
        let path = try TemporaryFile.write(xml)
        #expect(throws: ParserError.self) { try JUnitXMLParser().parse(fileAt: path) }
    }

    @Test("an external DTD is never fetched: no connection reaches a listening socket")
    func externalDTDNotFetched() throws {
        let listener = try LoopbackListener()
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE testsuites SYSTEM "http://127.0.0.1:\(listener.port)/evil.dtd">
            <testsuites><testsuite name="x"><testcase classname="A" name="ok" time="1"/></testsuite></testsuites>
            """
        let path = try TemporaryFile.write(xml)
        let input = try JUnitXMLParser().parse(fileAt: path)
        #expect(input.tests.count == 1)
        #expect(!listener.receivedConnection())
    }

    @Test("an undeclared entity is an error with line and column")
    func undeclaredEntity() throws {
        let error = try #require(parseError("undeclared-entity.xml"))
        guard case .malformed(_, let line, let column, let message, _) = error else {
            Issue.record("expected .malformed, got \(error)")
            return
        }
        #expect(line == 1)
        #expect(column != nil)
        #expect(message.contains("nbsp"))
    }

    @Test("a truncated file names the file, the last line and says it looks truncated")
    func truncated() throws {
        let error = try #require(parseError("truncated.xml"))
        guard case .malformed(let path, let line, _, let message, let hint) = error else {
            Issue.record("expected .malformed, got \(error)")
            return
        }
        #expect(path.hasSuffix("truncated.xml"))
        #expect(line == 6)
        #expect(message.contains("Premature end of data"))
        #expect(hint?.contains("truncated") == true)
        #expect(error.description.contains("truncated.xml:6:"))
    }

    @Test("content after the root element is malformed XML, not a truncated file")
    func extraContentIsNotTruncation() throws {
        let xml =
            "<testsuites><testsuite name=\"S\"><testcase classname=\"C\" name=\"t\"/></testsuite></testsuites>\n<more/>\n"
        let path = try TemporaryFile.write(Data(xml.utf8))
        let error = try #require(throws: ParserError.self) { try JUnitXMLParser().parse(fileAt: path) }
        guard case .malformed(_, let line, _, let message, let hint) = error else {
            Issue.record("expected .malformed, got \(error)")
            return
        }
        #expect(line == 2)
        #expect(message.contains("Extra content"))
        #expect(hint == "Expected well-formed JUnit XML")
    }

    @Test("truncated at every structural point is always an error, never a crash")
    func truncatedEverywhere() throws {
        let source = try String(contentsOfFile: Fixture.path("junit/surefire.xml"), encoding: .utf8)
        let bytes = Array(source.utf8)
        var cut = 40
        while cut < bytes.count - 20 {
            let path = try TemporaryFile.write(Data(bytes[..<cut]))
            #expect(throws: ParserError.self, "cut at \(cut)") { try JUnitXMLParser().parse(fileAt: path) }
            cut += 97
        }
    }

    @Test("a mismatched tag names line and column")
    func mismatched() throws {
        let error = try #require(parseError("mismatched.xml"))
        guard case .malformed(_, let line, let column, let message, _) = error else {
            Issue.record("expected .malformed, got \(error)")
            return
        }
        #expect(line == 5)
        #expect(column == 15)
        #expect(message.contains("mismatch"))
    }

    @Test("a 0-byte file is an error saying the reporter did not write it")
    func empty() throws {
        #expect(parseError("empty.xml") == .empty(path: Fixture.path("junit/empty.xml")))
        #expect(parseError("empty.xml")?.description.contains("0 bytes") == true)
    }

    @Test("binary garbage is an unknown format and non-JUnit XML another document, both listing what Canopy reads")
    func unknownFormats() throws {
        for file in ["binary.xml", "not-junit.xml"] {
            let error = try #require(parseError(file))
            switch (file, error) {
            case ("binary.xml", .unknownFormat), ("not-junit.xml", .notAReport): break
            default:
                Issue.record("unexpected error for \(file): \(error)")
                continue
            }
            #expect(error.description.contains("JUnit XML"))
            #expect(error.description.contains("xcresulttool"))
        }
        #expect(parseError("not-junit.xml")?.description.contains("<html>") == true)
    }

    @Test("characters outside XML 1.0 are replaced with a warning, not rejected")
    func controlCharacters() throws {
        let input = try JUnitXMLParser().parse(fileAt: Fixture.path("junit/control-characters.xml"))
        #expect(input.tests.count == 2)
        let ansi = try #require(input.tests.first { $0.identity.name == "ansi" })
        #expect(ansi.failures.first?.message == "colour ?[31mred?[0m and ?[0m")
        #expect(ansi.attempts.first?.output == "?[1mbold?[0m")
        #expect(input.tests.first { $0.identity.name == "utf8" }?.failures.first?.message == "bad ?? bytes")
        #expect(input.diagnostics.contains { $0.severity == .warning && $0.message.contains("not allowed in XML 1.0") })
    }

    /// UTF-8 that is well formed only byte by byte, or a character XML 1.0 forbids though its
    /// encoding is valid: libxml2 rejects each, so the file is read again with them replaced.
    @Test(
        "noncharacters, surrogates, overlong and out-of-range UTF-8 are replaced with a warning, not rejected",
        arguments: [
            ([0xEF, 0xBF, 0xBE], "?"),  // U+FFFE: valid UTF-8, not an XML 1.0 character
            ([0xEF, 0xBF, 0xBF], "?"),  // U+FFFF
            ([0xED, 0xA0, 0x80], "???"),  // a UTF-16 surrogate (U+D800) encoded as UTF-8 (CESU-8)
            ([0xED, 0xBF, 0xBF], "???"),  // U+DFFF
            ([0xE0, 0x80, 0xAF], "???"),  // '/' as an overlong 3-byte sequence
            ([0xC0, 0xAF], "??"),  // '/' as an overlong 2-byte sequence
            ([0xF0, 0x80, 0x80, 0xAF], "????"),  // an overlong 4-byte sequence
            ([0xF4, 0x90, 0x80, 0x80], "????"),  // past U+10FFFF
            ([0xF5, 0x80, 0x80, 0x80], "????"),  // a lead byte UTF-8 never uses
            ([0x63, 0x61, 0x66, 0xE9], "caf?"),  // Latin-1 "café" in a file that says nothing of its encoding
        ] as [([UInt8], String)])
    func malformedUTF8(_ bytes: [UInt8], replacement: String) throws {
        var data = Data(
            "<testsuites><testsuite name=\"S\"><testcase classname=\"A\" name=\"t\" time=\"1\"><failure message=\"é "
                .utf8)
        data.append(contentsOf: bytes)
        data.append(
            contentsOf: Array(
                " 🚀 \u{FFFD}\"/></testcase><testcase classname=\"A\" name=\"u\" time=\"2\"/></testsuite></testsuites>"
                    .utf8))
        let input = try JUnitXMLParser().parse(fileAt: try TemporaryFile.write(data))
        #expect(input.tests.map(\.identity.name) == ["t", "u"])
        // The characters around it, valid and allowed (U+FFFD included), are kept as written.
        #expect(input.tests.first?.failures.first?.message == "é \(replacement) 🚀 \u{FFFD}")
        let warning = try #require(input.diagnostics.first { $0.message.contains("not allowed in XML 1.0") })
        #expect(warning.severity == .warning && warning.line == 1)
        // One line, as compilers print a diagnostic (libxml2's own message has two).
        #expect(!warning.message.contains("\n"), "\(warning.message)")
    }

    @Test("a missing file and a directory are unreadable, not crashes")
    func unreadable() throws {
        #expect(throws: ParserError.self) { try ParserRegistry().parse(fileAt: "/nonexistent/report.xml") }
        #expect(throws: ParserError.self) { try ParserRegistry().parse(fileAt: Fixture.directory) }
    }

    @Test("deeply nested suites do not crash")
    func deepNesting() throws {
        let depth = 1500
        let xml =
            "<testsuites>" + String(repeating: "<testsuite name=\"s\">", count: depth)
            + "<testcase classname=\"A\" name=\"deep\" time=\"1\"/>" + String(repeating: "</testsuite>", count: depth)
            + "</testsuites>"
        let path = try TemporaryFile.write(xml)
        let input = try JUnitXMLParser().parse(fileAt: path)
        #expect(input.tests.count == 1)
    }
}
