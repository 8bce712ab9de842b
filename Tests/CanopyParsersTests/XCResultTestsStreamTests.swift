import CanopyModel
import Foundation
import Testing

@testable import CanopyParsers

/// The xcresult tests JSON is streamed: the same tests and diagnostics as a document read whole,
/// in a window that does not grow with the file, within the attempt limit JUnit files have, and
/// with durations checked against `InputRange`.
@Suite("XCResultTestsParser streaming")
struct XCResultTestsStreamTests {
    static let fixtures = [
        "xcresult/xcode26-two-devices.json", "xcresult/xcode16-retries-configurations.json",
        "xcresult/swift-testing-arguments.json",
        "xcresult/swift-testing-nested-two-bundles.json", "xcresult/flaky-first-run.json",
    ]

    /// The document read whole and walked node by node: what the parser gave before it streamed.
    private func wholeDocument(_ path: String) throws -> ParsedInput {
        let document = try JSONDocument.load(path)
        let root = document.value
        let devices = XCResultDevice.list(root["devices"])
        var walker = XCResultNodeWalker(path: path, devices: devices)
        for (index, node) in (try #require(root["testNodes"]?.array)).enumerated() {
            walker.walk(node, context: XCResultNodeContext(), jsonPath: "$.testNodes[\(index)]")
        }
        var metadata = RunMetadata()
        if devices.count == 1, let device = devices.first {
            metadata.device = device.name
            metadata.osVersion = device.osVersion
        }
        let file = InputFile(path: path, format: .xcresultTests, producer: walker.producer, bytes: document.bytes)
        let configurations = (root["testPlanConfigurations"]?.array ?? []).compactMap { $0["configurationName"]?.text }
        return ParsedInput(
            file: file, tests: walker.folder.tests, metadata: metadata,
            diagnostics: document.repairs + walker.diagnostics,
            configuration: configurations.count == 1 ? configurations.first : nil)
    }

    @Test("streamed in any window and chunk size, the fixtures give what the whole document gives", arguments: fixtures)
    func sameAsWholeDocument(_ fixture: String) throws {
        let path = Fixture.path(fixture)
        let expected = try wholeDocument(path)
        #expect(!expected.tests.isEmpty)
        for (lookahead, chunk) in [(64 * 1024, 1 << 20), (0, 1), (0, 7), (200, 13), (Int.max, 4096)] {
            let streamed = try XCResultTestsParser(lookahead: lookahead, chunkSize: chunk).parse(fileAt: path)
            #expect(streamed == expected, "lookahead \(lookahead), chunk \(chunk)")
        }
    }

    @Test("devices after testNodes name the tests' devices as devices before them do")
    func devicesAfterTestNodes() throws {
        let path = Fixture.path("xcresult/xcode26-two-devices.json")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let root = try JSONReader.parse(Array(text.utf8))
        let devicesAt = try #require(text.range(of: "\"devices\""))
        #expect(text.range(of: "\"testNodes\"")!.lowerBound < devicesAt.lowerBound, "the fixture lists devices last")
        // The same document with `devices` first.
        let devices = try #require(root["devices"])
        let reordered =
            "{\"devices\": \(try encode(devices)), \"testNodes\": \(try encode(try #require(root["testNodes"])))}"
        let first = try XCResultTestsParser().parse(fileAt: try TemporaryFile.write(reordered, name: "tests.json"))
        let last = try XCResultTestsParser(lookahead: 0, chunkSize: 64).parse(fileAt: path)
        #expect(first.tests.map(\.identity) == last.tests.map(\.identity))
        #expect(first.tests.map { $0.attempts.map(\.duration) } == last.tests.map { $0.attempts.map(\.duration) })
        #expect(first.tests.map(\.outcome) == last.tests.map(\.outcome))
        #expect(last.tests.contains { $0.identity.device == "iPhone 16 Pro (18.2)" })
    }

    @Test("a large file is read in a window that does not grow with it")
    func boundedWindow() throws {
        let path = try TemporaryFile.write(Self.document(testCases: 10_000, padding: 400), name: "large.json")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size > 10_000_000)
        let (input, window) = try XCResultTestsParser().parseReportingWindow(fileAt: path)
        #expect(input.tests.count == 20_000)
        #expect(input.tests.allSatisfy { $0.attempts.count == 1 })
        #expect(window <= 2 * JSONStreamReader.chunkSize, "window \(window) bytes for a \(size)-byte file")
    }

    @Test("more attempts than the limit refuse the file, naming the line past it; the limit itself parses")
    func attemptLimit() throws {
        #expect(XCResultTestsParser().attemptLimit == JUnitLimits.testcasesPerFile)
        // Each test case is longer than the default lookahead: read on its own, not with its suite.
        let path = try TemporaryFile.write(Self.document(testCases: 10, padding: 40_000), name: "tests.json")
        let atLimit = try XCResultTestsParser(attemptLimit: 20).parse(fileAt: path)
        #expect(atLimit.tests.count == 20)
        for parser in [
            XCResultTestsParser(attemptLimit: 19), XCResultTestsParser(attemptLimit: 19, lookahead: 0, chunkSize: 16),
        ] {
            do {
                _ = try parser.parse(fileAt: path)
                Issue.record("20 attempts parsed under a limit of 19")
            } catch {
                guard case .overLimit(let errorPath, let line, let message) = error else {
                    Issue.record("expected .overLimit, got \(error)")
                    continue
                }
                #expect(errorPath == path)
                #expect(message.contains("more than 19 test attempts"))
                // One test case per line after the header: the tenth case holds attempt 20.
                #expect(line == 11)
                #expect(error.description.hasPrefix("\(path):11:"))
            }
        }
    }

    @Test(
        "a negative or absurd duration is unknown, with a warning naming the file and line",
        arguments: [
            (#""durationInSeconds": -5"#, "durationInSeconds -5.0"),
            (#""durationInSeconds": 1e16"#, "durationInSeconds 1e+16"),
            (#""durationInSeconds": -1e308"#, "durationInSeconds -1e+308"),
            // Valid JSON numbers beyond a Double's range read as infinite, then out of range.
            (#""durationInSeconds": 1e309"#, "durationInSeconds inf"),
            (#""durationInSeconds": -1E+400"#, "durationInSeconds -inf"),
            (#""durationInSeconds": 2592001"#, "durationInSeconds 2592001.0"),
            (#""duration": "-5s""#, "duration \"-5s\""),
            (#""duration": "800000h""#, "duration \"800000h\""),
        ])
    func rejectedDuration(_ member: String, _ described: String) throws {
        let text = """
            {"testNodes": [
            {"nodeType": "Test Case", "name": "testGood()", "nodeIdentifier": "A/testGood()", "result": "Passed", "durationInSeconds": 2.5},
            {"nodeType": "Test Case", "name": "testBad()", "nodeIdentifier": "A/testBad()", "result": "Passed", \(member)},
            {"nodeType": "Test Case", "name": "testBad2()", "nodeIdentifier": "A/testBad2()", "result": "Passed", \(member)}
            ]}
            """
        let path = try TemporaryFile.write(text, name: "tests.json")
        for parser in [XCResultTestsParser(), XCResultTestsParser(lookahead: 0, chunkSize: 5)] {
            let input = try parser.parse(fileAt: path)
            #expect(input.tests.map(\.attempts.first?.duration) == [2.5, nil, nil])
            let warnings = input.diagnostics.filter { $0.severity == .warning }
            #expect(warnings.count == 1)
            let warning = try #require(warnings.first)
            #expect(warning.file == path)
            #expect(warning.line == 3)
            #expect(warning.message.hasPrefix("2 duration(s) unreadable, negative or over 30 days, read as unknown"))
            #expect(warning.message.contains("the first: \(described) at $.testNodes[1]"))
        }
    }

    @Test("durations in range, zero and negative zero included, give no warning")
    func durationsInRange() throws {
        let text = """
            {"testNodes": [{"nodeType": "Test Case", "name": "a()", "nodeIdentifier": "A/a()", "result": "Passed", "durationInSeconds": -0.0},
            {"nodeType": "Test Case", "name": "b()", "nodeIdentifier": "A/b()", "result": "Passed", "durationInSeconds": 2592000},
            {"nodeType": "Test Case", "name": "c()", "nodeIdentifier": "A/c()", "result": "Passed", "duration": "1m 5s"},
            {"nodeType": "Test Case", "name": "d()", "nodeIdentifier": "A/d()", "result": "Passed", "duration": "soon"}]}
            """
        let input = try XCResultTestsParser().parse(fileAt: try TemporaryFile.write(text, name: "tests.json"))
        #expect(input.tests.map(\.attempts.first?.duration) == [0, 2_592_000, 65, nil])
        #expect(input.diagnostics.isEmpty)
    }

    @Test(
        "malformed JSON anywhere is the error a whole-document read gives, whatever the window and chunk size",
        arguments: [
            "{\"testNodes\": [\n{\"nodeType\": \"Test Case\",\n \"name\": tru}]}",
            "{\"testNodes\": [\n{\"nodeType\": \"Test Case\" \"name\": 1}]}",
            "{\"testNodes\": [\n{\"nodeType\": \"Test Case\", \"durationInSeconds\": 12e}]}",
            "{\"testNodes\": []}\n]",
            "{\"testNodes\": [{\"nodeType\":\n\"Test Suite\", \"name\": \"S\", \"children\": [",
            "{\"testNodes\": [{\"nodeType\": \"Test Suite\", \"name\": \"S\", \"children\": [{\"nodeType\": \"Test Case\", \"name\": \"a\"}}]}]}",
            "{\"devices\": [1,]}",
            "{\"testNodes\": [], \"devices\": [\n\n], \"x\": {\"a\" 1}}",
            "{\"testNodes\": [{\"nodeType\": \"Test Plan\", \"name\": \"P\", \"children\": [\"é\", 1, {\"nodeType\": \"Test Case\", \"name\": \"é\\q\"}]}]}",
        ])
    func malformedPositions(_ text: String) throws {
        var expected: JSONReadFailure?
        do { _ = try JSONReader.parse(Array(text.utf8)) } catch { expected = error }
        let failure = try #require(expected, "\(text) is well-formed")
        let path = try TemporaryFile.write(text, name: "tests.json")
        for parser in [
            XCResultTestsParser(), XCResultTestsParser(lookahead: 0, chunkSize: 3),
            XCResultTestsParser(lookahead: 0, chunkSize: 1),
        ] {
            do {
                _ = try parser.parse(fileAt: path)
                Issue.record("\(text) parsed")
            } catch {
                guard case .malformed(let errorPath, let line, let column, let message, let hint) = error else {
                    Issue.record("expected .malformed, got \(error)")
                    continue
                }
                #expect(errorPath == path)
                #expect(line == failure.line && column == failure.column, "\(text): \(message)")
                #expect(message == "invalid JSON at byte offset \(failure.offset): \(failure.message)")
                #expect(hint?.contains("truncated") == failure.truncated)
            }
        }
    }

    @Test("a whitespace-only file is malformed, an empty one empty, a non-object root an invalid value")
    func degenerateFiles() throws {
        let blank = try TemporaryFile.write(" \n ", name: "tests.json")
        #expect {
            try XCResultTestsParser().parse(fileAt: blank)
        } throws: { error in
            guard case .malformed(_, _, _, let message, _)? = error as? ParserError else { return false }
            return message.contains("a value was expected")
        }
        let empty = try TemporaryFile.write("", name: "tests.json")
        #expect(throws: ParserError.empty(path: empty)) { try XCResultTestsParser().parse(fileAt: empty) }
        let array = try TemporaryFile.write("[{\"testNodes\": []}]", name: "tests.json")
        #expect(
            throws: ParserError.invalidValue(path: array, jsonPath: "$", message: "expected an object, found an array")
        ) {
            try XCResultTestsParser().parse(fileAt: array)
        }
        let missing = try TemporaryFile.write("{\"devices\": []}", name: "tests.json")
        #expect(
            throws: ParserError.invalidValue(
                path: missing, jsonPath: "$.testNodes", message: "expected an array of test nodes, found nothing")
        ) {
            try XCResultTestsParser().parse(fileAt: missing)
        }
        let own = try TemporaryFile.write("{\"testNodes\": [], \"schema\": \"canopy.report/1\"}", name: "report.json")
        #expect(throws: ParserError.self) { try XCResultTestsParser().parse(fileAt: own) }
    }

    private func encode(_ value: JSONValue) throws -> String {
        let object = try JSONSerialization.jsonObject(
            with: Data(try Self.serialize(value).utf8), options: [.fragmentsAllowed])
        return String(
            decoding: try JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed]), as: UTF8.self)
    }

    private static func serialize(_ value: JSONValue) throws -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return "\(number)"
        case .string(let text):
            return String(
                decoding: try JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed]), as: UTF8.self)
        case .array(let items): return "[" + (try items.map(serialize).joined(separator: ",")) + "]"
        case .object(let members):
            var parts: [String] = []
            for (key, value) in zip(members.keys, members.values) {
                parts.append(try serialize(.string(key)) + ":" + serialize(value))
            }
            return "{" + parts.joined(separator: ",") + "}"
        }
    }

    /// A tests JSON of `testCases` test cases, each on two devices (two attempts), one test case
    /// per line after the first, each carrying `padding` bytes of runtime warnings.
    static func document(testCases: Int, padding: Int) -> String {
        var text =
            "{\"devices\": [{\"deviceId\": \"D1\", \"deviceName\": \"iPhone\", \"osVersion\": \"18.2\"}, {\"deviceId\": \"D2\", \"deviceName\": \"iPad\", \"osVersion\": \"18.2\"}],"
        text +=
            " \"testNodes\": [{\"nodeType\": \"Test Plan\", \"name\": \"Plan\", \"children\": [{\"nodeType\": \"UI test bundle\", \"name\": \"AppUITests\", \"children\": [{\"nodeType\": \"Test Suite\", \"name\": \"Suite\", \"children\": ["
        let warning = String(repeating: "w", count: padding)
        for index in 0..<testCases {
            let runs = ["D1", "D2"].map { device in
                "{\"nodeType\": \"Device\", \"name\": \"\(device == "D1" ? "iPhone" : "iPad")\", \"nodeIdentifier\": \"\(device)\", \"result\": \"Passed\", \"durationInSeconds\": 1.5, \"children\": [{\"nodeType\": \"Runtime Warning\", \"name\": \"\(warning)\"}]}"
            }
            text += (index == 0 ? "\n" : ",\n")
            text +=
                "{\"nodeType\": \"Test Case\", \"name\": \"test\(index)()\", \"nodeIdentifier\": \"Suite/test\(index)()\", \"result\": \"Passed\", \"children\": [\(runs.joined(separator: ", "))]}"
        }
        return text + "\n]}]}]}]}\n"
    }
}
