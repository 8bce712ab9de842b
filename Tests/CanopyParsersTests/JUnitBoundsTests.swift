import CanopyModel
import Foundation
import Testing

@testable import CanopyParsers

@Suite("JUnit bounded memory")
struct JUnitBoundsTests {
    @Test("huge system-out keeps head and tail with a marker; passing output is dropped")
    func hugeOutput() throws {
        let line = "log line that repeats to fill the captured output of a failing test\n"
        let body = String(repeating: line, count: 80_000)  // ~5.4 MB
        let xml = """
            <testsuites><testsuite name="S">
            <testcase classname="A" name="fails" time="1"><failure message="boom"/><system-out>START\(body)THE END</system-out></testcase>
            <testcase classname="A" name="passes" time="1"><system-out>\(body)</system-out></testcase>
            </testsuite></testsuites>
            """
        let path = try TemporaryFile.write(xml)
        let input = try JUnitXMLParser(outputLimit: 16 * 1024).parse(fileAt: path)
        let failing = try #require(input.tests.first { $0.identity.name == "fails" })
        let output = try #require(failing.attempts.first?.output)
        #expect(output.utf8.count < 17 * 1024)
        #expect(output.hasPrefix("START"))
        #expect(output.hasSuffix("THE END"))
        #expect(output.contains("bytes cut by Canopy"))
        #expect(input.tests.first { $0.identity.name == "passes" }?.attempts.first?.output == nil)
    }

    @Test("a 20 MB message attribute is truncated, not kept whole")
    func hugeAttribute() throws {
        let message = String(repeating: "x", count: 20_000_000)
        let path = try TemporaryFile.write(
            "<testsuites><testsuite name=\"S\"><testcase classname=\"A\" name=\"b\"><failure message=\"\(message)\"/></testcase></testsuite></testsuites>"
        )
        let input = try JUnitXMLParser(outputLimit: 4096).parse(fileAt: path)
        let kept = try #require(input.tests.first?.failures.first?.message)
        #expect(kept.utf8.count < 5000)
        #expect(kept.contains("bytes cut by Canopy"))
    }

    /// Names are keys stored with every run: a 50 MB name grew the history by 210 MB a run.
    @Test("a test or class name past 4 KiB is cut, with a warning naming its line")
    func hugeNames() throws {
        let name = String(repeating: "n", count: 100_000)
        let path = try TemporaryFile.write(
            "<testsuites><testsuite name=\"S\">\n<testcase classname=\"\(name)\" name=\"\(name)é\"><failure message=\"boom\"/></testcase></testsuite></testsuites>"
        )
        let input = try JUnitXMLParser().parse(fileAt: path)
        let test = try #require(input.tests.first)
        #expect(test.identity.name.utf8.count < 4200 && test.identity.name.contains("bytes cut by Canopy"))
        #expect(test.identity.className.utf8.count < 4200)
        let warnings = input.diagnostics.filter { $0.message.contains("4096 bytes") }
        #expect(warnings.count == 2 && warnings.allSatisfy { $0.line == 2 }, "\(input.diagnostics)")
    }

    @Test("BoundedText keeps everything under the limit and head+tail over it")
    func boundedText() {
        var small = BoundedText(limit: 100)
        small.append("hello")
        #expect(small.string() == "hello")
        var large = BoundedText(limit: 40)
        for index in 0..<100 { large.append("\(index % 10)") }
        let text = large.string() ?? ""
        #expect(text.hasPrefix("012345678901234567890123456789"))
        #expect(text.hasSuffix("0123456789"))
        #expect(text.contains("[60 bytes cut by Canopy]"))
        #expect(BoundedText(limit: 10).string() == nil)
    }
}

@Suite("Durations and failure text")
struct DurationAndFailureTextTests {
    @Test(
        "JUnit times",
        arguments: [
            ("1.5", 1.5), ("7.5e-05", 7.5e-05), ("1,234.5", 1234.5), ("1,001.25", 1001.25), ("0,012", 0.012),
            ("12,345", 12345.0), (" 3 ", 3.0), ("2.5s", 2.5),
        ] as [(String, Double)])
    func junitTimes(_ text: String, _ expected: Double) {
        #expect(DurationText.seconds(junit: text) == expected)
    }

    @Test("a JUnit time of -0 is a plain zero (no '-0' in the JSON outputs)", arguments: ["-0", "-0.0", "-0,0"])
    func negativeZero(_ text: String) throws {
        let value = try #require(DurationText.seconds(junit: text))
        #expect(value == 0 && value.sign == .plus)
    }

    @Test("a run's total duration is summed without binary noise")
    func totalDuration() {
        let tests = (0..<1000).map { index in
            TestCase(
                identity: TestIdentity(className: "A", name: "t\(index)"),
                attempts: [Attempt(outcome: .passed, duration: 2.162318)])
        }
        #expect(Run(tests: tests).totals.duration == 2162.318)
    }

    @Test("garbage JUnit times are unknown", arguments: ["<<computed>>", "", "-1", "nan", "inf", "abc"])
    func garbageTimes(_ text: String) {
        #expect(DurationText.seconds(junit: text) == nil)
    }

    @Test(
        "xcresult durations",
        arguments: [("6s", 6.0), ("0,012s", 0.012), ("1m 5s", 65.0), ("2h 1m 3s", 7263.0), ("250ms", 0.25)]
            as [(String, Double)])
    func xcresultDurations(_ text: String, _ expected: Double) throws {
        let value = try #require(DurationText.seconds(xcresult: text))
        #expect(abs(value - expected) < 1e-9)
    }

    @Test("xcbeautify message decoration")
    func xcbeautifyDecoration() {
        let decoded = FailureText.decode(
            message: "LoginTests.swift:42 - XCTAssertTrue failed - reason", type: nil, body: nil)
        #expect(decoded.message == "XCTAssertTrue failed - reason")
        #expect(decoded.location == SourceLocation(file: "LoginTests.swift", line: 42))
    }

    @Test("a message with a dash but no location is left alone")
    func plainDash() {
        let decoded = FailureText.decode(message: "Expected 3 - got 4", type: nil, body: nil)
        #expect(decoded.message == "Expected 3 - got 4")
        #expect(decoded.location == nil)
    }

    @Test("[FLAKY] prefix is stripped and flagged")
    func flakyPrefix() {
        let decoded = FailureText.decode(message: "[FLAKY] boom", type: nil, body: nil)
        #expect(decoded.message == "boom")
        #expect(decoded.flaggedFlaky)
    }

    @Test("an empty message falls back to the body's first line, then the type")
    func fallbacks() {
        #expect(FailureText.decode(message: nil, type: "Boom", body: "first line\nsecond").message == "first line")
        #expect(FailureText.decode(message: "", type: "Boom", body: nil).message == "Boom")
    }
}
