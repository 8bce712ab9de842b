import CanopyModel
import Foundation
import Testing

@testable import CanopyParsers

/// Large files fold testcases into tests on a second thread (`JUnitCasePipeline`); small ones
/// inline. Both must give the same tests, attempts, diagnostics and producer.
@Suite("JUnit folding on a second thread")
struct JUnitThreadedFoldingTests {
    static let inline = JUnitXMLParser(threadedFoldingThreshold: Int.max)
    static let threaded = JUnitXMLParser(threadedFoldingThreshold: 0)

    static var fixtures: [String] {
        let directory = Fixture.path("junit")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".xml") }.sorted()
    }

    @Test("every JUnit fixture reads the same folded on a second thread", arguments: fixtures)
    func fixture(_ name: String) throws {
        let path = Fixture.path("junit/" + name)
        let inline = Result { try Self.inline.parse(fileAt: path) }
        let threaded = Result { try Self.threaded.parse(fileAt: path) }
        switch (inline, threaded) {
        case (.success(let expected), .success(let actual)):
            #expect(actual.tests == expected.tests)
            #expect(actual.diagnostics == expected.diagnostics)
            #expect(actual.file == expected.file)
        case (.failure(let expected), .failure(let actual)):
            #expect("\(actual)" == "\(expected)")
        default:
            Issue.record("one mode failed and the other did not: inline \(inline), threaded \(threaded)")
        }
    }

    @Test("many batches: retries folded across batch boundaries, order and diagnostics kept")
    func manyBatches() throws {
        // 3,000 tests, each run twice far apart (the second half retries the first), plus
        // unknown elements and unnamed testcases whose diagnostics interleave by line.
        var xml = "<testsuites tests=\"3000\"><testsuite name=\"Bundle\">\n"
        for round in 0..<2 {
            for index in 0..<3_000 {
                let failing = round == 0 && index % 7 == 0
                xml += "<testcase classname=\"Suite\(index % 40)\" name=\"test\(index)()\" time=\"0.\(index % 10)\">"
                if failing { xml += "<failure message=\"Failed to tap &quot;Row-\(index)&quot; Button\"/>" }
                if index % 500 == 0 { xml += "<custom-\(round)/>" }
                xml += "</testcase>\n"
            }
        }
        xml += "<testcase classname=\"Suite0\"/>\n</testsuite></testsuites>\n"
        let path = try TemporaryFile.write(xml)
        let expected = try Self.inline.parse(fileAt: path)
        let actual = try Self.threaded.parse(fileAt: path)
        #expect(actual.tests == expected.tests)
        #expect(actual.diagnostics == expected.diagnostics)
        #expect(actual.tests.count == 3_001)
        #expect(actual.tests.filter { $0.outcome == .flaky }.count == 429)
        #expect(actual.diagnostics.contains { $0.message.contains("without a name") })
        #expect(actual.diagnostics.contains { $0.message.contains("<custom-1>") })
    }

    @Test("a malformed large file fails the same way and leaves no thread behind")
    func malformed() throws {
        var xml = "<testsuites><testsuite name=\"S\">\n"
        for index in 0..<2_000 { xml += "<testcase classname=\"A\" name=\"t\(index)\" time=\"1\"/>\n" }
        xml += "<testcase classname=\"A\" name=\"cut"
        let path = try TemporaryFile.write(xml)
        #expect(throws: ParserError.self) { try Self.threaded.parse(fileAt: path) }
        let inlineError = "\(String(describing: Result { try Self.inline.parse(fileAt: path) }))"
        let threadedError = "\(String(describing: Result { try Self.threaded.parse(fileAt: path) }))"
        #expect(inlineError == threadedError)
    }
}
